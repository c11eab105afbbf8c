import CSQLite

/// What a connection's statements share with it: its handle (for error messages),
/// whether the current access may write, and the database's statement counters.
final class ConnectionState {
    let handle: OpaquePointer
    let counters: StatementCounters
    var isReadOnlyAccess = false

    init(handle: OpaquePointer, counters: StatementCounters) {
        self.handle = handle
        self.counters = counters
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

/// Counters shared by all connections of one database.
final class StatementCounters: Sendable {
    private let state = Protected(DatabaseStatistics())

    var snapshot: DatabaseStatistics { state.value }

    func recordPreparation() {
        state.withLock { $0.preparedStatements += 1 }
    }

    func recordExecution() {
        state.withLock { $0.executedStatements += 1 }
    }
}
