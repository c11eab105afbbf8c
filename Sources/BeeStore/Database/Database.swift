// SQLite island: opening a file sets SQLite's journal mode, synchronous level and the
// readers' query_only flag with PRAGMAs, which no other dialect has.
import Foundation

/// A SQLite database: a file or an in-memory database, safe to share between threads
/// and tasks.
///
/// A file database in WAL mode (the default) has one writer connection and a small pool
/// of reader connections: ``read(_:)`` runs on a reader, in parallel with other reads and
/// with the writer, on a consistent snapshot; ``write(_:)`` is serialised on the writer.
/// Writes take the write lock at once (`BEGIN IMMEDIATE`) and wait for other processes
/// through the busy timeout, so "database is locked" does not surface in normal use.
/// An in-memory database, or a file in another journal mode, uses one connection.
///
/// Calls nest: a `read` or `write` made while the same thread is already inside a
/// `write` of this database reuses its connection and transaction (a nested
/// transaction becomes a savepoint).
///
/// ```swift
/// let db = try Database(path: "app.sqlite")
/// try db.execute("CREATE TABLE IF NOT EXISTS player (id INTEGER PRIMARY KEY, name TEXT NOT NULL)")
/// try db.transaction { connection in
///     try connection.execute("INSERT INTO player (name) VALUES (?)", ["Arthur"])
///     try connection.execute("INSERT INTO player (name) VALUES (?)", ["Barbara"])
/// }
/// let names = try db.read { connection in
///     try connection.fetchAll("SELECT name FROM player ORDER BY name").map { try $0.decode(String.self, at: 0) }
/// }
/// ```
public final class Database: Sendable {
    /// The path of the database file (`":memory:"` for an in-memory database).
    public let path: String

    /// The configuration the database was opened with.
    public let configuration: Configuration

    let writer: SerializedConnection
    let readers: ReaderPool?
    /// Whether the file is in WAL mode, where readers keep their snapshot while the writer commits.
    let usesWAL: Bool
    private let counters: StatementCounters

    /// Handlers told, after each write on the writer that committed, what it changed.
    private let commitObservers = Protected<[UInt64: @Sendable (DatabaseChanges) -> Void]>([:])
    private let nextObserverID = Protected<UInt64>(0)

    /// State that the record layer keeps per database: the record types whose tables are
    /// known to be up to date. One object, set once, of the record layer's own type.
    let recordLayerState = Protected<(any AnyObject & Sendable)?>(nil)

    /// Opens (and, unless the configuration says otherwise, creates) the database file at `path`.
    ///
    /// Throws a ``DatabaseError`` when the file cannot be opened (a missing directory,
    /// no permission) or is not a SQLite database.
    public convenience init(path: String, configuration: Configuration = Configuration()) throws {
        try self.init(location: path, configuration: configuration)
    }

    /// Opens a new, private, in-memory database.
    public static func inMemory(configuration: Configuration = Configuration()) throws -> Database {
        try Database(location: ":memory:", configuration: configuration)
    }

    private init(location: String, configuration: Configuration) throws {
        let counters = StatementCounters()
        let writerConnection = try Connection(
            path: location, readOnly: configuration.readOnly, configuration: configuration, counters: counters)
        try Self.setUp(writerConnection, configuration: configuration)
        writerConnection.trackChanges()
        let usesWAL = try writerConnection.fetchValue(String.self, "PRAGMA journal_mode")?.lowercased() == "wal"
        self.path = location
        self.configuration = configuration
        self.counters = counters
        self.writer = SerializedConnection(writerConnection)
        self.usesWAL = usesWAL
        // A read-only database has no writes of its own to wait for its readers, so its
        // reads run in parallel whatever the journal mode.
        if (usesWAL || configuration.readOnly) && location != ":memory:" {
            self.readers = ReaderPool(maximumCount: configuration.maximumReaderCount) {
                let reader = try Connection(path: location, readOnly: true, configuration: configuration, counters: counters)
                try reader.execute("PRAGMA query_only = 1")
                return reader
            }
        } else {
            self.readers = nil
        }
    }

