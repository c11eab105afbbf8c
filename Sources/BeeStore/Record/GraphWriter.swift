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
    /// What is kept of each record type met, so that a batch does not look it up per record.
    private var rowWriters: [ObjectIdentifier: RowWriter] = [:]
    /// The type met last: records of one type in a row find theirs without hashing.
    private var lastRowWriter: RowWriter?
    /// The ids this writer replaced in class instances, to give back if the write fails.
    private(set) var replacedIDs = ReplacedIDs()

    init(connection: Connection) {
        self.connection = connection
    }

    private mutating func rowWriter<Record: ActiveRecord>(for type: Record.Type) throws -> RowWriter {
        let typeID = ObjectIdentifier(type)
        if let lastRowWriter, lastRowWriter.schema.typeID == typeID { return lastRowWriter }
        let writer = try rowWriters[typeID] ?? RowWriter(type)
        rowWriters[typeID] = writer
        lastRowWriter = writer
        return writer
    }

    mutating func save<Record: ActiveRecord>(_ record: Record, mode: Mode = .save) throws -> Record {
        let writer = try rowWriter(for: Record.self)
        let schema = writer.schema
        let kind = try rowStatement(for: record.id, mode: mode, schema: schema)
        guard schema.hasRelations else {
            // Nothing to save first or to rebuild: the columns go straight into the statement.
            let statement = try writer.statement(kind, on: connection)
            try writer.encoder.encode(record, into: statement, kind: kind)
            return assigning(try execute(statement, kind, id: record.id, schema: schema), to: record, by: writer)
        }

        let identity = writer.isClass ? ObjectIdentifier(record as AnyObject) : nil
        if let identity {
            if path.contains(identity) { throw RecordError.relationCycle(path: [schema.recordName, schema.recordName]) }
            path.append(identity)
        }
        defer { if identity != nil { path.removeLast() } }

        let encoder = writer.encoder
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

        // Bound after the related records are saved: one of the same type uses the same statement.
        let statement = try writer.statement(kind, on: connection)
        for (index, value) in values.enumerated() {
            try statement.bind(value, at: schema.parameter(ofColumn: index, in: kind))
        }
        let id = try execute(statement, kind, id: record.id, schema: schema)
        values[schema.primaryKeyIndex] = .integer(id)
        rebuilt[schema.primaryKey.key] = id

        for (index, children) in hasMany.sorted(by: { $0.key < $1.key }) {
            let relation = schema.hasMany[index]
            let saved = try children.map { try saveAny($0) }
            try link(relation, parentID: id, children: saved, parentExisted: record.id != nil)
            rebuilt[relation.key] = saved
        }

        guard identity == nil else { return assigning(id, to: record, by: writer) }
        return try RecordDecoder(schema: schema, values: values, decoded: rebuilt).decode(Record.self)
    }

    /// The record with `id`. A class instance is changed in place, so the id it had is
    /// kept in ``replacedIDs``.
    private mutating func assigning<Record: ActiveRecord>(_ id: Int64, to record: Record, by writer: RowWriter) -> Record {
        if writer.isClass, record.id != id {
            replacedIDs.keep(record)
        }
        var result = record
        result.id = id
        return result
    }

    private mutating func saveAny(_ record: any ActiveRecord) throws -> any ActiveRecord {
        try save(record)
    }

    /// The statement that writes a record with this id in this mode.
    private func rowStatement(for id: Int64?, mode: Mode, schema: RecordSchema) throws -> RecordSchema.RowStatement {
        switch (mode, id) {
        case (.update, nil): throw RecordError.notSaved(record: schema.recordName)
        case (.update, _?): .update
        case (.save, _?): .upsert
        case (.save, nil), (.insert, _): .insert
        }
    }

    /// Runs a bound row statement; returns the record's id (the new row's for an insert without one).
    private func execute(
        _ statement: Statement, _ kind: RecordSchema.RowStatement, id: Int64?, schema: RecordSchema
    ) throws -> Int64 {
        if let id {
            // The record's id, whatever its `encode(to:)` wrote for the key (or left out).
            try statement.bind(id, at: schema.parameter(ofColumn: schema.primaryKeyIndex, in: kind))
        }
        try statement.executeBound()
        if kind == .update, connection.changes == 0 {
            throw RecordError.notFound(record: schema.recordName, id: id ?? 0)
        }
        return id ?? connection.lastInsertRowID
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

/// The ids a graph write replaced in class instances, which it changes in place (a
/// struct's copy with new ids is simply discarded when the write fails).
struct ReplacedIDs {
    private var entries: [(record: any ActiveRecord, id: Int64?)] = []

    /// Keeps the id `record` has before it is replaced.
    mutating func keep(_ record: any ActiveRecord) {
        entries.append((record, record.id))
    }

    /// Gives each instance back the id it had before the write.
    func restore() {
        for (record, id) in entries.reversed() {
            var instance = record
            instance.id = id
        }
    }
}
