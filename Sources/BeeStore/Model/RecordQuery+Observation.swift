import Dispatch

extension RecordQuery where Record: Sendable {
    /// Observes the query's records: `onChange` is called on `queue` with them at once,
    /// then after each committed transaction that changed a row or column of the record's
    /// table that the query reads, or the tables of its relations. Runs until the token is cancelled or the database is
    /// released. Records are delivered on `queue` (by default a serial queue of the
    /// observation's own).
    ///
    /// ```swift
    /// let token = try Node.query(in: db).orderAsc("sort").observe { nodes in print(nodes.count) }
    /// ```
    public func observe(
        on queue: DispatchQueue? = nil,
        onError: @escaping @Sendable (any Error) -> Void = { _ in },
        onChange: @escaping @Sendable ([Record]) -> Void
    ) throws -> ObservationToken {
        try startObserving(on: queue, isDuplicate: nil, onError: onError, onChange: onChange)
    }

    /// The query's records as an asynchronous sequence: now, then after each committed
    /// transaction that changed the tables they come from.
    public func values() throws -> AsyncThrowingStream<[Record], any Error> {
        try valueStream(isDuplicate: nil)
    }

    /// Starts observing the records, skipping those `isDuplicate` finds equal to the last delivered.
    fileprivate func startObserving(
        on queue: DispatchQueue?, isDuplicate: (@Sendable ([Record], [Record]) -> Bool)?,
        onError: @escaping @Sendable (any Error) -> Void, onChange: @escaping @Sendable ([Record]) -> Void
    ) throws -> ObservationToken {
        let (database, region) = try observationTarget()
        let query = self
        return database.startObserving(
            region: region, on: queue, externalChangeInterval: Database.externalChangeInterval, isDuplicate: isDuplicate,
            fetch: { _ in try query.records(in: database) }, onError: onError, onChange: onChange)
    }

    /// The observed records as an asynchronous sequence, skipping those `isDuplicate`
    /// finds equal to the ones before.
    fileprivate func valueStream(
        isDuplicate: (@Sendable ([Record], [Record]) -> Bool)?
    ) throws -> AsyncThrowingStream<[Record], any Error> {
        let (database, region) = try observationTarget()
        let query = self
        return database.valueStream(
            region: region, externalChangeInterval: Database.externalChangeInterval, isDuplicate: isDuplicate,
            fetch: { _ in try query.records(in: database) })
    }

    /// The database the query observes (its own, else the shared one of the moment the
    /// observation starts, which its fetches keep using) and what it reads: what its
    /// `SELECT` reads, and every row and column of the tables of its relations, which
    /// load through statements of their own.
    fileprivate func observationTarget() throws -> (Database, ObservedRegion) {
        guard let database = try running(on: nil) else { throw RecordError.noDatabase }
        let schema = try SchemaSynchronizer.ensure(Record.self, on: database)
        var related: Set<String> = []
        try Self.collectRelatedTables(of: schema, into: &related)
        let selection = try selection(schema: schema)
        var keys: [String: Set<Int64>] = [:]
        for (reference, values) in selection.observedKeys {
            keys[schema.columnReferences.columns[reference.lowercased()] ?? reference] = values
        }
        let region = try ObservedRegion.statement(
            selection.selectStatement(), of: selection, keys: keys, alsoReading: related, in: database)
        return (database, region)
    }

    /// The tables of the relations of a record of `schema`: their join tables and,
    /// recursively, their records' tables.
    private static func collectRelatedTables(of schema: RecordSchema, into tables: inout Set<String>) throws {
        for relation in schema.toMany {
            if case .manyToMany(let link) = relation.kind { tables.insert(link.table) }
            try collectTables(of: RecordSchema.of(dynamic: relation.target), into: &tables)
        }
        for column in schema.columns {
            if case .belongsTo(let target) = column.storage {
                try collectTables(of: RecordSchema.of(dynamic: target), into: &tables)
            }
        }
    }

    /// The table of `schema` and, unless already collected, those of its relations.
    private static func collectTables(of schema: RecordSchema, into tables: inout Set<String>) throws {
        guard tables.insert(schema.tableName).inserted else { return }
        try collectRelatedTables(of: schema, into: &tables)
    }
}

extension RecordQuery where Record: Sendable & Equatable {
    /// Observes the query's records as ``observe(on:onError:onChange:)`` does; when
    /// `removingDuplicates`, records equal to the ones delivered last are not delivered
    /// again (a commit that changed the tables but not these records).
    ///
    /// ```swift
    /// let token = try Node.query(in: db).orderAsc("sort").observe(removingDuplicates: true) { nodes in print(nodes.count) }
    /// ```
    public func observe(
        on queue: DispatchQueue? = nil,
        removingDuplicates: Bool,
        onError: @escaping @Sendable (any Error) -> Void = { _ in },
        onChange: @escaping @Sendable ([Record]) -> Void
    ) throws -> ObservationToken {
        try startObserving(
            on: queue, isDuplicate: Database.equality(removingDuplicates), onError: onError, onChange: onChange)
    }

    /// The query's records as ``values()`` gives them; when `removingDuplicates`, only
    /// when they differ from the records before.
    public func values(removingDuplicates: Bool) throws -> AsyncThrowingStream<[Record], any Error> {
        try valueStream(isDuplicate: Database.equality(removingDuplicates))
    }
}
