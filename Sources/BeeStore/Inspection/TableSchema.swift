/// Everything the schema says about one table or view: its columns, indexes, foreign
/// keys and triggers, its `CREATE` statement and its options.
public struct TableSchema: Sendable, Hashable, Encodable {
    /// The table's name, as the schema spells it.
    public let name: String

    /// Whether it is a table, a virtual table or a view.
    public let kind: TableKind

    /// The `CREATE` statement (a view's `CREATE VIEW … AS SELECT …`), when SQLite keeps one.
    public let sql: String?

    /// Whether the table is `STRICT`.
    public let isStrict: Bool

    /// Whether the table is `WITHOUT ROWID`.
    public let isWithoutRowID: Bool

    /// A virtual table's module (`"fts5"`), nil for other kinds.
    public let module: String?

    /// The arguments a virtual table gives its module, as written (`"body, tokenize=porter"`).
    public let moduleArguments: String?

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
