// SQLite island: a connection's set-up is SQLite's own PRAGMAs (the schema read that
// tells a database from another file, foreign keys), run before any builder exists.
import CSQLite
import Foundation

/// One SQLite connection, handed to the closures of ``Database/read(_:)``,
/// ``Database/write(_:)`` and ``Database/transaction(_:_:)``.
///
/// A connection is used by one thread at a time: do not keep it beyond the closure
/// that gave it to you.
///
/// ```swift
/// try db.write { connection in
///     try connection.execute("INSERT INTO player (name) VALUES (?)", ["Arthur"])
///     print(connection.lastInsertRowID)
/// }
/// ```
public final class Connection {
    /// The path of the database file (`":memory:"` for an in-memory database).
    public let path: String

    let handle: OpaquePointer
    let state: ConnectionState
    private let statementCache: StatementCache
    // The transaction state below is read and written only by the thread holding the
    // connection, and no access overlaps another (no handler runs inside one): the
    // runtime's exclusivity checks, five a write transaction of about 88 instructions
    // each (callgrind: about 440 of a one-row write transaction), are left out.
    /// `BEGIN` and `COMMIT`, kept apart from ``statementCache``.
    @exclusivity(unchecked) private var transactionStatements = TransactionStatements()
    /// What a layer above keeps per connection, set once by that layer (the record
    /// layer's prepared lookups by key); released before the connection closes.
    // Only the thread holding the connection reads or sets it, and no access overlaps
    // another: the runtime's exclusivity checks, two calls at every lookup by key (about
    // 20 instructions of the 7,300 a `find` takes), are left out.
    @exclusivity(unchecked) var upperLayerState: AnyObject?
    /// What waits for the fate of the open transaction, one list per level: the
    /// transaction, then each savepoint in it (their count names the savepoints).
    @exclusivity(unchecked) private var outcomeHandlers: [[(_ committed: Bool) -> Void]] = []
    /// The work ``afterCommit(_:)`` registered whose transaction committed, for the
    /// database to run once it released the connection.
    @exclusivity(unchecked) private var committedWork: [() -> Void] = []
    /// Present on the writer connection of a database: the tables its commits change.
    @exclusivity(unchecked) private(set) var changeTracker: ChangeTracker?
    /// Present when the configuration traces or logs statements.
    private let tracer: StatementTracer?
    /// Whether `ATTACH` and `DETACH` may run (see ``AttachRefusal``).
    let allowsAttach: Bool

