import CSQLite

/// A column value of a statement's current row, read in place: text and blob bytes point
/// into SQLite's memory and stay valid only until the statement steps again.
enum ColumnValue {
    /// SQL `NULL`.
    case null
    /// A 64-bit signed integer.
    case integer(Int64)
    /// A 64-bit floating point number.
    case real(Double)
    /// Text as SQLite stores it: UTF-8 bytes, not necessarily valid UTF-8.
    case text(UnsafeBufferPointer<UInt8>)
    /// Bytes.
    case blob(UnsafeRawBufferPointer)
}

/// The current row of a statement being stepped, read without copying its values (see
/// ``Statement/forEachCursor(_:_:)``).
struct RowCursor {
    fileprivate let handle: OpaquePointer

    /// The number of columns.
    let columnCount: Int

    /// The value of the column at `index` (0-based), valid until the statement steps again.
    func value(at index: Int) -> ColumnValue {
        Self.value(of: handle, at: Int32(index))
    }

    /// The value of a column of the current row of the statement `handle`, read in place.
    @inline(__always)
    static func value(of handle: OpaquePointer, at column: Int32) -> ColumnValue {
        switch sqlite3_column_type(handle, column) {
        case SQLITE_INTEGER:
            return .integer(sqlite3_column_int64(handle, column))
        case SQLITE_FLOAT:
            return .real(sqlite3_column_double(handle, column))
        case SQLITE_TEXT:
            let start = sqlite3_column_text(handle, column)
            let count = Int(sqlite3_column_bytes(handle, column))
            return .text(UnsafeBufferPointer(start: count > 0 ? start : nil, count: start == nil ? 0 : count))
        case SQLITE_BLOB:
            let start = sqlite3_column_blob(handle, column)
            let count = Int(sqlite3_column_bytes(handle, column))
            return .blob(UnsafeRawBufferPointer(start: count > 0 ? start : nil, count: start == nil ? 0 : count))
        default:
            return .null
        }
    }
}

extension Statement {
    /// Runs the statement, calling `body` with a cursor on each row as it is stepped: rows
    /// are neither copied nor kept. Throwing from `body` stops the iteration; so does
    /// returning false.
    func forEachCursor(_ arguments: StatementArguments, _ body: (RowCursor) throws -> Bool) throws {
        try run(arguments) {
            let cursor = RowCursor(handle: handle, columnCount: columnCount)
            while try step() {
                guard try body(cursor) else { return }
            }
        }
    }
}
