/// The tables records are stored in, as BeeStore creates them when they are missing.
extension RecordSchema {
    /// The record type's table: its columns, key, foreign keys and unique indexes.
    func tableDefinition() throws -> TableDefinition {
        var definition = TableDefinition(database: nil, name: tableName)
        for uniqueKey in uniqueKeys {
            let names = uniqueKey.map { columns[$0].name }
            // `<table>_unique_<columns>`: apart from the `<table>_on_<columns>` of plain indexes.
            definition = definition.index(
                on: names, unique: true, named: "\(tableName)_unique_\(names.joined(separator: "_"))")
        }
        if hasCompositeKey {
            for column in columns {
                definition = try define(column, in: definition)
            }
            return definition.primaryKey(columns: primaryKeyNames)
        }
        for (index, column) in columns.enumerated() {
            definition = index == primaryKeyIndex
                // SQLite lets a non-integer primary key hold NULL unless told otherwise.
                ? (column.type == .integer
                    ? definition.field(column.name, .integer).primaryKey()
                    : definition.field(column.name, column.type).nativeType(column.nativeType).primaryKey().notNull())
                : try define(column, in: definition)
        }
        return definition
    }

    /// `definition` with `column` added: its type, nullability, and for a belongs-to
    /// relation a reference to the target's key.
    func define(_ column: Column, in definition: TableDefinition) throws -> TableDefinition {
        guard case .belongsTo(let target) = column.storage else {
            let definition = definition.field(column.name, column.type).nativeType(column.nativeType)
            return column.isOptional ? definition : definition.notNull()
        }
        let targetSchema = try RecordSchema.of(dynamic: target)
        var field = definition.field(column.name, targetSchema.primaryKey.type).nativeType(targetSchema.primaryKey.nativeType)
        if !column.isOptional { field = field.notNull() }
        return field.references(
            targetSchema.tableName, column: targetSchema.primaryKey.name, onDelete: column.isOptional ? .setNull : nil)
    }

    /// The statements that create the tables of this record type and of every type its
    /// relations reach, when missing, in `dialect`: targets of belongs-to relations before
    /// the tables that refer to them, the foreign key column of a has-many or has-one
    /// relation in its child's table (when the child's type does not map it), join tables
    /// last. Existing tables are left as they are.
    func creationStatements(in dialect: SQLDialect) throws -> [SQLStatement] {
        var plan = CreationPlan()
        try plan.visit(self)
        var statements: [SQLStatement] = []
        for table in plan.tables {
            var definition = try table.tableDefinition()
            for (column, parent) in plan.foreignKeys[SQLRenderer.asciiLowercased(table.tableName)] ?? [] {
                definition = definition.field(column, parent.primaryKey.type).nativeType(parent.primaryKey.nativeType)
                    .references(parent.tableName, column: parent.primaryKey.name, onDelete: .setNull)
                    .index(on: column)
            }
            statements += try definition.rendered(for: dialect).createStatements(ifNotExists: true)
        }
        for (link, parent, child) in plan.joinTables {
            statements += try link.tableDefinition(parent: parent, child: child).rendered(for: dialect)
                .createStatements(ifNotExists: true)
        }
        return statements
    }

    /// The tables a record type's relations reach, in creation order, with what their
    /// types do not map themselves.
    private struct CreationPlan {
        private var visited: Set<String> = []
        private(set) var tables: [RecordSchema] = []
        /// Foreign key columns of to-many relations, by child table (ASCII-lowercased):
        /// the column and the parent it points at.
        private(set) var foreignKeys: [String: [(String, RecordSchema)]] = [:]
        private(set) var joinTables: [(JoinTableColumns, RecordSchema, RecordSchema)] = []

        mutating func visit(_ schema: RecordSchema) throws {
            guard visited.insert(SQLRenderer.asciiLowercased(schema.tableName)).inserted else { return }
            for column in schema.columns {
                if case .belongsTo(let target) = column.storage { try visit(RecordSchema.of(dynamic: target)) }
            }
            tables.append(schema)
            for relation in schema.toMany {
                let child = try RecordSchema.of(dynamic: relation.target)
                switch relation.kind {
                case .foreignKey(let declared):
                    let column = try schema.foreignKey(of: relation, declared: declared)
                    let name = SQLRenderer.asciiLowercased(column)
                    if !child.columns.contains(where: { SQLRenderer.asciiLowercased($0.name) == name }) {
                        foreignKeys[SQLRenderer.asciiLowercased(child.tableName), default: []].append((column, schema))
                    }
                case .manyToMany(let link):
                    if visited.insert(SQLRenderer.asciiLowercased(link.table)).inserted {
                        joinTables.append((link, schema, child))
                    }
                }
                try visit(child)
            }
        }
    }
}

extension JoinTableColumns {
    /// The join table of a many-to-many relation: both keys, removed with either record.
    func tableDefinition(parent: RecordSchema, child: RecordSchema) -> TableDefinition {
        let definition = TableDefinition(database: nil, name: table)
            .field(parentColumn, parent.primaryKey.type).nativeType(parent.primaryKey.nativeType).notNull()
            .references(parent.tableName, column: parent.primaryKey.name, onDelete: .cascade)
            .field(childColumn, child.primaryKey.type).nativeType(child.primaryKey.nativeType).notNull()
            .references(child.tableName, column: child.primaryKey.name, onDelete: .cascade)
            .index(on: childColumn)
        guard let position = positionColumn else {
            return definition.primaryKey(parentColumn, childColumn)
        }
        return definition.field(position, .integer).notNull().primaryKey(parentColumn, position)
    }
}
