import CSQLite

/// A parameter of a prepared statement, bound by a call inlined where a record writes its
/// columns: ``Statement``'s own binds are calls into this module, about 30 instructions
/// each beside SQLite's. A bind that SQLite refuses answers false, and the caller binds
/// again through ``Statement``, which throws the error.
///
/// The statement is used by the one thread that holds its connection, and a
/// `DirectParameter` is bound at once, while the statement is neither stepping nor
/// finalized.
@usableFromInline
struct DirectParameter {
    @usableFromInline let statement: OpaquePointer
    @usableFromInline let index: Int32

    /// The parameter at `index` (1-based) of the statement `statement`.
    @inlinable @inline(__always)
    init(_ statement: OpaquePointer, _ index: Int32) {
        self.statement = statement
        self.index = index
    }

    /// Binds an integer; false when SQLite refuses it.
    @inlinable @inline(__always)
    func bind(_ value: Int64) -> Bool {
        sqlite3_bind_int64(statement, index, value) == SQLITE_OK
    }

    /// Binds a double, which must not be NaN (SQLite would store `NULL`); false when
    /// SQLite refuses it.
    @inlinable @inline(__always)
    func bind(_ value: Double) -> Bool {
        sqlite3_bind_double(statement, index, value) == SQLITE_OK
    }

    /// Binds text, which SQLite copies; false when SQLite refuses it.
    @inlinable @inline(__always)
    func bind(_ text: String) -> Bool {
        bindText(text) == SQLITE_OK
    }

    /// Binds text, which SQLite copies (an empty string is empty text, not `NULL`), and
    /// answers SQLite's result code.
    @usableFromInline
    func bindText(_ text: String) -> Int32 {
        var text = text
        return text.withUTF8 { buffer in
            guard let base = buffer.baseAddress, buffer.count > 0 else {
                return sqlite3_bind_text(statement, index, "", 0, transientDestructor)
            }
            return base.withMemoryRebound(to: CChar.self, capacity: buffer.count) { characters in
                sqlite3_bind_text64(
                    statement, index, characters, UInt64(buffer.count), transientDestructor, UInt8(SQLITE_UTF8))
            }
        }
    }

    /// Binds `NULL`; false when SQLite refuses it.
    @inlinable @inline(__always)
    func bindNull() -> Bool {
        sqlite3_bind_null(statement, index) == SQLITE_OK
    }
}
