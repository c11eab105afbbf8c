/// One object of a database's schema: a table, index, view or trigger, with the SQL that
/// created it.
struct SchemaEntry: Hashable {
    let type: String
    let name: String
    let tableName: String
    let sql: String?

    init(type: String, name: String, tableName: String, sql: String?) {
        self.type = type
        self.name = name
        self.tableName = tableName
        self.sql = sql
    }

    /// The schema table itself, which has no row of its own: `sqlite_master` (or its other
    /// name, `sqlite_schema`), which SQLite lets any query read, when `name` is one of its
    /// names (ASCII letters in either case).
    static func schemaTable(named name: String) -> SchemaEntry? {
        guard ["sqlite_master", "sqlite_schema"].contains(where: { $0.isSameSQLName(as: name) }) else { return nil }
        return SchemaEntry(type: "table", name: "sqlite_master", tableName: "sqlite_master", sql: nil)
    }
}