    private static func setUp(_ connection: Connection, configuration: Configuration) throws {
        guard !configuration.readOnly, connection.path != ":memory:" else { return }
        if let mode = configuration.journalMode {
            // Changing the journal mode needs the file to itself, and SQLite answers busy at
            // once instead of calling the busy handler when another connection is opening
            // it too: wait as for any other write, up to the busy timeout.
            try retryingWhileBusy(timeout: configuration.busyTimeout) {
                if try connection.fetchValue(String.self, "PRAGMA journal_mode")?.lowercased() != mode.rawValue.lowercased() {
                    try connection.execute("PRAGMA journal_mode = \(mode.rawValue)")
                }
            }
        }
        if try connection.fetchValue(String.self, "PRAGMA journal_mode")?.lowercased() == "wal" {
            try connection.execute("PRAGMA synchronous = \(configuration.synchronous.rawValue)")
        }
    }

    /// Statement counters of all this database's connections: how many statements were
    /// compiled and how many were run.
    public var statistics: DatabaseStatistics {
        counters.snapshot
    }

    /// Whether reads run on their own connections, in parallel with each other and with the
    /// writer: WAL file databases, and read-only file databases in any journal mode.
    public var hasReaderPool: Bool {
        readers != nil
    }

    /// Runs `body` with a connection that sees a consistent snapshot of the database and
    /// refuses writes. In WAL mode it runs on a reader connection, in parallel with other
    /// reads and with the writer. Inside a `write` of this database on the same thread,
    /// it runs on the writer, and sees the writer's uncommitted changes.
    public func read<T>(_ body: (Connection) throws -> T) throws -> T {
        try withReader(inTransaction: true, body)
    }

    /// Runs `body` on the writer connection in a transaction (a savepoint when nested):
    /// committed when `body` returns, rolled back when it throws. Writes are serialised.
    public func write<T>(_ body: (Connection) throws -> T) throws -> T {
        try transaction(.immediate, body)
    }

    /// {Bee}'s `BATCH_BEGIN`/`BATCH_END`: the same as ``write(_:)``, with a choice of
    /// transaction kind (`.immediate` by default).
    public func transaction<T>(_ kind: TransactionKind = .immediate, _ body: (Connection) throws -> T) throws -> T {
        try writeWithoutTransaction { connection in
            try connection.transaction(kind, body)
        }
    }

    /// Runs `body` on the writer connection without opening a transaction: each statement
    /// commits on its own. Use it for statements that cannot run in a transaction
    /// (`VACUUM`, some `PRAGMA`s).
    public func writeWithoutTransaction<T>(_ body: (Connection) throws -> T) throws -> T {
        let context = ThreadContext.current
        if let held = context.entry(for: self) {
            guard held.isWriter else {
                throw DatabaseError(code: .misuse, message: "cannot write from inside a read of the same database")
            }
            return try body(held.connection)
        }
        var committed = DatabaseChanges()
        var committedWork: [() -> Void] = []
        // Observers are told, and work waiting for the commit runs, once the writer is
        // released, so that they may read or write.
        defer {
            notifyCommit(committed)
            for work in committedWork { work() }
        }
        return try writer.withConnection { connection in
            // Rows and columns are followed only while someone observes the database.
            connection.changeTracker?.followRows(isObserved, on: connection.handle)
            defer {
                if let tracker = connection.changeTracker, tracker.hasCommitted {
                    if isObserved {
                        committed = connection.takeCommittedChanges()
                    } else {
                        tracker.dropCommitted()
                    }
                }
                committedWork = connection.takeCommittedWork()
            }
            return try context.holding(connection, for: self, isWriter: true) {
                try body(connection)
            }
        }
    }

