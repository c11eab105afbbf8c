extension Inspector {
    /// The schema of the table or view named `name` (matched case-insensitively, as SQL
    /// does), or an ``InspectionError/unknownTable(_:)``.
    public func schema(ofTable name: String) throws -> TableSchema {
        try database.read { connection in
            let entry = try connection.tableEntry(named: name)
            let triggers = try connection.schemaEntries(types: ["trigger"], ofTable: entry.name).map { trigger in
                TriggerSchema(name: trigger.name, sql: trigger.sql ?? "")
            }
            return TableSchema(
                name: entry.name, kind: TableKind(type: entry.type, sql: entry.sql), sql: entry.sql,
                columns: try ColumnSchema.columns(of: entry.name, in: connection),
                indexes: try IndexSchema.indexes(of: entry.name, in: connection),
                foreignKeys: try ForeignKeySchema.foreignKeys(of: entry.name, in: connection),
                triggers: triggers)
        }
    }

    /// The whole schema as SQL: the `CREATE` statements of every table, index, view and
    /// trigger, in creation order (so that it can be replayed), each ending with `;` and
    /// a line break. SQLite's internal objects are left out.
    public func schemaSQL() throws -> String {
        try database.read { connection in
            try connection.fetchAll(
                "SELECT sql FROM sqlite_master WHERE sql IS NOT NULL AND \(SchemaEntry.isUserObject) ORDER BY rowid"
            ).map { try $0.decode(String.self, at: 0) + ";\n" }.joined()
        }
    }
}
