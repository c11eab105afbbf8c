extension TableDefinition {
    /// The `CREATE TABLE` statement followed by the `CREATE INDEX` statements.
    public func createStatements(ifNotExists: Bool) throws -> [SQLStatement] {
        try validate()
        let guardClause = ifNotExists ? "IF NOT EXISTS " : ""
        var definitions = fields.map(render)
        if let tablePrimaryKey {
            definitions.append("PRIMARY KEY (\(tablePrimaryKey.map(SQLRenderer.quoteSimple).joined(separator: ", ")))")
        }
        let table = SQLStatement(
            sql: "CREATE TABLE \(guardClause)\(SQLRenderer.quoteSimple(name)) (\(definitions.joined(separator: ", ")))")
        return [table] + indexStatements(guardClause: guardClause)
    }

    /// The `CREATE INDEX IF NOT EXISTS` statements of the defined indexes, whatever the fields.
    public func createIndexStatements() throws -> [SQLStatement] {
        if let misuse { throw misuse }
        if name.isEmpty { throw QueryError.emptyName("table") }
        return indexStatements(guardClause: "IF NOT EXISTS ")
    }

    private func indexStatements(guardClause: String) -> [SQLStatement] {
        indexes.map { index in
            SQLStatement(
                sql: "CREATE \(index.isUnique ? "UNIQUE " : "")INDEX \(guardClause)\(SQLRenderer.quoteSimple(index.name)) "
                    + "ON \(SQLRenderer.quoteSimple(name)) (\(index.columns.map(SQLRenderer.quoteSimple).joined(separator: ", ")))")
        }
    }

    /// The `ALTER TABLE … ADD COLUMN` statements adding every defined field, then the
    /// `CREATE INDEX IF NOT EXISTS` statements of the defined indexes.
    public func addColumnStatements() throws -> [SQLStatement] {
        try validate()
        let columns = fields.map { field in
            SQLStatement(sql: "ALTER TABLE \(SQLRenderer.quoteSimple(name)) ADD COLUMN \(render(field))")
        }
        return columns + (try createStatements(ifNotExists: true).dropFirst())
    }

    /// Creates the table and its indexes, in one transaction ({Bee}'s `CREATE`).
    public func create() throws {
        try run(createStatements(ifNotExists: false))
    }

    /// Creates the table and its indexes unless they exist ({Bee}'s `CREATE_IF_NOT_EXISTS`).
    public func createIfNotExists() throws {
        try run(createStatements(ifNotExists: true))
    }

    /// Adds the defined fields as new columns of the existing table (and creates the
    /// defined indexes), in one transaction: all are added or none.
    public func addColumns() throws {
        try run(addColumnStatements())
    }

    /// Creates the defined indexes on the existing table unless they exist ({Bee}'s
    /// `INDEX_ON` on its own): `db.table("blogs").index(on: "title").createIndexes()`.
    public func createIndexes() throws {
        try run(createIndexStatements())
    }

    /// Drops the table; an error if it does not exist.
    public func drop() throws {
        try run([SQLStatement(sql: "DROP TABLE \(SQLRenderer.quoteSimple(name))")])
    }

    /// Drops the table if it exists.
    public func dropIfExists() throws {
        try run([SQLStatement(sql: "DROP TABLE IF EXISTS \(SQLRenderer.quoteSimple(name))")])
    }

    private func run(_ statements: [SQLStatement]) throws {
        try database.write { connection in
            for statement in statements {
                try connection.execute(statement.sql, statement.statementArguments)
            }
        }
    }

    private func validate() throws {
        if let misuse { throw misuse }
        if name.isEmpty { throw QueryError.emptyName("table") }
        guard !fields.isEmpty else { throw QueryError.noField(table: name) }
        if fields.contains(where: { $0.name.isEmpty }) { throw QueryError.emptyName("field") }
        let fieldKeys = fields.filter(\.isPrimaryKey).count
        if fieldKeys > 1 || (fieldKeys == 1 && tablePrimaryKey != nil) {
            throw QueryError.conflictingPrimaryKey(table: name)
        }
        if let field = fields.first(where: { $0.isAutoIncrement && !($0.isPrimaryKey && $0.type == .integer) }) {
            throw QueryError.invalidAutoIncrement(table: name, column: field.name)
        }
    }

    private func render(_ field: FieldDefinition) -> String {
        var parts = [SQLRenderer.quoteSimple(field.name)]
        // An INTEGER PRIMARY KEY aliases the row id only when its type is exactly INTEGER.
        if let size = field.size, !(field.isPrimaryKey && field.type == .integer) {
            parts.append("\(field.type.rawValue)(\(size))")
        } else {
            parts.append(field.type.rawValue)
        }
        if field.isPrimaryKey { parts.append(field.isAutoIncrement ? "PRIMARY KEY AUTOINCREMENT" : "PRIMARY KEY") }
        if field.isNotNull { parts.append("NOT NULL") }
        if field.isUnique { parts.append("UNIQUE") }
        if let value = field.defaultValue { parts.append("DEFAULT \(SQLRenderer.literal(value))") }
        if field.isUnsigned { parts.append("CHECK (\(SQLRenderer.quoteSimple(field.name)) >= 0)") }
        if let reference = field.reference {
            var clause = "REFERENCES \(SQLRenderer.quoteSimple(reference.table)) (\(SQLRenderer.quoteSimple(reference.column)))"
            if let action = reference.onDelete { clause += " ON DELETE \(action.rawValue)" }
            parts.append(clause)
        }
        return parts.joined(separator: " ")
    }
}