    /// The writer connection, when the current thread is inside a write of this database.
    var currentWriter: Connection? {
        guard let held = ThreadContext.current.entry(for: self), held.isWriter else { return nil }
        return held.connection
    }

    /// Whether the current thread is inside a read of this database (and not a write).
    var isInsideRead: Bool {
        ThreadContext.current.entry(for: self).map { !$0.isWriter } ?? false
    }

    /// Whether a commit observer is registered.
    private var isObserved: Bool { !commitObservers.value.isEmpty }

    /// Registers `handler` to be called, on the writing thread after the writer is
    /// released, with what each write that committed changed. Returns a token for
    /// ``removeCommitObserver(_:)``.
    func addCommitObserver(_ handler: @escaping @Sendable (DatabaseChanges) -> Void) -> UInt64 {
        let id = nextObserverID.withLock { id -> UInt64 in
            id += 1
            return id
        }
        commitObservers.withLock { $0[id] = handler }
        return id
    }

    /// Stops calling a handler registered with ``addCommitObserver(_:)``.
    func removeCommitObserver(_ id: UInt64) {
        commitObservers.withLock { $0[id] = nil }
    }

    private func notifyCommit(_ changes: DatabaseChanges) {
        guard !changes.isEmpty else { return }
        for handler in commitObservers.value.values {
            handler(changes)
        }
    }

    /// Runs a read, in a snapshot transaction or (for a single statement) without one.
    func withReader<T>(inTransaction: Bool, _ body: (Connection) throws -> T) throws -> T {
        if let held = ThreadContext.currentEntry(for: self) {
            return try body(held.connection)
        }
        let context = ThreadContext.current
        let run = { (connection: Connection) throws -> T in
            try context.holding(connection, for: self, isWriter: false) {
                try connection.readOnlyAccess {
                    inTransaction ? try connection.readTransaction { try body(connection) } : try body(connection)
                }
            }
        }
        if let readers {
            return try readers.withConnection(run)
        }
        return try writer.withConnection(run)
    }

    /// Closes the database's connections. Later uses throw a ``DatabaseError``.
    /// Connections in use are closed when their current access ends.
    public func close() {
        writer.close()
        readers?.close()
    }
}

extension Database {
    /// Runs one SQL statement with its arguments on the writer.
    public func execute(_ sql: String, _ arguments: StatementArguments = []) throws {
        try writeWithoutTransaction { try $0.execute(sql, arguments) }
    }

    /// Runs several `;`-separated statements in one transaction: all or nothing.
    public func execute(script: String) throws {
        try write { try $0.execute(script: script) }
    }

    /// Runs a query and returns all its rows.
    public func fetchAll(_ sql: String, _ arguments: StatementArguments = []) throws -> [Row] {
        try withReader(inTransaction: false) { try $0.fetchAll(sql, arguments) }
    }

    /// Runs a query and returns its first row, if any.
    public func fetchOne(_ sql: String, _ arguments: StatementArguments = []) throws -> Row? {
        try withReader(inTransaction: false) { try $0.fetchOne(sql, arguments) }
    }

    /// Runs a query and converts the first column of its first row; nil when there is
    /// no row or the value is `NULL`.
    public func fetchValue<T: DatabaseValueConvertible>(
        _ type: T.Type, _ sql: String, _ arguments: StatementArguments = []
    ) throws -> T? {
        try withReader(inTransaction: false) { try $0.fetchValue(type, sql, arguments) }
    }

    /// The row id of the writer's last successful `INSERT`. Other threads may insert in
    /// between: read ``Connection/lastInsertRowID`` inside a `write` to be sure.
    public var lastInsertRowID: Int64 {
        get throws { try writeWithoutTransaction { $0.lastInsertRowID } }
    }

    /// The number of rows changed by the writer's last statement (see ``lastInsertRowID``).
    public var changes: Int {
        get throws { try writeWithoutTransaction { $0.changes } }
    }
}
