/// What kind of relation a schema entry is.
public enum TableKind: String, Sendable, Hashable, Encodable {
    /// An ordinary table.
    case table
    /// A virtual table (`CREATE VIRTUAL TABLE`), such as a full-text index.
    case virtualTable = "virtual table"
    /// A view (`CREATE VIEW`).
    case view

    /// The kind of a `sqlite_schema` entry from its `type` column and creation SQL.
    init(type: String, sql: String?) {
        if type == "view" {
            self = .view
        } else if let sql, SQLTokens(sql).isKeyword("VIRTUAL", at: 1) {
            self = .virtualTable
        } else {
            self = .table
        }
    }
}

/// A table or view of a database, with its number of rows.
public struct TableSummary: Sendable, Hashable, Encodable {
    /// The table's name, as the schema spells it.
    public let name: String

    /// Whether it is a table, a virtual table or a view.
    public let kind: TableKind

    /// The number of rows, or nil when they cannot be counted (a virtual table whose
    /// module is not available, a view over a table that no longer exists).
    public let rowCount: Int?
}
