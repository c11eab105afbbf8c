#if PostgreSQL
import BeeStore
import Dispatch

/// Record observation on a PostgreSQL database: the query's records now, then after each
/// commit, by any connection or server, that changed a table they are read from.
extension RecordQuery where Record: Sendable {
    /// Observes the query's records: `onChange` is called on `queue` with them at once,
    /// then after each committed transaction that changed the record's table, a table the
    /// query joins or its subqueries read (as the server's plan names them), or the table
    /// of a relation it loads (the included ones, those whose property is not optional, and
    /// many-to-many join tables), whoever committed it. Each delivery is read as
    /// `records(in:)` reads, in one snapshot. Runs until the token is cancelled (see
    /// ``PostgreSQLDatabase/observe(tables:on:fetch:onError:onChange:)``). The type's
    /// tables are created first when missing, as its first save would.
    ///
    /// ```swift
    /// let token = try Team.query().including("members").orderAsc("name").observe(in: db) { teams in
    ///     print(teams.map(\.name))
    /// }
    /// ```
    public func observe(
        in database: PostgreSQLDatabase,
        on queue: DispatchQueue? = nil,
        onError: @escaping @Sendable (any Error) -> Void = { _ in },
        onChange: @escaping @Sendable ([Record]) -> Void
    ) throws -> ObservationToken {
        try database.writeWithoutTransaction { try database.recordTables.ensure(Record.self, on: $0) }
        let selection = try recordSelection
        let tables = try selection.tablesRead(by: selection.rendered(for: .postgreSQL).selectStatement(), in: database)
        let query = self
        return try database.observe(
            tables: tables.union(loadedTables), on: queue, fetch: { try query.records(from: $0) }, onError: onError,
            onChange: onChange)
    }

    /// The query's records as an asynchronous sequence: now, then after each commit that
    /// changed the tables they are read from, as ``observe(in:on:onError:onChange:)``
    /// delivers them. The sequence ends with the first error; the observation stops when
    /// the sequence's task is cancelled or its iterator released.
    ///
    /// ```swift
    /// for try await teams in try Team.query().values(in: db) { print(teams.count) }
    /// ```
    public func values(in database: PostgreSQLDatabase) throws -> AsyncThrowingStream<[Record], any Error> {
        let (stream, continuation) = AsyncThrowingStream<[Record], any Error>.makeStream()
        let token = try observe(
            in: database, on: DispatchQueue(label: "BeeStore.PostgreSQL.values"),
            onError: { continuation.finish(throwing: $0) }, onChange: { continuation.yield($0) })
        continuation.onTermination = { _ in token.cancel() }
        return stream
    }
}
#endif
