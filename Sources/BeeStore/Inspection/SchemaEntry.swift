/// One row of `sqlite_schema`: a table, index, view or trigger.
struct SchemaEntry: Hashable {
    let type: String
    let name: String
    let tableName: String
    let sql: String?

    /// The columns ``init(row:)`` reads, in order.
    static let selection = "SELECT type, name, tbl_name, sql FROM sqlite_master"

    /// A condition leaving out SQLite's internal objects (`sqlite_sequence`, `sqlite_autoindex_…`).
    static let isUserObject = "name NOT LIKE 'sqlite\\_%' ESCAPE '\\'"

    init(row: Row) throws {
        type = try row.decode(String.self, at: 0)
        name = try row.decode(String.self, at: 1)
        tableName = try row.decode(String.self, at: 2)
        sql = try row.decode(String?.self, at: 3)
    }

    /// The schema table itself, which has no row of its own: `sqlite_master` (or its other
    /// name, `sqlite_schema`), which SQLite lets any query read.
    private init(schemaTableNamed name: String) {
        type = "table"
        self.name = name
        tableName = name
        sql = nil
    }

    /// The schema table's entry, named `sqlite_master` (which qualifies its columns in every
    /// version), when `name` is one of its names (ASCII letters in either case).
    static func schemaTable(named name: String) -> SchemaEntry? {
        guard ["sqlite_master", "sqlite_schema"].contains(where: { $0.isSameSQLName(as: name) }) else { return nil }
        return SchemaEntry(schemaTableNamed: "sqlite_master")
    }
}

extension Connection {
    /// The schema entries of the given types, sorted by name, SQLite's internal
    /// `sqlite_` objects excepted; only those of `table` when it is given.
    func schemaEntries(types: [String], ofTable table: String? = nil) throws -> [SchemaEntry] {
        let placeholders = Array(repeating: "?", count: types.count).joined(separator: ", ")
        var sql = SchemaEntry.selection + " WHERE type IN (\(placeholders)) AND \(SchemaEntry.isUserObject)"
        var arguments = types.map(Value.text)
        if let table {
            sql += " AND tbl_name = ?"
            arguments.append(.text(table))
        }
        return try fetchAll(sql + " ORDER BY name", StatementArguments(values: arguments)).map(SchemaEntry.init(row:))
    }

    /// The schema entry of the table or view named `name`, ASCII letters in either case, as
    /// SQL does (the schema table `sqlite_master` too), or an ``InspectionError/unknownTable(_:)``.
    func tableEntry(named name: String) throws -> SchemaEntry {
        let sql = SchemaEntry.selection + " WHERE type IN ('table', 'view') AND name = ? COLLATE NOCASE"
        guard let row = try fetchOne(sql, [name]) else {
            guard let schemaTable = SchemaEntry.schemaTable(named: name) else { throw InspectionError.unknownTable(name) }
            return schemaTable
        }
        return try SchemaEntry(row: row)
    }
}