    /// Opens a connection, or throws a ``DatabaseError`` (for example `SQLITE_CANTOPEN`
    /// for a path in a missing directory, `SQLITE_NOTADB` for a file that is not a database).
    init(path: String, readOnly: Bool, configuration: Configuration, counters: StatementCounters) throws {
        var flags = SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_URI
        if readOnly {
            flags |= SQLITE_OPEN_READONLY
        } else {
            flags |= SQLITE_OPEN_READWRITE | (configuration.createIfMissing ? SQLITE_OPEN_CREATE : 0)
        }
        var handle: OpaquePointer?
        let code = sqlite3_open_v2(path, &handle, flags, nil)
        guard code == SQLITE_OK, let handle else {
            let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(code))
            let extended = handle.map { sqlite3_extended_errcode($0) } ?? code
            sqlite3_close_v2(handle)
            throw DatabaseError(code: ResultCode(rawValue: extended), message: "\(message): \(path)")
        }
        self.path = path
        self.handle = handle
        allowsAttach = configuration.allowsAttach
        if !allowsAttach { AttachRefusal.install(on: handle) }
        let timeLimit = StatementTimeLimit(configuration)
        timeLimit?.install(on: handle)
        self.state = ConnectionState(handle: handle, counters: counters, timeLimit: timeLimit)
        self.statementCache = StatementCache(capacity: configuration.statementCacheCapacity)
        self.tracer = StatementTracer(configuration)
        tracer?.install(on: handle)
        sqlite3_extended_result_codes(handle, 1)
        beestore_disable_double_quoted_strings(handle)
        // Clamped as a Double: converting a huge or infinite timeout to an integer would trap.
        let milliseconds = (configuration.busyTimeout * 1000).rounded()
        sqlite3_busy_timeout(
            handle, milliseconds >= Double(Int32.max) ? .max : milliseconds > 0 ? Int32(milliseconds) : 0)
        do {
            // Reading the schema version fails at once on a file that is not a database.
            try execute("PRAGMA schema_version")
            try setEnforcesForeignKeys(configuration.foreignKeysEnabled)
        } catch let error as DatabaseError {
            throw DatabaseError(
                code: error.extendedResultCode, message: "\(error.message): \(path)", sql: error.sql)
        }
        try configuration.prepareConnection?(self)
    }

    deinit {
        changeTracker?.uninstall(from: handle)
        statementCache.removeAll()
        transactionStatements = TransactionStatements()
        upperLayerState = nil
        sqlite3_close_v2(handle)
    }

    /// Starts tracking the tables this connection's commits change.
    func trackChanges() {
        let tracker = ChangeTracker(refusesAttach: !allowsAttach)
        tracker.install(on: handle)
        changeTracker = tracker
    }

    /// The row id of the last successful `INSERT` on this connection.
    public var lastInsertRowID: Int64 {
        sqlite3_last_insert_rowid(handle)
    }

    /// The number of rows changed by the last `INSERT`, `UPDATE` or `DELETE` on this connection.
    public var changes: Int {
        Int(sqlite3_changes64(handle))
    }

    /// The number of rows changed since the connection opened.
    public var totalChanges: Int {
        Int(sqlite3_total_changes64(handle))
    }

    /// Whether a transaction is open on this connection.
    public var isInTransaction: Bool {
        sqlite3_get_autocommit(handle) == 0
    }

    /// The database's statement counts, all its connections together.
    public var statistics: DatabaseStatistics {
        state.counters.snapshot
    }

    /// A prepared statement for `sql`, reused across calls with the same text. If the
    /// cached statement is in use (a nested query with the same SQL), a new one is returned.
    public func cachedStatement(_ sql: String) throws -> Statement {
        if let cached = statementCache[sql] {
            return cached.isBusy ? try makeStatement(sql) : cached
        }
        let statement = try makeStatement(sql)
        statementCache[sql] = statement
        return statement
    }

    /// A new prepared statement for one SQL statement (not cached).
    public func makeStatement(_ sql: String) throws -> Statement {
        try Self.requireNoNUL(sql)
        var statementHandle: OpaquePointer?
        var tail: UnsafePointer<CChar>?
        let code = sql.withCString { text in
            let code = sqlite3_prepare_v3(handle, text, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statementHandle, &tail)
            if code == SQLITE_OK, let tail, Connection.containsStatement(tail) {
                sqlite3_finalize(statementHandle)
                statementHandle = nil
                return SQLITE_MISUSE
            }
            return code
        }
        guard code == SQLITE_OK else {
            if code == SQLITE_MISUSE {
                throw DatabaseError(
                    code: .misuse,
                    message: "more than one statement: use execute(script:) to run several", sql: sql)
            }
            throw state.error(code: code, sql: sql)
        }
        guard let statementHandle else {
            throw DatabaseError(code: .misuse, message: "no SQL statement to prepare", sql: sql)
        }
        state.counts.recordPreparation()
        return Statement(sql: sql, handle: statementHandle, state: state)
    }

    /// SQLite reads SQL text up to its first NUL byte: text with one inside would run
    /// only its beginning, so it is refused whole.
    private static func requireNoNUL(_ sql: String) throws {
        guard sql.utf8.contains(0) else { return }
        throw DatabaseError(code: .misuse, message: "SQL text contains a NUL character (U+0000)", sql: sql)
    }

    /// Runs one SQL statement with its arguments.
    public func execute(_ sql: String, _ arguments: StatementArguments = []) throws {
        try cachedStatement(sql).execute(arguments)
    }

    /// Runs several `;`-separated SQL statements, without arguments, in order.
    /// The statements before a failing one stay applied unless you wrap the call in a transaction.
    public func execute(script: String) throws {
        try forEachStatement(in: script) { statement, _ in try statement.execute() }
    }

    /// Prepares the `;`-separated statements of `script` one at a time, in order, and calls
    /// `body` with each (and whether it is the last), so that a statement may use what the
    /// ones before it created. Whitespace and comments between statements are skipped.
    func forEachStatement(in script: String, _ body: (Statement, _ isLast: Bool) throws -> Void) throws {
        try Self.requireNoNUL(script)
        try script.withCString { start in
            var next: UnsafePointer<CChar>? = start
            while let current = next, current.pointee != 0 {
                var statementHandle: OpaquePointer?
                let code = sqlite3_prepare_v2(handle, current, -1, &statementHandle, &next)
                let text = next.map { String(decoding: UnsafeRawBufferPointer(start: current, count: $0 - current), as: UTF8.self) }
                guard code == SQLITE_OK else {
                    throw state.error(code: code, sql: Self.failedStatement(from: current, parsedUpTo: next))
                }
                guard let statementHandle else { continue }  // only whitespace or comments remained
                state.counts.recordPreparation()
                let statement = Statement(
                    sql: (text ?? "").trimmingCharacters(in: .whitespacesAndNewlines), handle: statementHandle,
                    state: state)
                try body(statement, next.map { !Self.containsStatement($0) } ?? true)
            }
        }
    }

    /// Runs a query and returns all its rows.
    public func fetchAll(_ sql: String, _ arguments: StatementArguments = []) throws -> [Row] {
        try cachedStatement(sql).fetchAll(arguments)
    }

    /// Runs a query and returns its first row, if any.
    public func fetchOne(_ sql: String, _ arguments: StatementArguments = []) throws -> Row? {
        try cachedStatement(sql).fetchOne(arguments)
    }

    /// Runs a query and converts the first column of its first row; nil when there is
    /// no row or the value is `NULL`.
    public func fetchValue<T: DatabaseValueConvertible>(
        _ type: T.Type, _ sql: String, _ arguments: StatementArguments = []
    ) throws -> T? {
        guard let row = try fetchOne(sql, arguments), row.count > 0, !row[0].isNull else { return nil }
        return try row.decode(T.self, at: 0)
    }

    /// The text of a statement that failed to compile, for its error: from its start to the
    /// first `;` at or after where SQLite stopped reading (a syntax error stops it early),
    /// or to the end of the script.
    private static func failedStatement(from start: UnsafePointer<CChar>, parsedUpTo stop: UnsafePointer<CChar>?) -> String {
        let rest = String(cString: start)
        let parsed = stop.map { $0 - start } ?? 0
        let bytes = Array(rest.utf8)
        let end = bytes[min(parsed, bytes.count)...].firstIndex(of: UInt8(ascii: ";")).map { $0 + 1 } ?? bytes.count
        return String(decoding: bytes[..<end], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Whether `text` holds anything but whitespace, `;` and comments.
    private static func containsStatement(_ text: UnsafePointer<CChar>) -> Bool {
        var pointer = text
        while pointer.pointee != 0 {
            switch UInt8(bitPattern: pointer.pointee) {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: ";"):
                pointer += 1
            case UInt8(ascii: "-") where pointer[1] == CChar(UInt8(ascii: "-")):
                while pointer.pointee != 0 && pointer.pointee != CChar(UInt8(ascii: "\n")) { pointer += 1 }
            case UInt8(ascii: "/") where pointer[1] == CChar(UInt8(ascii: "*")):
                pointer += 2
                while pointer.pointee != 0
                    && !(pointer.pointee == CChar(UInt8(ascii: "*")) && pointer[1] == CChar(UInt8(ascii: "/"))) {
                    pointer += 1
                }
                if pointer.pointee != 0 { pointer += 2 }
            default:
                return true
            }
        }
        return false
    }
}

