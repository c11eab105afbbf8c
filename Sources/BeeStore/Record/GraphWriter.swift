/// Saves a record with its whole graph on one connection, inside the caller's
/// transaction: related records first (belongs-to), then the row, then the has-many
/// children and their ordered links. Returns the record with every id filled in.
struct GraphWriter {
    enum Mode {
        /// Insert when the record has no id, insert or update by id otherwise.
        case save
        /// Always insert (an existing id is a constraint violation).
        case insert
        /// Update the row with the record's id; an error when there is none.
        case update
    }

    let connection: Connection
    /// Class instances being saved, to refuse a reference cycle.
    private var path: [ObjectIdentifier] = []
    /// The schemas of the record types met, so that a batch does not look them up per record.
    private var schemas: [ObjectIdentifier: RecordSchema] = [:]

    private mutating func schema<Record: ActiveRecord>(of type: Record.Type) throws -> RecordSchema {
        if let schema = schemas[ObjectIdentifier(type)] { return schema }
        let schema = try RecordSchema.of(type)
        schemas[ObjectIdentifier(type)] = schema
        return schema
    }

    private var encoders: [ObjectIdentifier: RecordEncoder] = [:]

    /// One encoder per record type, reused for all its records.
    private mutating func encoder(for schema: RecordSchema) -> RecordEncoder {
        if let encoder = encoders[schema.typeID] { return encoder }
        let encoder = RecordEncoder(schema: schema)
        encoders[schema.typeID] = encoder
        return encoder
    }

    /// The row statements of each record type, so that a batch does not look them up by
    /// their SQL text for every record.
    private var statements: [RowStatementKey: Statement] = [:]

    private enum RowStatement: Hashable {
        case insert, upsert, update
    }

    private struct RowStatementKey: Hashable {
        let type: ObjectIdentifier
        let statement: RowStatement
    }

    init(connection: Connection) {
        self.connection = connection
    }

    mutating func save<Record: ActiveRecord>(_ record: Record, mode: Mode = .save) throws -> Record {
        let schema = try schema(of: Record.self)
        let identity = Record.self is AnyClass ? ObjectIdentifier(record as AnyObject) : nil
        if let identity {
            if path.contains(identity) { throw RecordError.relationCycle(path: [schema.recordName, schema.recordName]) }
            path.append(identity)
        }
        defer { if identity != nil { path.removeLast() } }

        let encoder = encoder(for: schema)
        try encoder.encode(record)
        // Taken before related records are saved: a related record of the same type
        // reuses the encoder.
        var values = encoder.values
        var rebuilt = encoder.originals
        let belongsTo = encoder.belongsTo
        let hasMany = encoder.hasMany
        for (index, related) in belongsTo.sorted(by: { $0.key < $1.key }) {
            let saved = try saveAny(related)
            values[index] = saved.id.map(Value.integer) ?? .null
            rebuilt[schema.columns[index].key] = saved
        }

        let id = try writeRow(record, schema: schema, values: values, mode: mode)
        var result = record
        result.id = id
        guard schema.hasRelations else { return result }
        values[schema.primaryKeyIndex] = .integer(id)
        rebuilt[schema.primaryKey.key] = id

        for (index, children) in hasMany.sorted(by: { $0.key < $1.key }) {
            let relation = schema.hasMany[index]
            let saved = try children.map { try saveAny($0) }
            try link(relation, parentID: id, children: saved, parentExisted: record.id != nil)
            rebuilt[relation.key] = saved
        }

        if identity == nil {
            result = try RecordDecoder(schema: schema, source: .loaded(values: values, decoded: rebuilt))
                .decode(Record.self)
        }
        return result
    }

    private mutating func saveAny(_ record: any ActiveRecord) throws -> any ActiveRecord {
        try save(record)
    }

    private mutating func statement<Record: ActiveRecord>(
        _ kind: RowStatement, of schema: RecordSchema, for type: Record.Type
    ) throws -> Statement {
        let key = RowStatementKey(type: ObjectIdentifier(type), statement: kind)
        if let statement = statements[key], !statement.isBusy {
            return statement
        }
        let sql = switch kind {
        case .insert: schema.insertSQL
        case .upsert: schema.upsertSQL
        case .update: schema.updateSQL
        }
        let statement = try connection.cachedStatement(sql)
        statements[key] = statement
        return statement
    }

    private mutating func writeRow<Record: ActiveRecord>(
        _ record: Record, schema: RecordSchema, values: [Value], mode: Mode
    ) throws -> Int64 {
        switch (mode, record.id) {
        case (.update, nil):
            throw RecordError.notSaved(record: schema.recordName)
        case (.update, let id?):
            var arguments = values
            arguments.remove(at: schema.primaryKeyIndex)
            arguments.append(.integer(id))
            try statement(.update, of: schema, for: Record.self).execute(StatementArguments(values: arguments))
            guard connection.changes > 0 else { throw RecordError.notFound(record: schema.recordName, id: id) }
            return id
        case (.save, let id?):
            try statement(.upsert, of: schema, for: Record.self).execute(StatementArguments(values: values))
            return id
        case (.save, nil), (.insert, _):
            try statement(.insert, of: schema, for: Record.self).execute(StatementArguments(values: values))
            return record.id ?? connection.lastInsertRowID
        }
    }

    /// Replaces the parent's links of `relation` with `children`, in order.
    private func link(
        _ relation: RecordSchema.HasMany, parentID: Int64, children: [any ActiveRecord], parentExisted: Bool
    ) throws {
        let table = relation.linkTable.quotedIdentifier
        if parentExisted {
            try connection.execute(
                "DELETE FROM \(table) WHERE \(RecordSchema.linkParentColumn.quotedIdentifier) = ?", [parentID])
        }
        let insert = try connection.cachedStatement(
            "INSERT INTO \(table) (\(RecordSchema.linkParentColumn.quotedIdentifier), "
                + "\(RecordSchema.linkChildColumn.quotedIdentifier), \(RecordSchema.linkPositionColumn.quotedIdentifier)) "
                + "VALUES (?, ?, ?)")
        for (position, child) in children.enumerated() {
            try insert.execute([parentID, child.id, position])
        }
    }
}
