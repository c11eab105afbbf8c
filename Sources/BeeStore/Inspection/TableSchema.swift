/// Everything the schema says about one table or view: its columns, indexes, foreign
/// keys and triggers.
public struct TableSchema: Sendable, Hashable {
    /// The table's name, as the schema spells it.
    public let name: String

    /// Whether it is a table, a virtual table or a view.
    public let kind: TableKind

    /// The `CREATE` statement, when SQLite keeps one.
    public let sql: String?

    /// The columns, in table order.
    public let columns: [ColumnSchema]

    /// The indexes, sorted by name.
    public let indexes: [IndexSchema]

    /// The foreign keys, in declaration order.
    public let foreignKeys: [ForeignKeySchema]

    /// The triggers, sorted by name.
    public let triggers: [TriggerSchema]

    /// The primary key's columns in key order; empty when the table has no declared
    /// primary key (it then has only its implicit `rowid`).
    public var primaryKey: [String] {
        columns.compactMap { column in column.primaryKeyPosition.map { (column.name, $0) } }
            .sorted { $0.1 < $1.1 }
            .map(\.0)
    }
}
