#if PostgreSQL
import BeeStore
import Dispatch
import Foundation

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
        try Self.stream { onError, onChange in try observe(in: database, onError: onError, onChange: onChange) }
    }

    /// The deliveries of the observation `start` starts as an asynchronous sequence, which
    /// ends with the first error and cancels the observation when it terminates.
    fileprivate static func stream(
        observing start: (
            _ onError: @escaping @Sendable (any Error) -> Void, _ onChange: @escaping @Sendable ([Record]) -> Void
        ) throws -> ObservationToken
    ) throws -> AsyncThrowingStream<[Record], any Error> {
        let (stream, continuation) = AsyncThrowingStream<[Record], any Error>.makeStream()
        let token = try start({ continuation.finish(throwing: $0) }, { continuation.yield($0) })
        continuation.onTermination = { _ in token.cancel() }
        return stream
    }
}

extension RecordQuery where Record: Sendable & Equatable {
    /// Observes the query's records as ``observe(in:on:onError:onChange:)`` does; when
    /// `removingDuplicates`, records equal to the ones delivered last are not delivered
    /// again (a commit that changed the tables but not these records).
    ///
    /// ```swift
    /// let token = try Team.query().where("name", "Bees").observe(in: db, removingDuplicates: true) { teams in
    ///     print(teams)
    /// }
    /// ```
    public func observe(
        in database: PostgreSQLDatabase,
        on queue: DispatchQueue? = nil,
        removingDuplicates: Bool,
        onError: @escaping @Sendable (any Error) -> Void = { _ in },
        onChange: @escaping @Sendable ([Record]) -> Void
    ) throws -> ObservationToken {
        guard removingDuplicates else { return try observe(in: database, on: queue, onError: onError, onChange: onChange) }
        let last = LastDelivery<[Record]>()
        return try observe(in: database, on: queue, onError: onError) { records in
            if last.replace(with: records) { onChange(records) }
        }
    }

    /// The query's records as ``values(in:)`` gives them; when `removingDuplicates`, only
    /// when they differ from the records before.
    public func values(in database: PostgreSQLDatabase, removingDuplicates: Bool) throws -> AsyncThrowingStream<[Record], any Error> {
        try Self.stream { onError, onChange in
            try observe(in: database, removingDuplicates: removingDuplicates, onError: onError, onChange: onChange)
        }
    }
}

/// The value an observation delivered last, to skip one equal to it.
// `last` is read and written with `lock` held: the class is safe to share although the
// compiler cannot see it (`Synchronization.Mutex` would say so, but needs newer systems
// than the package's deployment targets).
private final class LastDelivery<Value: Equatable>: @unchecked Sendable {
    private let lock = NSLock()
    private var last: Value?

    /// Keeps `value` as the last delivered; false when it equals the one kept before.
    func replace(with value: Value) -> Bool {
        lock.withLock {
            guard last != value else { return false }
            last = value
            return true
        }
    }
}
#endif
