import CSQLite

/// What a connection's statements share with it: its handle (for error messages),
/// whether the current access may write, and the database's statement counters.
final class ConnectionState {
    let handle: OpaquePointer
    let counters: StatementCounters
    // Read and written by the one thread using the connection.
    @exclusivity(unchecked) var isReadOnlyAccess = false
    /// Present when the configuration limits how long a statement runs.
    let timeLimit: StatementTimeLimit?

    init(handle: OpaquePointer, counters: StatementCounters, timeLimit: StatementTimeLimit?) {
        self.handle = handle
        self.counters = counters
        self.timeLimit = timeLimit
    }

    /// The error of a failed step: ``StatementTimeLimitExceeded`` when the time limit
    /// interrupted it, SQLite's error otherwise.
    func stepError(code: Int32, sql: String) -> any Error {
        if code == SQLITE_INTERRUPT, let timeLimit, timeLimit.expired {
            return StatementTimeLimitExceeded(sql: sql, timeLimitInterval: timeLimit.limit)
        }
        return error(code: code, sql: sql)
    }

    /// The error SQLite reports for `code` on this connection.
    func error(code: Int32, sql: String?) -> DatabaseError {
        let extended = sqlite3_extended_errcode(handle)
        // The connection's last error describes this failure only when their primary codes agree.
        let resolved = (extended & 0xFF) == (code & 0xFF) ? extended : code
        let message = (extended & 0xFF) == (code & 0xFF)
            ? String(cString: sqlite3_errmsg(handle))
            : String(cString: sqlite3_errstr(code))
        return DatabaseError(code: ResultCode(rawValue: resolved), message: message, sql: sql)
    }
}

/// How many statements a database's connections compiled and ran.
public struct DatabaseStatistics: Sendable, Equatable {
    /// Statements compiled by SQLite (`sqlite3_prepare`). Reusing a cached statement does not count.
    public var preparedStatements = 0
    /// Statement executions: each run of a statement, cached or not, counts once.
    public var executedStatements = 0
}

/// Counters shared by all connections of one database, incremented atomically: every
/// statement execution counts, so a lock here would cost more than the count is worth.
final class StatementCounters: @unchecked Sendable {
    /// Prepared statements, then executions.
    private let storage: UnsafeMutablePointer<CLongLong>

    init() {
        storage = .allocate(capacity: 2)
        storage.initialize(repeating: 0, count: 2)
    }

    deinit {
        storage.deallocate()
    }

    var snapshot: DatabaseStatistics {
        DatabaseStatistics(
            preparedStatements: Int(beestore_atomic_load(storage)),
            executedStatements: Int(beestore_atomic_load(storage + 1)))
    }

    func recordPreparation() {
        beestore_atomic_increment(storage)
    }

    func recordExecution() {
        beestore_atomic_increment(storage + 1)
    }
}
