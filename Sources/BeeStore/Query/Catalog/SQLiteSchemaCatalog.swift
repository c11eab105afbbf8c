// SQLite island: SQLite describes its schema in its schema table (`sqlite_master`) and in
// table-valued PRAGMA functions (`pragma_table_xinfo`, `pragma_index_list`, …), which no
// other database has; this file is the one place that reads them.

/// The schema of a SQLite database as SQLite's catalog describes it: the tables, views,
/// indexes and triggers, their columns, indexes and foreign keys. Inspection, records,
/// migrations and the database core learn about a schema only through it.
struct SQLiteSchemaCatalog {
    let connection: Connection

    /// The columns of an entry, in the order ``SchemaEntry`` reads them.
    private static let entryColumns = "SELECT type, name, tbl_name, sql FROM sqlite_master"

    /// A condition leaving out SQLite's internal objects (`sqlite_sequence`, `sqlite_autoindex_…`).
    private static let isUserObject = "name NOT LIKE 'sqlite\\_%' ESCAPE '\\'"

    private static func entry(_ row: Row) throws -> SchemaEntry {
        SchemaEntry(
            type: try row.decode(String.self, at: 0), name: try row.decode(String.self, at: 1),
            tableName: try row.decode(String.self, at: 2), sql: try row.decode(String?.self, at: 3))
    }

    /// The entries of the given types, sorted by name, SQLite's internal `sqlite_` objects
    /// excepted; only those of `table` when it is given.
    func entries(types: [String], ofTable table: String? = nil) throws -> [SchemaEntry] {
        let placeholders = Array(repeating: "?", count: types.count).joined(separator: ", ")
        var sql = Self.entryColumns + " WHERE type IN (\(placeholders)) AND \(Self.isUserObject)"
        var arguments = types.map(Value.text)
        if let table {
            sql += " AND tbl_name = ?"
            arguments.append(.text(table))
        }
        return try connection.fetchAll(sql + " ORDER BY name", StatementArguments(values: arguments)).map(Self.entry)
    }

    /// The entry of one of `types` named `name`, ASCII letters in either case as SQL
    /// compares names, or nil.
    func entry(named name: String, types: [String]) throws -> SchemaEntry? {
        let placeholders = Array(repeating: "?", count: types.count).joined(separator: ", ")
        let sql = Self.entryColumns + " WHERE type IN (\(placeholders)) AND name = ? COLLATE NOCASE"
        return try connection.fetchOne(sql, StatementArguments(values: types.map(Value.text) + [.text(name)]))
            .map(Self.entry)
    }

    /// Whether the database has a table named `name` (ASCII letters in either case).
    func hasTable(named name: String) throws -> Bool {
        try entry(named: name, types: ["table"]) != nil
    }

    /// Every entry that has SQL (SQLite's internal objects excepted), in creation order:
    /// replaying their SQL in this order recreates the schema.
    func entriesInCreationOrder() throws -> [SchemaEntry] {
        try connection.fetchAll(Self.entryColumns + " WHERE sql IS NOT NULL AND \(Self.isUserObject) ORDER BY rowid")
            .map(Self.entry)
    }

    /// The columns of `table` (or view) in order, the hidden columns of virtual tables
    /// excepted, generated columns included; none when there is no such table.
    func columns(of table: String) throws -> [CatalogColumn] {
        let rows = try connection.fetchAll(
            "SELECT name, type, \"notnull\", dflt_value, pk, hidden FROM pragma_table_xinfo(?) WHERE hidden <> 1 ORDER BY cid",
            [table])
        return try rows.map { row in
            let position = try row.decode(Int.self, at: 4)
            let storage: CatalogColumn.Storage =
                switch try row.decode(Int.self, at: 5) {
                case 2: .generatedVirtual
                case 3: .generatedStored
                default: .ordinary
                }
            return CatalogColumn(
                name: try row.decode(String.self, at: 0), declaredType: try row.decode(String?.self, at: 1) ?? "",
                isNotNull: try row.decode(Bool.self, at: 2), defaultSQL: try row.decode(String?.self, at: 3),
                primaryKeyPosition: position > 0 ? position : nil, storage: storage)
        }
    }

