/// Creates a record type's table (and its relations' tables and link tables) when
/// missing, and adds the columns a type has gained, once per type and database.
/// Changes it cannot make safely are refused before anything is altered.
enum SchemaSynchronizer {
    /// The schemas of the record types whose tables are up to date in one database.
    private final class Synchronized: @unchecked Sendable {
        // Read and written only under the database's layer-state lock, which no access
        // outlives: the runtime's exclusivity checks, about 90 instructions at each lookup
        // of a schema (callgrind, one-row write transactions), are left out.
        /// Up to date for every connection. Records of one type used one after the other
        /// find theirs without hashing the type (about 190 instructions; with the checks
        /// above, ``ensure(_:on:)`` went from 428 to 151 in a one-row write transaction).
        @exclusivity(unchecked) var schemas = RecordTypeMap<RecordSchema>()
        /// Brought up to date inside the writer's open transaction: only for it, until it commits.
        @exclusivity(unchecked) var pending: [ObjectIdentifier: RecordSchema] = [:]
    }

    /// The record layer's state of `state`, a database's ``Database/recordLayerState``.
    private static func synchronized(_ state: (any AnyObject & Sendable)?) -> Synchronized? {
        // Only this type sets the slot, always with a `Synchronized`: the downcast needs no
        // check, which a dynamic cast would make at every record lookup.
        state.map { unsafeDowncast($0, to: Synchronized.self) }
    }

    /// Brings the tables of `Record` up to date on `database`, unless already done.
    static func ensure<Record: ActiveRecord>(_ type: Record.Type, on database: Database) throws -> RecordSchema {
        let typeID = ObjectIdentifier(type)
        // One lookup for the common case: the type is in use in this database already.
        if let schema = committedSchema(of: typeID, on: database) {
            return schema
        }
        // Tables brought up to date inside a write transaction are only its own until it commits.
        let writer = database.currentWriter
        if writer != nil, let schema = database.recordLayerState.withLock({ synchronized($0)?.pending[typeID] }) {
            return schema
        }
        // Checking first needs only a read, so that a first use inside a read works when
        // the tables are already up to date.
        let (schema, differences) = try database.read { connection in
            let schema = try RecordSchema.of(type, readingRowsOn: connection)
            // Migrations owning the schema, every difference is listed; records bring their
            // tables up to date otherwise, and refuse at once what they cannot change.
            var pass = Pass(
                connection: connection, apply: false,
                listsRefusals: database.configuration.schemaOwnership != .automatic)
            try pass.synchronize(schema)
            return (schema, pass.differences)
        }
        if !differences.isEmpty {
            guard database.configuration.schemaOwnership == .automatic else {
                throw RecordError.schemaMismatch(record: schema.recordName, differences: differences)
            }
            guard !database.isInsideRead else {
                throw RecordError.schemaChangeInRead(record: schema.recordName, differences: differences)
            }
            try database.write { connection in
                try updateTables(of: schema, on: connection)
            }
        }
        remember(schema, of: typeID, in: database, inTransactionOf: writer)
        return schema
    }

    /// The schema of the record type `typeID` when its tables are up to date for every
    /// connection of `database`: brought up to date outside a transaction, or in one that
    /// committed. The database keeps it from then on.
    static func committedSchema(of typeID: ObjectIdentifier, on database: Database) -> RecordSchema? {
        database.recordLayerState.withLock { synchronized($0)?.schemas.value(of: typeID) }
    }

    /// Creates the tables of `schema` and of its relations when missing and adds the
    /// columns they lack, refusing the changes it cannot make safely.
    static func updateTables(of schema: RecordSchema, on connection: Connection) throws {
        var pass = Pass(connection: connection, apply: true)
        try pass.synchronize(schema)
    }

    /// Records that the type's tables are up to date. Inside a transaction of the
    /// thread's `writer`, only for that transaction until its outermost transaction
    /// commits; forgotten if it, or the savepoint this ran in, rolls back: the tables it
    /// created are gone with it.
    private static func remember(
        _ schema: RecordSchema, of typeID: ObjectIdentifier, in database: Database, inTransactionOf writer: Connection?
    ) {
        database.recordLayerState.withLock { state in
            let synchronized = synchronized(state) ?? Synchronized()
            synchronized.pending[typeID] = schema
            state = synchronized
        }
        let settle = { (committed: Bool) in
            database.recordLayerState.withLock { state in
                guard let synchronized = synchronized(state) else { return }
                synchronized.pending[typeID] = nil
                if committed { synchronized.schemas.set(schema, for: typeID) }
            }
        }
        if let writer {
            writer.afterTransaction(settle)
        } else {
            settle(true)
        }
    }

