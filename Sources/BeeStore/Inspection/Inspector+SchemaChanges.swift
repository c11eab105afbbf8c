extension Inspector {
    /// Creates an index of `table` on `columns`, in key order, and returns its name:
    /// `name`, else `<table>_on_<columns>` as ``TableDefinition/index(on:unique:named:)``
    /// names one. The table and its columns are matched as SQLite matches names (ASCII
    /// letters in either case) and written as the schema spells them; a missing one is an
    /// ``InspectionError``, and so is an index that exists already, unless `ifNotExists`.
    /// A `unique` index that the rows already break is SQLite's error, and nothing is
    /// created.
    @discardableResult
    public func createIndex(
        on table: String, columns: [String], unique: Bool = false, named name: String? = nil, ifNotExists: Bool = false
    ) throws -> String {
        try database.write { connection in
            let (table, columns) = try connection.tableAndColumns(table, columns)
            let indexName = name ?? TableDefinition.indexName(table: table, columns: columns)
            // Each column is written `table.column`, so that one whose name holds a dot stays whole.
            let definition = TableDefinition(database: database, name: table)
                .index(on: columns.map { table + "." + $0 }, unique: unique, named: indexName)
            if !ifNotExists, try connection.catalog.entry(named: indexName, types: ["index"]) != nil {
                throw InspectionError.existingIndex(indexName)
            }
            for statement in try definition.createIndexStatements(ifNotExists: ifNotExists) {
                try connection.execute(statement)
            }
            return indexName
        }
    }

    /// Adds a column to `table`, declared with `type`, `NOT NULL` when
    /// `notNull`, and `DEFAULT defaultValue` when one is given: existing rows take the
    /// default. A `NOT NULL` column needs a default other than `NULL`, else it is an
    /// ``InspectionError/notNullWithoutDefault(column:table:)``; a column the table has
    /// already (ASCII letters in either case) is SQLite's error. A real default is stored
    /// exactly, or refused (see ``QueryError/inexactDefault(table:column:value:read:)``).
    public func addColumn(
        _ column: String, type: ColumnType = .text, to table: String, notNull: Bool = false, defaultValue: Value? = nil
    ) throws {
        if notNull, defaultValue == nil || defaultValue == .null {
            throw InspectionError.notNullWithoutDefault(column: column, table: table)
        }
        try database.write { connection in
            let table = try connection.tableAndColumns(table, []).table
            var definition = TableDefinition(database: database, name: table).field(table + "." + column, type)
            if notNull { definition = definition.notNull() }
            if let defaultValue { definition = definition.defaultValue(defaultValue) }
            try connection.addColumns(definition)
        }
    }
}

extension Connection {
    /// The table named `table` and its columns named `columns`, as the schema spells them
    /// (ASCII letters in either case match); an ``InspectionError`` for a view or a name
    /// that matches nothing.
    func tableAndColumns(_ table: String, _ columns: [String]) throws -> (table: String, columns: [String]) {
        guard let entry = try catalog.entry(named: table, types: ["table"]) else { throw InspectionError.unknownTable(table) }
        let known = try catalog.columns(of: entry.name)
        let names = try columns.map { column in
            guard let match = known.first(where: { $0.name.isSameSQLName(as: column) }) else {
                throw InspectionError.unknownColumn(column, table: entry.name)
            }
            return match.name
        }
        return (entry.name, names)
    }
}