    /// Whether `table` is a `WITHOUT ROWID` table and a `STRICT` one; both false for a
    /// view or a missing table.
    func options(of table: String) throws -> (isWithoutRowID: Bool, isStrict: Bool) {
        let row = try connection.fetchOne(
            "SELECT wr, strict FROM pragma_table_list WHERE schema = 'main' AND name = ?", [table])
        return (try row?.decode(Bool.self, at: 0) ?? false, try row?.decode(Bool.self, at: 1) ?? false)
    }

    /// The foreign keys of `table`, in declaration order.
    func foreignKeys(of table: String) throws -> [ForeignKeySchema] {
        let rows = try connection.fetchAll(
            "SELECT id, \"from\", \"to\", \"table\", on_update, on_delete FROM pragma_foreign_key_list(?) ORDER BY id DESC, seq",
            [table])
        var groups: [(id: Int, first: Row, rows: [Row])] = []
        for row in rows {
            let id = try row.decode(Int.self, at: 0)
            if let last = groups.last, last.id == id {
                groups[groups.count - 1].rows.append(row)
            } else {
                groups.append((id, row, [row]))
            }
        }
        return try groups.map { group in
            ForeignKeySchema(
                columns: try group.rows.map { try $0.decode(String.self, at: 1) },
                referencedTable: try group.first.decode(String.self, at: 3),
                referencedColumns: try group.rows.compactMap { try $0.decode(String?.self, at: 2) },
                onUpdate: try group.first.decode(String.self, at: 4), onDelete: try group.first.decode(String.self, at: 5))
        }
    }

    /// The indexes of `table`, sorted by name, with the SQL that created them (nil for
    /// those SQLite made for a constraint).
    func indexes(of table: String) throws -> [CatalogIndex] {
        let rows = try connection.fetchAll(
            """
            SELECT l.name, l."unique", l.origin, l.partial, m.sql FROM pragma_index_list(?) AS l
            LEFT JOIN sqlite_master AS m ON m.type = 'index' AND m.name = l.name ORDER BY l.name
            """, [table])
        return try rows.map { row in
            let name = try row.decode(String.self, at: 0)
            return CatalogIndex(
                name: name, keys: try keys(ofIndex: name), isUnique: try row.decode(Bool.self, at: 1),
                origin: try row.decode(String.self, at: 2), isPartial: try row.decode(Bool.self, at: 3),
                sql: try row.decode(String?.self, at: 4))
        }
    }

    /// The keys of the index `index`, in order; an indexed expression has no name.
    func keys(ofIndex index: String) throws -> [CatalogIndex.Key] {
        try connection.fetchAll(
            "SELECT name, coll, \"desc\" FROM pragma_index_xinfo(?) WHERE key = 1 ORDER BY seqno", [index]
        ).map { key in
            CatalogIndex.Key(
                column: try key.decode(String?.self, at: 0), collation: try key.decode(String?.self, at: 1) ?? "BINARY",
                isDescending: try key.decode(Bool.self, at: 2))
        }
    }

    /// The rows whose foreign keys reference missing rows, at most `limit` of them.
    func foreignKeyViolations(limit: Int) throws -> [ForeignKeyViolation] {
        try connection.fetchAll("SELECT \"table\", rowid, parent, fkid FROM pragma_foreign_key_check LIMIT ?", [limit])
            .map { row in
                ForeignKeyViolation(
                    table: try row.decode(at: 0), rowID: try row.decode(at: 1),
                    referencedTable: try row.decode(at: 2), foreignKeyIndex: try row.decode(at: 3))
            }
    }
}

extension Connection {
    /// The schema catalog of the connection's database.
    var catalog: SQLiteSchemaCatalog {
        SQLiteSchemaCatalog(connection: self)
    }

    /// The rows of the database whose foreign keys reference missing rows, at most `limit` of them.
    public func foreignKeyViolations(limit: Int = 100) throws -> [ForeignKeyViolation] {
        try catalog.foreignKeyViolations(limit: limit)
    }
}
