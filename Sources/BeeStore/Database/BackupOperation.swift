import CSQLite

/// How a backup reaches its source connection.
enum BackupSourceAccess {
    /// The connection is the caller's for the whole backup.
    case held
    /// The connection is taken from `writer` for each call into SQLite and released between
    /// them, so that other threads write in between (SQLite then updates the copy itself).
    case perStep(SerializedConnection)

    func run<T>(_ body: () throws -> T) throws -> T {
        switch self {
        case .held: try body()
        case .perStep(let writer): try writer.withConnection { _ in try body() }
        }
    }
}

/// One run of SQLite's online backup API (`sqlite3_backup_*`) from a source connection to
/// a destination connection, step by step. The destination is the caller's for the whole
/// run; every call that touches the source goes through a ``BackupSourceAccess``.
struct BackupOperation {
    private let source: Connection
    private let destination: Connection

    init(from source: Connection, to destination: Connection) {
        self.source = source
        self.destination = destination
    }

    /// Copies every page, `pagesPerStep` at a time, each call into SQLite made inside
    /// `access`; `progress` is called after each step
    /// that leaves pages to copy, and a throw from it stops the copy. Until the last step,
    /// SQLite keeps the destination's changes in a transaction, rolled back when the copy stops.
    /// A step that finds the source locked by another process is tried again for up to
    /// `busyTimeout` seconds.
    func run(
        pagesPerStep: Int, busyTimeout: Double, access: BackupSourceAccess,
        progress: (BackupProgress) throws -> Void
    ) throws -> BackupProgress {
        precondition(pagesPerStep > 0, "a backup copies at least one page per step")
        let initialized = try access.run { sqlite3_backup_init(destination.handle, "main", source.handle, "main") }
        guard let handle = initialized else {
            throw destination.state.error(code: sqlite3_errcode(destination.handle), sql: nil)
        }
        // Finishing unlinks the backup from the source's pager: it touches the source too.
        // When the source database was closed meanwhile, no other thread uses its
        // connection any more, and the backup is finished without the access.
        var finished = false
        defer {
            if !finished, (try? access.run { sqlite3_backup_finish(handle) }) == nil { sqlite3_backup_finish(handle) }
        }
        let pages = Int32(clamping: pagesPerStep)
        while true {
            let code = try retryingWhileBusy(timeout: busyTimeout) {
                let code = try access.run { sqlite3_backup_step(handle, pages) }
                guard code & 0xFF != SQLITE_BUSY else {
                    throw DatabaseError(code: ResultCode(rawValue: code), message: String(cString: sqlite3_errstr(code)))
                }
                return code
            }
            let report = BackupProgress(
                copiedPageCount: Int(sqlite3_backup_pagecount(handle) - sqlite3_backup_remaining(handle)),
                totalPageCount: Int(sqlite3_backup_pagecount(handle)))
            guard code == SQLITE_OK else {
                // SQLite leaves the explanation of a failed step on the destination connection.
                let finishCode = try access.run { sqlite3_backup_finish(handle) }
                finished = true
                guard code == SQLITE_DONE, finishCode == SQLITE_OK else {
                    throw destination.state.error(code: code == SQLITE_DONE ? finishCode : code, sql: nil)
                }
                return report
            }
            try progress(report)
        }
    }
}
