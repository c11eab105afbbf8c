import CSQLite

/// A column of a statement's current row, read through SQLite's value of it: the column
/// is found once (`sqlite3_column_value`), then its type and content are read from that
/// value. `sqlite3_column_type` followed by `sqlite3_column_int64` finds the column twice,
/// each call entering the connection's mutex and checking the index: about 45
/// instructions more per column.
///
/// SQLite calls this value "unprotected": reading it is safe while no other thread uses
/// the connection, and until the statement steps, resets or is finalized. A statement is
/// used by the one thread that holds its connection, and a `DirectColumn` is read at once,
/// before the statement moves on.
@usableFromInline
struct DirectColumn {
    @usableFromInline let value: OpaquePointer

    /// The column at `column` (0-based) of the current row of the statement `handle`; nil
    /// only if SQLite has no value for it (it answers `NULL` for an index out of range).
    @inlinable @inline(__always)
    init?(_ handle: OpaquePointer, _ column: Int32) {
        guard let value = sqlite3_column_value(handle, column) else { return nil }
        self.value = value
    }

    /// The column's SQLite type: ``integerClass``, ``realClass``, ``textClass``, `SQLITE_BLOB`
    /// or ``nullClass``.
    @inlinable
    var storageClass: Int32 { sqlite3_value_type(value) }

    /// The storage class of an integer, for the layers above, which do not see SQLite's constants.
    @inlinable static var integerClass: Int32 { SQLITE_INTEGER }
    /// The storage class of a real.
    @inlinable static var realClass: Int32 { SQLITE_FLOAT }
    /// The storage class of text.
    @inlinable static var textClass: Int32 { SQLITE_TEXT }
    /// The storage class of `NULL`.
    @inlinable static var nullClass: Int32 { SQLITE_NULL }

    /// The column's integer; meaningful when it holds one.
    @inlinable
    var integer: Int64 { sqlite3_value_int64(value) }

    /// The column's real; meaningful when it holds one.
    @inlinable
    var real: Double { sqlite3_value_double(value) }

    /// The column's text, decoded as `Statement`'s values are (invalid UTF-8 repaired);
    /// meaningful when it holds text.
    var text: String {
        let count = Int(sqlite3_value_bytes(value))
        guard count > 0, let start = sqlite3_value_text(value) else { return "" }
        return String(decoding: UnsafeBufferPointer(start: start, count: count), as: UTF8.self)
    }
}

/// A standard type that a record's decoder reads straight from a statement's column when
/// the column holds the SQLite type it is stored as, without making a ``Value``. Anything
/// else (another storage class, an integer out of range, `NULL`) is left to
/// ``DatabaseValueConvertible/init(databaseValue:)``, which converts it or says why not.
protocol DirectlyDecodable: DatabaseValueConvertible, Decodable {
    /// The value of `column` when it holds this type's own storage class and fits; nil
    /// otherwise.
    static func direct(_ column: DirectColumn) -> Self?
}

extension DirectlyDecodable where Self: FixedWidthInteger {
    /// An integer column's value, when it fits.
    @inline(__always)
    static func direct(_ column: DirectColumn) -> Self? {
        column.storageClass == SQLITE_INTEGER ? Self(exactly: column.integer) : nil
    }
}

extension Int: DirectlyDecodable {}
extension Int8: DirectlyDecodable {}
extension Int16: DirectlyDecodable {}
extension Int32: DirectlyDecodable {}
extension Int64: DirectlyDecodable {}
extension UInt: DirectlyDecodable {}
extension UInt8: DirectlyDecodable {}
extension UInt16: DirectlyDecodable {}
extension UInt32: DirectlyDecodable {}
extension UInt64: DirectlyDecodable {}

extension Double: DirectlyDecodable {
    /// A real column's value.
    @inline(__always)
    static func direct(_ column: DirectColumn) -> Double? {
        column.storageClass == SQLITE_FLOAT ? column.real : nil
    }
}

extension Float: DirectlyDecodable {
    /// A real column's value, rounded to the nearest `Float`.
    @inline(__always)
    static func direct(_ column: DirectColumn) -> Float? {
        Double.direct(column).map(Float.init)
    }
}

extension String: DirectlyDecodable {
    /// A text column's value.
    @inline(__always)
    static func direct(_ column: DirectColumn) -> String? {
        column.storageClass == SQLITE_TEXT ? column.text : nil
    }
}

extension Bool: DirectlyDecodable {
    /// An integer column's value: `false` for 0, `true` for any other.
    @inline(__always)
    static func direct(_ column: DirectColumn) -> Bool? {
        column.storageClass == SQLITE_INTEGER ? column.integer != 0 : nil
    }
}
