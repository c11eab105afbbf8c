import Foundation

/// A column's type where a server database has a type of its own for what SQLite keeps in
/// one of its storage classes: PostgreSQL's `BOOLEAN`, `TIMESTAMPTZ`, `UUID`, `NUMERIC`
/// and `JSONB`. SQLite's definitions keep the column's ``ColumnType``.
package enum NativeColumnType: Sendable, Hashable {
    case boolean
    case timestamp
    case uuid
    case decimal
    case json

    /// The native type of a Swift value type stored in a column, if it has one.
    package static func of(_ type: Any.Type) -> NativeColumnType? {
        if type == Bool.self { return .boolean }
        if type == Date.self { return .timestamp }
        if type == UUID.self { return .uuid }
        if type == Decimal.self { return .decimal }
        return nil
    }

    /// The type's name in PostgreSQL.
    var postgreSQLName: String {
        switch self {
        case .boolean: "BOOLEAN"
        case .timestamp: "TIMESTAMPTZ"
        case .uuid: "UUID"
        case .decimal: "NUMERIC"
        case .json: "JSONB"
        }
    }
}