    /// One pass over a record type's tables and its relations' tables: bringing them up
    /// to date when `apply`, or only checking them; either way refusing unsafe changes
    /// and collecting what differs from the types.
    private struct Pass {
        let connection: Connection
        let apply: Bool
        /// Whether a change records would refuse to make is listed among the
        /// ``differences`` instead of thrown (a check only).
        let listsRefusals: Bool
        /// The changes the tables need (or needed), one line each.
        private(set) var differences: [String] = []
        private var visited: Set<String> = []

        init(connection: Connection, apply: Bool, listsRefusals: Bool = false) {
            self.connection = connection
            self.apply = apply
            self.listsRefusals = listsRefusals && !apply
        }

        /// Throws `refusal`, or lists `difference` instead when the pass lists refusals.
        private mutating func refuse(_ refusal: RecordError, difference: String) throws {
            guard listsRefusals else { throw refusal }
            differences.append(difference)
        }

        mutating func synchronize(_ schema: RecordSchema) throws {
            guard visited.insert(SQLRenderer.asciiLowercased(schema.tableName)).inserted else { return }
            var targets: [any ActiveRecord.Type] = schema.toMany.map(\.target)
            for column in schema.columns {
                if case .belongsTo(let target) = column.storage { targets.append(target) }
            }
            for target in targets {
                try synchronize(RecordSchema.of(dynamic: target, readingRowsOn: connection))
            }
            try refuseCompositeKeyTargets(of: schema)
            let existing = try declaredColumns(of: schema.tableName)
            if existing.isEmpty {
                differences.append("table \(schema.tableName.quotedIdentifier) is missing")
                if apply {
                    try execute(try schema.tableDefinition().createStatements(ifNotExists: true))
                }
            } else {
                try addMissingColumns(schema, existing: existing)
            }
            // The relation keeping its key in each child table's column, by table and column.
            var relationByForeignKey: [[String]: String] = [:]
            for relation in schema.toMany {
                let child = try RecordSchema.of(dynamic: relation.target, readingRowsOn: connection)
                switch relation.kind {
                case .foreignKey(let declared):
                    let foreignKey = try schema.foreignKey(of: relation, declared: declared)
                    let slot = [SQLRenderer.asciiLowercased(child.tableName), SQLRenderer.asciiLowercased(foreignKey)]
                    if let other = relationByForeignKey.updateValue(relation.key, forKey: slot) {
                        throw RecordError.sharedForeignKey(
                            record: schema.recordName, relations: [other, relation.key], table: child.tableName,
                            column: foreignKey)
                    }
                    try addForeignKey(foreignKey, to: child, parent: schema)
                case .manyToMany(let link):
                    guard try declaredColumns(of: link.table).isEmpty else { continue }
                    differences.append("join table \(link.table.quotedIdentifier) is missing")
                    if apply {
                        try execute(try link.tableDefinition(parent: schema, child: child)
                            .createStatements(ifNotExists: true))
                    }
                }
            }
        }

        /// The declared type of each column of `table`, by name with ASCII letters in lowercase (as SQLite compares names); empty when the
        /// table does not exist.
        private func declaredColumns(of table: String) throws -> [String: String] {
            var declared: [String: String] = [:]
            for column in try connection.catalog.columns(of: table) where column.isWritable {
                declared[SQLRenderer.asciiLowercased(column.name)] = column.declaredType
            }
            return declared
        }