extension Connection {
    /// Runs `body` in a transaction: committed when it returns, rolled back when it
    /// throws. Inside a transaction, it runs in a savepoint instead, so that a failure
    /// rolls back only its own changes and leaves the outer transaction intact.
    public func transaction<T>(
        _ kind: TransactionKind = .immediate, _ body: (Connection) throws -> T
    ) throws -> T {
        if isInTransaction {
            return try savepoint(body)
        }
        try transactionStatements.begin(kind, on: self).executeBound()
        outcomeHandlers.append([])
        let result: T
        do {
            result = try body(self)
            try transactionStatements.commit(on: self).executeBound()
        } catch {
            finishTransaction(SQLDialect.sqlite.rollbackTransaction)
            endLevel(committed: false)
            throw error
        }
        endLevel(committed: true)
        return result
    }

    private func savepoint<T>(_ body: (Connection) throws -> T) throws -> T {
        let name = "beestore_savepoint_\(outcomeHandlers.count)"
        let dialect = SQLDialect.sqlite
        try execute(dialect.savepoint(name))
        outcomeHandlers.append([])
        changeTracker?.savepointBegan()
        let result: T
        do {
            result = try body(self)
            try execute(dialect.releaseSavepoint(name))
        } catch {
            finishTransaction(dialect.rollbackToSavepoint(name))
            changeTracker?.savepointEnded(rolledBack: true)
            if isInTransaction { try? execute(dialect.releaseSavepoint(name)) }
            endLevel(committed: false)
            throw error
        }
        changeTracker?.savepointEnded(rolledBack: false)
        endLevel(committed: true)
        return result
    }

