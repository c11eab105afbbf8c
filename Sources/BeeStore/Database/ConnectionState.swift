import CSQLite

/// What a connection's statements share with it: its handle (for error messages),
/// whether the current access may write, and its statement counts.
final class ConnectionState {
    let handle: OpaquePointer
    /// The database's counters, which keep ``counts`` allocated.
    let counters: StatementCounters
    /// This connection's own counts, among ``counters``.
    let counts: StatementCountSlot
    // Read and written by the one thread using the connection.
    @exclusivity(unchecked) var isReadOnlyAccess = false
    /// Present when the configuration limits how long a statement runs.
    let timeLimit: StatementTimeLimit?

    init(handle: OpaquePointer, counters: StatementCounters, timeLimit: StatementTimeLimit?) {
        self.handle = handle
        self.counters = counters
        self.counts = counters.makeSlot()
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
