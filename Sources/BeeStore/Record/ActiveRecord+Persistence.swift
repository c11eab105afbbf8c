extension ActiveRecord {
    /// Saves the record and its whole graph ({Bee}'s `SAVE`) in one transaction: related
    /// records first, then the record (inserted when it has no id, inserted or updated by
    /// id otherwise), then its has-many children and their order. Every id is filled in;
    /// on failure nothing is saved. Uses the shared database unless one is given.
    public mutating func save(in database: Database? = nil) throws {
        self = try Self.write(in: database) { writer in try writer.save(self, mode: .save) }
    }

    /// Inserts the record (and saves its graph); an id that exists already is a constraint violation.
    public mutating func insert(in database: Database? = nil) throws {
        self = try Self.write(in: database) { writer in try writer.save(self, mode: .insert) }
    }

    /// Updates the record's row (and saves its graph); throws ``RecordError/notSaved(record:)``
    /// without an id and ``RecordError/notFound(record:id:)`` when no row has it.
    public func update(in database: Database? = nil) throws {
        _ = try Self.write(in: database) { writer in try writer.save(self, mode: .update) }
    }

    /// Deletes the record's row and its has-many links; the linked child records are kept
    /// (they are records of their own, possibly linked elsewhere). Returns whether a row
    /// was deleted.
    @discardableResult
    public func delete(in database: Database? = nil) throws -> Bool {
        guard let id else { throw RecordError.notSaved(record: String(describing: Self.self)) }
        let database = try Self.resolve(database)
        let schema = try SchemaSynchronizer.ensure(Self.self, on: database)
        return try database.write { connection in
            for relation in schema.hasMany {
                try connection.execute(
                    "DELETE FROM \(relation.linkTable.quotedIdentifier) WHERE \(RecordSchema.linkParentColumn.quotedIdentifier) = ?",
                    [id])
            }
            return try database.from(schema.tableName).where(schema.primaryKey.name, id).delete() > 0
        }
    }

    /// The record with this id, with its relations ({Bee}'s `FIRST_RECORD_BY_ID`).
    public static func find(_ id: Int64, in database: Database? = nil) throws -> Self? {
        let database = try resolve(database)
        let schema = try SchemaSynchronizer.ensure(Self.self, on: database)
        let records = try RecordFetcher.fetch(
            Self.self, schema: schema, statement: SQLStatement(sql: schema.findSQL, arguments: [.integer(id)]), in: database)
        // Not `first`: Array's own members spare the generic Collection conformance.
        return records.count > 0 ? records[0] : nil
    }

    /// The record with the smallest id ({Bee}'s `FIRST_RECORD`).
    public static func first(in database: Database? = nil) throws -> Self? {
        try query(in: database).orderAsc(RecordSchema.of(Self.self).primaryKey.name).first()
    }

    /// The record with the largest id ({Bee}'s `LAST_RECORD`).
    public static func last(in database: Database? = nil) throws -> Self? {
        try query(in: database).orderDesc(RecordSchema.of(Self.self).primaryKey.name).first()
    }

    /// Every record, in id order ({Bee}'s `GET_RECORDS`).
    public static func all(in database: Database? = nil) throws -> [Self] {
        try query(in: database).orderAsc(RecordSchema.of(Self.self).primaryKey.name).records()
    }

    /// The number of records.
    public static func count(in database: Database? = nil) throws -> Int {
        try query(in: database).count()
    }

    /// Deletes every record (and their has-many links); returns how many were deleted.
    @discardableResult
    public static func deleteAll(in database: Database? = nil) throws -> Int {
        try query(in: database).deleteAll()
    }

    /// A query on the records of `database` (the shared database when nil).
    public static func query(in database: Database? = nil) -> RecordQuery<Self> {
        RecordQuery(database: database)
    }

    /// The database to use, or ``RecordError/noDatabase``.
    static func resolve(_ database: Database?) throws -> Database {
        guard let database = database ?? Database.shared else { throw RecordError.noDatabase }
        return database
    }

    /// Runs a graph write in a transaction (a savepoint inside one) after bringing the
    /// schema up to date. When it fails, the class instances it gave ids get back the ids
    /// they had, as a struct's copy with new ids is discarded.
    ///
    /// The write's own transaction decides: a write that succeeded in a savepoint keeps
    /// its ids when the caller's transaction later rolls back, for classes as for structs
    /// (whose new ids are already the caller's by then).
    static func write<T>(in database: Database?, _ body: (inout GraphWriter) throws -> T) throws -> T {
        let database = try resolve(database)
        _ = try SchemaSynchronizer.ensure(Self.self, on: database)
        var replacedIDs = ReplacedIDs()
        do {
            return try database.write { connection in
                var writer = GraphWriter(connection: connection)
                defer { replacedIDs = writer.replacedIDs }
                return try body(&writer)
            }
        } catch {
            replacedIDs.restore()
            throw error
        }
    }
}

extension Array where Element: ActiveRecord {
    /// Saves every record and its graph in one transaction: all are saved, or none.
    public mutating func save(in database: Database? = nil) throws {
        let saved = try Element.write(in: database) { writer in
            try map { try writer.save($0, mode: .save) }
        }
        self = saved
    }
}
