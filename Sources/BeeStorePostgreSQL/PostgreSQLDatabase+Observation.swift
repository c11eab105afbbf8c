#if PostgreSQL
import BeeStore
import Dispatch
import Foundation

extension PostgreSQLDatabase {
    /// Observes what `fetch` reads from `tables`: `onChange` is called on `queue` with the
    /// value at once, then after each committed transaction that changed one of the
    /// tables, whoever committed it: this process, another connection, another server.
    /// Runs until the token is cancelled.
    ///
    /// The first observation of a table installs a statement-level trigger on it (and
    /// BeeStore's `beestore_notify_change()` function), which sends a notification that
    /// PostgreSQL delivers at commit to every listening server; the database listens on
    /// one connection of its own. Commits close together are read once.
    ///
    /// ```swift
    /// let token = try db.observe(tables: ["player"], fetch: { try $0.fetchValue(Int.self, "SELECT count(*) FROM player") ?? 0 }) { count in
    ///     print("\(count) players")
    /// }
    /// ```
    public func observe<Value: Sendable>(
        tables: Set<String>,
        on queue: DispatchQueue? = nil,
        fetch: @escaping @Sendable (PostgreSQLConnection) throws -> Value,
        onError: @escaping @Sendable (any Error) -> Void = { _ in },
        onChange: @escaping @Sendable (Value) -> Void
    ) throws -> ObservationToken {
        try installChangeTriggers(on: tables)
        let refresher = ObservationRefresher(
            database: self, queue: queue ?? DispatchQueue(label: "BeeStore.PostgreSQL.observation"), fetch: fetch,
            onError: onError, onChange: onChange)
        let id = try listener.add(tables: tables) { refresher.refresh() }
        refresher.refresh()
        return ObservationToken { [listener] in
            listener.remove(id)
            refresher.cancel()
        }
    }

    /// Installs the notifying trigger on each of `tables`, under an advisory lock so that
    /// servers starting together do not race to replace the function.
    private func installChangeTriggers(on tables: Set<String>) throws {
        try write { connection in
            try connection.execute(ServerStatements.transactionLock, [ServerStatements.observationLockKey])
            try connection.execute(ServerStatements.changeNotifier)
            for table in tables.sorted() {
                try connection.execute(ServerStatements.changeTrigger(on: table))
            }
        }
    }
}

extension Query {
    /// Observes the query's rows on a PostgreSQL database: now, then after each committed
    /// transaction that changed a table the query reads, its own, those it joins and those
    /// its subqueries and common tables read, as the server's plan names them (see
    /// ``PostgreSQLDatabase/observe(tables:on:fetch:onError:onChange:)``).
    ///
    /// ```swift
    /// let token = try db.from("player").orderDesc("score").limit(10).observe(in: db) { rows in
    ///     print(rows.map { $0["name"] })
    /// }
    /// ```
    public func observe(
        in database: PostgreSQLDatabase,
        on queue: DispatchQueue? = nil,
        onError: @escaping @Sendable (any Error) -> Void = { _ in },
        onChange: @escaping @Sendable ([Row]) -> Void
    ) throws -> ObservationToken {
        let statement = try rendered(for: .postgreSQL).selectStatement()
        return try database.observe(
            tables: tablesRead(by: statement, in: database), on: queue, fetch: { try $0.fetchAll(statement) },
            onError: onError, onChange: onChange)
    }

    /// The tables `statement`, the query rendered for PostgreSQL, reads on `database`: its
    /// own, those it joins, and those the server's plan scans.
    func tablesRead(by statement: SQLStatement, in database: PostgreSQLDatabase) throws -> Set<String> {
        observedTables.union(try database.tablesScanned(by: statement))
    }
}

/// Reads an observed value again and delivers it, on the observation's queue: a refresh
/// asked for while one is waiting to run is the same refresh.
// `isPending` and `isCancelled` are read and written with `lock` held.
final class ObservationRefresher<Value: Sendable>: @unchecked Sendable {
    private let database: PostgreSQLDatabase
    private let queue: DispatchQueue
    private let fetch: @Sendable (PostgreSQLConnection) throws -> Value
    private let onError: @Sendable (any Error) -> Void
    private let onChange: @Sendable (Value) -> Void
    private let lock = NSLock()
    private var isPending = false
    private var isCancelled = false

    init(
        database: PostgreSQLDatabase, queue: DispatchQueue, fetch: @escaping @Sendable (PostgreSQLConnection) throws -> Value,
        onError: @escaping @Sendable (any Error) -> Void, onChange: @escaping @Sendable (Value) -> Void
    ) {
        self.database = database
        self.queue = queue
        self.fetch = fetch
        self.onError = onError
        self.onChange = onChange
    }

    func refresh() {
        let schedule = lock.withLock { () -> Bool in
            guard !isPending, !isCancelled else { return false }
            isPending = true
            return true
        }
        guard schedule else { return }
        queue.async { [self] in
            let stop = lock.withLock { () -> Bool in
                isPending = false
                return isCancelled
            }
            guard !stop else { return }
            do {
                onChange(try database.read(fetch))
            } catch {
                onError(error)
            }
        }
    }

    func cancel() {
        lock.withLock { isCancelled = true }
    }
}
#endif
