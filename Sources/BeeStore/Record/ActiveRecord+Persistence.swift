extension ActiveRecord {
    /// Saves the record ({Bee}'s `SAVE`) in one transaction: inserted when it has no key,
    /// inserted or updated by key otherwise (updated, leaving its other columns as they
    /// are, also in a table whose `NOT NULL` columns the record does not map). New related records are inserted and every
    /// foreign key and link is set; related records that exist are not written from this
    /// copy unless `updatingRelated` is true, so a save never undoes newer edits made to
    /// them elsewhere. Children left out of a loaded to-many relation follow its delete
    /// rule. Each record written gets its lifecycle hooks called (``validate()``,
    /// ``willSave(in:)``, ``didSave(in:)``) and its timestamps set (see ``ActiveRecord``).
    /// Every key and timestamp is filled in; on failure nothing is saved. A record with a
    /// lock version updates its row only while the row holds the record's version, and the
    /// saved copy holds the next one (``RecordError/versionConflict(record:id:expectedVersion:)``
    /// otherwise: see ``RecordMapping/lockVersion(_:)``). Uses the shared database unless
    /// one is given.
    public mutating func save(in database: (any DatabaseProvider)? = nil, updatingRelated: Bool = false) throws {
        self = try Self.write(in: database, updatingRelated: updatingRelated) { writer in try writer.save(self, mode: .save) }
    }

    /// Inserts the record (and its new related records); an existing key is a constraint violation.
    public mutating func insert(in database: (any DatabaseProvider)? = nil) throws {
        self = try Self.write(in: database) { writer in try writer.save(self, mode: .insert) }
    }

    /// Updates the record's row (and sets its relations as ``save(in:updatingRelated:)``
    /// does); throws ``RecordError/notSaved(record:)`` without a key and
    /// ``RecordError/notFound(record:id:)`` when no row has it. A record with a lock
    /// version updates its row only while the row holds the record's version
    /// (``RecordError/versionConflict(record:id:expectedVersion:)`` otherwise): call
    /// ``save(in:updatingRelated:)`` to keep the saved copy, which holds the next version.
    public func update(in database: (any DatabaseProvider)? = nil, updatingRelated: Bool = false) throws {
        _ = try Self.write(in: database, updatingRelated: updatingRelated) { writer in try writer.save(self, mode: .update) }
    }

    /// Deletes the record's row, after applying each to-many relation's delete rule to its
    /// children (nullify, the default, keeps them) and removing its join-table links, in
    /// one transaction with the record's ``willDelete(in:)`` and ``didDelete(in:)`` hooks.
    /// Returns whether a row was deleted. A record with a lock version deletes its row
    /// only while the row holds the record's version: one saved elsewhere since is
    /// ``RecordError/versionConflict(record:id:expectedVersion:)``, and nothing is deleted.
    @discardableResult
    public func delete(in database: (any DatabaseProvider)? = nil) throws -> Bool {
        guard let key = id.databaseKey else { throw RecordError.notSaved(record: String(describing: Self.self)) }
        let database = try Self.resolveForWriting(database)
        let schema = try SchemaSynchronizer.ensure(Self.self, on: database)
        let version = try schema.lockVersion(of: self)
        return try database.write { connection in
            try willDelete(in: database)
            var deleting: Set<RecordIdentity> = []
            let deleted = try GraphWriter(database: database, connection: connection)
                .delete([key], of: schema, deleting: &deleting, lockVersion: version) > 0
            if deleted { try didDelete(in: database) }
            return deleted
        }
    }

    /// The record with this key, with its required relations ({Bee}'s `FIRST_RECORD_BY_ID`);
    /// ``RecordQuery/find(_:in:)`` loads optional ones too.
    public static func find(_ key: ID, in database: (any DatabaseProvider)? = nil) throws -> Self? {
        guard let key = key.savedKey else { return nil }
        return try RecordFetcher.find(Self.self, key: key, in: resolve(database))
    }

    /// Deletes the record with this key, as ``delete(in:)`` does (its hooks and delete
    /// rules included), in one transaction; returns whether there was one. Rails'
    /// `destroy(id)`, GRDB's `deleteOne(_:key:)`.
    @discardableResult
    public static func delete(_ key: ID, in database: (any DatabaseProvider)? = nil) throws -> Bool {
        let database = try resolveForWriting(database)
        return try database.write { _ in
            try find(key, in: database)?.delete(in: database) ?? false
        }
    }

    /// The record with the smallest id ({Bee}'s `FIRST_RECORD`).
    public static func first(in database: (any DatabaseProvider)? = nil) throws -> Self? {
        try inKeyOrder(in: database).first()
    }

    /// The record with the largest id ({Bee}'s `LAST_RECORD`).
    public static func last(in database: (any DatabaseProvider)? = nil) throws -> Self? {
        try inKeyOrder(in: database, descending: true).first()
    }

    /// Every record, in id order ({Bee}'s `GET_RECORDS`).
    public static func all(in database: (any DatabaseProvider)? = nil) throws -> [Self] {
        try inKeyOrder(in: database).records()
    }

    /// The records ordered by their key's columns.
    private static func inKeyOrder(in database: (any DatabaseProvider)?, descending: Bool = false) throws -> RecordQuery<Self> {
        let database = try resolve(database)
        return try SchemaSynchronizer.ensure(Self.self, on: database).primaryKeyNames.reduce(query(in: database)) {
            descending ? $0.orderDesc($1) : $0.orderAsc($1)
        }
    }

    /// The number of records.
    public static func count(in database: (any DatabaseProvider)? = nil) throws -> Int {
        try query().count(in: database)
    }

    /// Deletes every record (and their has-many links); returns how many were deleted.
    @discardableResult
    public static func deleteAll(in database: (any DatabaseProvider)? = nil) throws -> Int {
        try query().deleteAll(in: database)
    }

    /// A query on the records of `database` (the shared database when nil).
    public static func query(in database: Database? = nil) -> RecordQuery<Self> {
        RecordQuery(database: database)
    }

    /// The database of `database` (the shared database when nil), or ``RecordError/noDatabase``.
    static func resolve(_ database: (any DatabaseProvider)?) throws -> Database {
        guard let database = try database?.database ?? Database.shared else { throw RecordError.noDatabase }
        return database
    }

    /// The database of `database`, where a write is about to run: inside a read of it,
    /// ``RecordError/writeInsideRead(record:)``.
    static func resolveForWriting(_ database: (any DatabaseProvider)?) throws -> Database {
        let database = try resolve(database)
        guard !database.isInsideRead else { throw RecordError.writeInsideRead(record: String(describing: Self.self)) }
        return database
    }

    /// Runs a graph write in a transaction (a savepoint inside one) after bringing the
    /// schema up to date. When it fails, the class instances it gave ids get back the ids
    /// they had, as a struct's copy with new ids is discarded.
    ///
    /// The write's own transaction decides: a write that succeeded in a savepoint keeps
    /// its ids when the caller's transaction later rolls back, for classes as for structs
    /// (whose new ids are already the caller's by then).
    static func write<T>(
        in database: (any DatabaseProvider)?, updatingRelated: Bool = false, _ body: (inout GraphWriter) throws -> T
    ) throws -> T {
        let database = try resolveForWriting(database)
        _ = try SchemaSynchronizer.ensure(Self.self, on: database)
        var replacedIDs = ReplacedIDs()
        do {
            return try database.write { connection in
                var writer = GraphWriter(database: database, connection: connection, updatesRelated: updatingRelated)
                defer {
                    replacedIDs = writer.replacedIDs
                    writer.finish()
                }
                return try body(&writer)
            }
        } catch {
            replacedIDs.restore()
            throw error
        }
    }
}

extension Array where Element: ActiveRecord {
    /// Saves every record as ``ActiveRecord/save(in:updatingRelated:)`` does, in one
    /// transaction: all are saved, or none.
    public mutating func save(in database: (any DatabaseProvider)? = nil, updatingRelated: Bool = false) throws {
        // Saved into a copy, which replaces the array once every record is saved.
        var saved = self
        try Element.write(in: database, updatingRelated: updatingRelated) { writer in
            try saved.withUnsafeMutableBufferPointer { try writer.save($0, mode: .save) }
        }
        self = saved
    }
}
