extension TableDefinition {
    /// The `CREATE TABLE` statement followed by the `CREATE INDEX` statements.
    public func createStatements(ifNotExists: Bool) throws -> [SQLStatement] {
        try validate()
        var renderer = makeRenderer()
        renderer.append(ifNotExists ? "CREATE TABLE IF NOT EXISTS " : "CREATE TABLE ")
        renderer.appendTable(name)
        renderer.append(" (")
        for (index, field) in fields.enumerated() {
            if index > 0 { renderer.append(", ") }
            render(field, into: &renderer)
        }
        if let tablePrimaryKey {
            renderer.append(", PRIMARY KEY (")
            renderer.appendWrittenColumns(tablePrimaryKey)
            renderer.append(")")
        }
        renderer.append(")")
        if isWithoutRowID && renderer.dialect.kind == .sqlite { renderer.append(" WITHOUT ROWID") }
        return [renderer.statement] + indexStatements(ifNotExists: ifNotExists)
    }

    /// The `CREATE INDEX` statements of the defined indexes, whatever the fields: `IF NOT
    /// EXISTS` unless `ifNotExists` is false, when an index of the same name is an error.
    public func createIndexStatements(ifNotExists: Bool = true) throws -> [SQLStatement] {
        if let misuse { throw misuse }
        if name.isEmpty { throw QueryError.emptyName("table") }
        return indexStatements(ifNotExists: ifNotExists)
    }

    private func indexStatements(ifNotExists: Bool) -> [SQLStatement] {
        indexes.map { index in
            var renderer = makeRenderer()
            renderer.append(index.isUnique ? "CREATE UNIQUE INDEX " : "CREATE INDEX ")
            if ifNotExists { renderer.append("IF NOT EXISTS ") }
            renderer.appendIdentifier(index.name)
            renderer.append(" ON ")
            renderer.appendTable(name)
            renderer.append(" (")
            renderer.appendWrittenColumns(index.columns)
            renderer.append(")")
            return renderer.statement
        }
    }

    /// The `ALTER TABLE … ADD COLUMN` statements adding every defined field, then the
    /// `CREATE INDEX IF NOT EXISTS` statements of the defined indexes.
    public func addColumnStatements() throws -> [SQLStatement] {
        try validate()
        let columns = fields.map { field in
            var renderer = makeRenderer()
            renderer.append("ALTER TABLE ")
            renderer.appendTable(name)
            renderer.append(" ADD COLUMN ")
            render(field, into: &renderer, isAdded: true)
            return renderer.statement
        }
        return columns + indexStatements(ifNotExists: true)
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
    /// defined indexes), in one transaction: all are added or none. A real default that
    /// this SQLite would read back as another number is a
    /// ``QueryError/inexactDefault(table:column:value:read:)``.
    public func addColumns() throws {
        guard let database else { throw QueryError.noDatabase(table: name) }
        // A definition that cannot work is refused before a transaction opens.
        try validate()
        try database.write { try $0.addColumns(self) }
    }

    /// Creates the defined indexes on the existing table, in one transaction ({Bee}'s
    /// `INDEX_ON` on its own): `db.table("blogs").index(on: "title").createIndexes()`.
    /// An index that exists already is left as it is, or, when `ifNotExists` is false, an
    /// error that creates none.
    public func createIndexes(ifNotExists: Bool = true) throws {
        try run(createIndexStatements(ifNotExists: ifNotExists))
    }

    /// Drops the table; an error if it does not exist.
    public func drop() throws {
        try run([dropStatement(ifExists: false)])
    }

    /// Drops the table if it exists.
    public func dropIfExists() throws {
        try run([dropStatement(ifExists: true)])
    }

    private func dropStatement(ifExists: Bool) -> SQLStatement {
        var renderer = makeRenderer()
        renderer.append(ifExists ? "DROP TABLE IF EXISTS " : "DROP TABLE ")
        renderer.appendTable(name)
        return renderer.statement
    }

    private func run(_ statements: [SQLStatement]) throws {
        guard let database else { throw QueryError.noDatabase(table: name) }
        try database.write { connection in
            for statement in statements {
                try connection.execute(statement)
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

    /// A renderer for the definition's dialect: the one ``rendered(for:)`` chose, else its
    /// database's, else SQLite's.
    private func makeRenderer() -> SQLRenderer {
        SQLRenderer(scope: [name], dialect: chosenDialect ?? database?.dialect ?? .sqlite)
    }

    /// Renders a column definition; the default of a column `isAdded` to an existing
    /// table is a constant, as `ALTER TABLE … ADD COLUMN` requires.
    private func render(_ field: FieldDefinition, into renderer: inout SQLRenderer, isAdded: Bool = false) {
        renderer.appendWrittenColumn(field.name)
        renderer.append(" ")
        let isIntegerKey = field.isPrimaryKey && field.type == .integer
        switch renderer.dialect.kind {
        case .sqlite:
            // An INTEGER PRIMARY KEY aliases the row id only when its type is exactly INTEGER.
            renderer.append(field.type.rawValue)
            if let size = field.size, !isIntegerKey { renderer.append("(\(size))") }
            if field.isPrimaryKey { renderer.append(field.isAutoIncrement ? " PRIMARY KEY AUTOINCREMENT" : " PRIMARY KEY") }
        case .postgreSQL:
            // The key the database assigns, as SQLite's integer primary key is: an identity column.
            if isIntegerKey {
                renderer.append("BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY")
            } else {
                switch (field.type, field.size) {
                case _ where field.nativeType != nil: renderer.append(field.nativeType?.postgreSQLName ?? "")
                case (.text, let size?): renderer.append("VARCHAR(\(size))")
                case (.numeric, let size?): renderer.append("NUMERIC(\(size))")
                default: renderer.appendTypeName(field.type)
                }
                if field.isPrimaryKey { renderer.append(" PRIMARY KEY") }
            }
        }
        if field.isNotNull { renderer.append(" NOT NULL") }
        if field.isUnique { renderer.append(" UNIQUE") }
        if let collation = field.collation {
            renderer.append(" COLLATE ")
            renderer.appendIdentifier(collation)
        }
        if let value = field.defaultValue {
            renderer.append(" DEFAULT ")
            if isAdded { renderer.appendConstant(value) } else { renderer.appendLiteral(value) }
        }
        if field.isUnsigned {
            renderer.append(" CHECK (")
            renderer.appendWrittenColumn(field.name)
            renderer.append(" >= 0)")
        }
        if let reference = field.reference {
            renderer.append(" REFERENCES ")
            renderer.appendTable(reference.table)
            renderer.append(" (")
            renderer.appendIdentifier(reference.column)
            renderer.append(")")
            if let action = reference.onDelete { renderer.append(" ON DELETE " + action.rawValue) }
        }
    }
}
