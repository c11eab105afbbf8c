extension Inspector {
    /// The schema of the table or view named `name` (ASCII letters in either case, as SQL
    /// does), or an ``InspectionError/unknownTable(_:)``.
    public func schema(ofTable name: String) throws -> TableSchema {
        try database.read { connection in
            try TableSchema(entry: try connection.tableEntry(named: name), in: connection)
        }
    }

    /// The schema of every table and view (SQLite's own `sqlite_` tables excepted), sorted
    /// by name.
    public func schemas() throws -> [TableSchema] {
        try database.read { connection in
            try connection.catalog.entries(types: ["table", "view"]).map { try TableSchema(entry: $0, in: connection) }
        }
    }

    /// The whole schema as SQL: the `CREATE` statements of every table, index, view and
    /// trigger, in creation order (so that it can be replayed), each ending with `;` and
    /// a line break. SQLite's internal objects are left out.
    public func schemaSQL() throws -> String {
        try database.read { connection in
            try connection.catalog.entriesInCreationOrder().map { ($0.sql ?? "") + ";\n" }.joined()
        }
    }
}

extension TableSchema {
    /// The schema of the table or view of a schema entry.
    fileprivate init(entry: SchemaEntry, in connection: Connection) throws {
        let kind = TableKind(type: entry.type, sql: entry.sql)
        let options = try connection.catalog.options(of: entry.name)
        let module = kind == .virtualTable ? entry.sql.flatMap { SQLTokens($0).virtualTableModule } : nil
        let triggers = try connection.catalog.entries(types: ["trigger"], ofTable: entry.name).map { trigger in
            TriggerSchema(name: trigger.name, sql: trigger.sql ?? "")
        }
        self.init(
            name: entry.name, kind: kind, sql: entry.sql,
            isStrict: options.isStrict, isWithoutRowID: options.isWithoutRowID,
            module: module?.name, moduleArguments: module?.arguments,
            columns: try ColumnSchema.columns(of: entry.name, sql: kind == .table ? entry.sql : nil, in: connection),
            indexes: try IndexSchema.indexes(of: entry.name, in: connection),
            foreignKeys: try connection.catalog.foreignKeys(of: entry.name),
            triggers: triggers)
    }
}

extension Connection {
    /// The schema entry of the table or view named `name`, ASCII letters in either case, as
    /// SQL does (the schema table `sqlite_master` too), or an ``InspectionError/unknownTable(_:)``.
    func tableEntry(named name: String) throws -> SchemaEntry {
        if let entry = try catalog.entry(named: name, types: ["table", "view"]) { return entry }
        guard let schemaTable = SchemaEntry.schemaTable(named: name) else { throw InspectionError.unknownTable(name) }
        return schemaTable
    }
}
