/// Record saves and deletes on another database (PostgreSQL), through a connection inside
/// a transaction the caller opened: the same graph writes as on SQLite (related records,
/// foreign keys, links, delete rules, timestamps). ``ActiveRecord/validate()`` runs; the
/// other hooks run where the store has them for the record's type.
extension ActiveRecord {
    /// Saves the record as ``save(in:updatingRelated:)`` does, on `store`.
    package mutating func save(on store: any RecordRowStore, updatingRelated: Bool) throws {
        self = try Self.write(on: store, updatingRelated: updatingRelated) { writer in try writer.save(self, mode: .save) }
    }

    /// Inserts the record as ``insert(in:)`` does, on `store`.
    package mutating func insert(on store: any RecordRowStore) throws {
        self = try Self.write(on: store) { writer in try writer.save(self, mode: .insert) }
    }

    /// Updates the record's row as ``update(in:updatingRelated:)`` does, on `store`.
    package func update(on store: any RecordRowStore, updatingRelated: Bool) throws {
        _ = try Self.write(on: store, updatingRelated: updatingRelated) { writer in try writer.save(self, mode: .update) }
    }

    /// Writes `pending`, the changes ``RecordChanges/pending(from:to:)`` found from the
    /// loaded copy to this one, to the row with `key`, as ``updateChanges(in:from:)`` does,
    /// on `store`, with the hooks of an update where the store has them.
    package mutating func updateChanges(on store: any RecordRowStore, writing pending: RecordChanges, key: Value) throws {
        var changes = pending
        let callsHooks = store.callsHooks(of: Self.self)
        try validate()
        if callsHooks {
            try store.call(.willSave, of: self)
            try store.call(.willUpdate, of: self)
        }
        let saved = try changes.write(
            self, key: key, in: store.dialect, run: store.run, rowExists: { try store.rowExists($0, of: pending.schema) })
        if callsHooks {
            try store.call(.didUpdate, of: saved)
            try store.call(.didSave, of: saved)
        }
        self = saved
    }

    /// Deletes the record's row as ``delete(in:)`` does (checking its lock version, if it
    /// has one), on `store`; returns whether a row was deleted.
    package func delete(on store: any RecordRowStore) throws -> Bool {
        guard let key = id.databaseKey else { throw RecordError.notSaved(record: String(describing: Self.self)) }
        let schema = try RecordSchema.of(Self.self)
        let callsHooks = store.callsHooks(of: Self.self)
        if callsHooks { try store.call(.willDelete, of: self) }
        var deleting: Set<RecordIdentity> = []
        let deleted = try GraphWriter(store: store)
            .delete([key], of: schema, deleting: &deleting, lockVersion: schema.lockVersion(of: self)) > 0
        if deleted, callsHooks { try store.call(.didDelete, of: self) }
        return deleted
    }

    /// The statements that create the type's table, and those of the types its relations
    /// reach, when they are missing, in `dialect`.
    package static func tableCreationStatements(in dialect: SQLDialect) throws -> [SQLStatement] {
        try RecordSchema.of(Self.self).creationStatements(in: dialect)
    }

    /// Runs a graph write on `store`; when it fails, the class instances it gave ids get
    /// back the ids they had. The row writers go back to the connection for its next saves.
    static func write<T>(
        on store: any RecordRowStore, updatingRelated: Bool = false, _ body: (inout GraphWriter) throws -> T
    ) throws -> T {
        var writer = GraphWriter(store: store, updatesRelated: updatingRelated)
        defer { writer.finish() }
        do {
            return try body(&writer)
        } catch {
            writer.replacedIDs.restore()
            throw error
        }
    }
}

extension Array where Element: ActiveRecord {
    /// Saves every record as ``ActiveRecord/save(on:updatingRelated:)`` does, on `store`.
    package mutating func save(on store: any RecordRowStore, updatingRelated: Bool) throws {
        var saved = self
        try Element.write(on: store, updatingRelated: updatingRelated) { writer in
            try saved.withUnsafeMutableBufferPointer { try writer.save($0, mode: .save) }
        }
        self = saved
    }
}

extension RecordQuery {
    /// Deletes the records the query selects as ``deleteAll(in:)`` does, on `store`;
    /// returns how many were deleted.
    package func deleteAll(on store: any RecordRowStore) throws -> Int {
        let schema = try RecordSchema.of(Record.self)
        let keys = try joinedQuery(schema: schema).select(columns: schema.qualifiedPrimaryKeyNames)
            .rendered(for: store.dialect).selectStatement()
        let found = try store.rows(of: keys).map { schema.keyOfSelectedRow($0) }
        var deleting: Set<RecordIdentity> = []
        return try GraphWriter(store: store).delete(found, of: schema, deleting: &deleting)
    }
}
