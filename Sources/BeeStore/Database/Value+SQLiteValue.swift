import CSQLite
import Foundation

extension Value {
    /// A copy of one of SQLite's `sqlite3_value` objects (a changeset's value), decoded
    /// as statement columns are (text not valid UTF-8 repaired).
    init(copying value: OpaquePointer) {
        switch sqlite3_value_type(value) {
        case SQLITE_INTEGER:
            self = .integer(sqlite3_value_int64(value))
        case SQLITE_FLOAT:
            self = .real(sqlite3_value_double(value))
        case SQLITE_TEXT:
            let count = Int(sqlite3_value_bytes(value))
            let start = sqlite3_value_text(value)
            self = .text(String(decoding: UnsafeBufferPointer(start: count > 0 ? start : nil, count: start == nil ? 0 : count), as: UTF8.self))
        case SQLITE_BLOB:
            let count = Int(sqlite3_value_bytes(value))
            let start = sqlite3_value_blob(value)
            self = .blob(start.map { Data(bytes: $0, count: count) } ?? Data())
        default:
            self = .null
        }
    }
}