    /// Calls `handler` once the changes made so far in the open transaction are final:
    /// with `true` when the outermost transaction commits, with `false` when the
    /// transaction, or the savepoint `handler` was registered in, rolls back. Outside a
    /// transaction opened by ``transaction(_:_:)`` (autocommit, or a `BEGIN` run as
    /// plain SQL, which BeeStore does not follow), `handler` is called at once with `true`.
    func afterTransaction(_ handler: @escaping (_ committed: Bool) -> Void) {
        guard !outcomeHandlers.isEmpty else { return handler(true) }
        outcomeHandlers[outcomeHandlers.count - 1].append(handler)
    }

    /// Keeps `work` for ``takeCommittedWork()`` once the changes made so far are
    /// committed (see ``afterTransaction(_:)``); drops it when they roll back.
    func afterCommit(_ work: @escaping () -> Void) {
        afterTransaction { [unowned self] committed in
            if committed { committedWork.append(work) }
        }
    }

    /// The work registered by ``afterCommit(_:)`` whose transaction committed, in the
    /// order it was registered; the connection keeps none of it.
    func takeCommittedWork() -> [() -> Void] {
        defer { committedWork = [] }
        return committedWork
    }

    /// Closes the innermost level of ``outcomeHandlers``: a released savepoint hands its
    /// handlers to the level around it; a commit of the outermost transaction or a
    /// rollback calls them.
    private func endLevel(committed: Bool) {
        let handlers = outcomeHandlers.removeLast()
        if committed, !outcomeHandlers.isEmpty {
            outcomeHandlers[outcomeHandlers.count - 1].append(contentsOf: handlers)
            return
        }
        for handler in handlers { handler(committed) }
    }

    /// Ends the open transaction with `sql`, unless SQLite already ended it (it rolls
    /// back by itself on some errors, such as a full disk).
    private func finishTransaction(_ sql: String) {
        guard isInTransaction else { return }
        try? execute(sql)
    }

    /// Runs `body` in a deferred read transaction, so all its statements see one snapshot.
    func readTransaction<T>(_ body: () throws -> T) throws -> T {
        if isInTransaction {
            return try body()
        }
        try transactionStatements.begin(.deferred, on: self).executeBound()
        defer {
            if isInTransaction { try? transactionStatements.commit(on: self).executeBound() }
        }
        return try body()
    }

    /// Runs `body` refusing statements that write.
    func readOnlyAccess<T>(_ body: () throws -> T) rethrows -> T {
        let previous = state.isReadOnlyAccess
        state.isReadOnlyAccess = true
        defer { state.isReadOnlyAccess = previous }
        return try body()
    }
}

/// How a transaction takes its locks (`BEGIN DEFERRED | IMMEDIATE | EXCLUSIVE`).
public enum TransactionKind: String, Sendable {
    /// Locks are taken by the first statement that needs them.
    case deferred = "DEFERRED"
    /// The write lock is taken at once, so the transaction never fails later with
    /// `SQLITE_BUSY` because another connection started writing first. The default.
    case immediate = "IMMEDIATE"
    /// Like immediate; in rollback-journal modes, also keeps readers out.
    case exclusive = "EXCLUSIVE"
}