        /// Adds the column `foreignKey` to the child's table when it lacks it (when `apply`),
        /// pointing at the parent. A mapped table is never altered: a missing foreign key
        /// there is ``RecordError/missingColumns(table:columns:)``.
        private mutating func addForeignKey(_ foreignKey: String, to child: RecordSchema, parent: RecordSchema) throws {
            let existing = try declaredColumns(of: child.tableName)
            guard existing[SQLRenderer.asciiLowercased(foreignKey)] == nil else { return }
            let difference = "column \(child.tableName.quotedIdentifier).\(foreignKey.quotedIdentifier) is missing"
            if child.isMapped && !existing.isEmpty {
                return try refuse(.missingColumns(table: child.tableName, columns: [foreignKey]), difference: difference)
            }
            differences.append(difference)
            if apply {
                let definition = TableDefinition(database: nil, name: child.tableName)
                    .field(foreignKey, parent.primaryKey.type)
                    .references(parent.tableName, column: parent.primaryKey.name, onDelete: .setNull)
                    .index(on: foreignKey)
                try execute(try definition.addColumnStatements())
            }
        }

        /// Adds the columns the table lacks (when `apply`).
        /// A mapped table is never altered: missing columns are ``RecordError/missingColumns(table:columns:)``.
        private mutating func addMissingColumns(_ schema: RecordSchema, existing declared: [String: String]) throws {
            var missing: [RecordSchema.Column] = []
            for column in schema.columns {
                guard let type = declared[SQLRenderer.asciiLowercased(column.name)] else {
                    missing.append(column)
                    continue
                }
                if case .belongsTo = column.storage { continue }  // typed as the target's key
                if !Affinity.column(declaredAs: type, holds: column.type),
                    !(column.isDecimal && Affinity(declaredType: type).holdsNumbers)
                {
                    let existing = type.isEmpty ? "untyped" : type
                    try refuse(
                        .columnTypeChanged(
                            table: schema.tableName, column: column.name, existing: existing,
                            expected: column.type.rawValue),
                        difference: "column \(schema.tableName.quotedIdentifier).\(column.name.quotedIdentifier) is "
                            + "\(existing), not \(column.type.rawValue)")
                }
            }
            guard !missing.isEmpty else { return }
            let missingLines = missing.map { "column \(schema.tableName.quotedIdentifier).\($0.name.quotedIdentifier) is missing" }
            guard !listsRefusals else {
                differences += missingLines
                return
            }
            if schema.isMapped {
                throw RecordError.missingColumns(table: schema.tableName, columns: missing.map(\.name))
            }
            let hasRows = try Query(database: nil, table: schema.tableName).existsStatement()
            let isEmpty = try connection.fetchValue(Bool.self, hasRows) != true
            // A lock version column is added with the default 0: the rows' first version.
            let lockVersion = schema.lockVersionIndex.map { schema.columns[$0].key }
            if let required = missing.first(where: { !$0.isOptional && $0.key != lockVersion }), !isEmpty {
                throw RecordError.requiredColumnOnNonEmptyTable(table: schema.tableName, column: required.name)
            }
            differences += missingLines
            var definition = TableDefinition(database: nil, name: schema.tableName)
            for column in missing {
                definition = try schema.define(column, in: definition)
                if !column.isOptional {
                    // SQLite adds a NOT NULL column only with a default; the table is empty
                    // (or the column is the lock version).
                    definition = definition.defaultValue(column.type.zeroValue)
                }
            }
            if apply {
                try connection.addColumns(definition)
            }
        }

        /// A belongs-to or many-to-many relation holds its target's key in one column:
        /// a target whose key is several columns cannot be reached that way.
        private func refuseCompositeKeyTargets(of schema: RecordSchema) throws {
            var targets: [(key: String, target: any ActiveRecord.Type)] = schema.columns.compactMap { column in
                if case .belongsTo(let target) = column.storage { (column.key, target) } else { nil }
            }
            for relation in schema.toMany {
                if case .manyToMany = relation.kind { targets.append((relation.key, relation.target)) }
            }
            for (key, target) in targets where try RecordSchema.of(dynamic: target).hasCompositeKey {
                throw RecordError.unsupportedType(
                    record: schema.recordName, property: key, type: String(describing: target),
                    reason: "its primary key is several columns, which a foreign key column cannot hold; "
                        + "map the relation from the other side, as a has-many of its records")
            }
        }

        private func execute(_ statements: [SQLStatement]) throws {
            for statement in statements {
                try connection.execute(statement)
            }
        }
    }
}

extension ColumnType {
    /// The default given to a non-optional column added to an empty table.
    var zeroValue: Value {
        switch self {
        case .integer, .numeric: .integer(0)
        case .real: .real(0)
        case .text: .text("")
        case .blob: .blob(.init())
        }
    }
}
