import Foundation
import Logging

/// How a ``Database`` opens and sets up its connections.
///
/// ```swift
/// var configuration = Configuration()
/// configuration.busyTimeout = 10
/// configuration.maximumReaderCount = 2
/// let db = try Database(path: "app.sqlite", configuration: configuration)
/// ```
public struct Configuration: Sendable {
    /// The journal mode set when a file database opens (default: WAL, which lets reads
    /// run in parallel with the writer). `nil` leaves the file's mode as it is.
    public var journalMode: JournalMode? = .wal

    /// Whether foreign key constraints are enforced (default: true).
    public var foreignKeysEnabled = true

    /// How long, in seconds, a connection waits for another process's lock before
    /// failing with `SQLITE_BUSY` (default: 5).
    public var busyTimeout: TimeInterval = 5

    /// Opens the file read-only: writes fail, and a missing file is an error instead of
    /// being created (default: false).
    public var readOnly = false

    /// Whether a missing file is created (default: true; ignored when ``readOnly``).
    public var createIfMissing = true

    /// Whether `ATTACH` and `DETACH` may run (default: true). When false they are refused
    /// as they are prepared, with ``ResultCode/auth``: a tool that runs SQL it is given
    /// sets it (with ``readOnly``), so that no statement opens or creates another file.
    public var allowsAttach = true

    /// The most reader connections a WAL file database opens for parallel reads (default: 4).
    public var maximumReaderCount = 4

    /// The `synchronous` setting applied in WAL mode (default: `.normal`, durable across
    /// application crashes; use `.full` to also survive power loss for the last commits).
    public var synchronous: SynchronousMode = .normal

    /// How many prepared statements each connection keeps for reuse (default: 256).
    public var statementCacheCapacity = 256

    /// Who owns the tables of record types (default: `.automatic`, records create their
    /// tables and add the columns they gain).
    public var schemaOwnership: SchemaOwnership = .automatic

    /// Called with each statement the database's connections run, its SQL and its
    /// duration, on the thread that ran it (default: nil, no tracing, at no cost).
    ///
    /// ```swift
    /// configuration.trace = { statement in print(statement.duration, statement.sql) }
    /// ```
    public var trace: (@Sendable (TracedStatement) -> Void)?

    /// Where statements are logged (default: nil, no logging, at no cost): each one at
    /// `debug` level, and those that take ``slowStatementThreshold`` or longer at
    /// `warning` level, with their duration in the `duration_ms` metadata.
    public var logger: Logger?

    /// How long, in seconds, a statement runs before ``logger`` logs it as slow (default:
    /// 0.1); ``slowStatementThreshold`` is the same as a `Duration`.
    public var slowStatementThresholdInterval: TimeInterval = 0.1

    /// How long a statement runs before ``logger`` logs it as slow (default: 100 ms).
    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    public var slowStatementThreshold: Duration {
        get { .seconds(slowStatementThresholdInterval) }
        set { slowStatementThresholdInterval = newValue.timeInterval }
    }

    /// How long one statement may run, from the start of its execution, before it is
    /// interrupted with ``StatementTimeLimitExceeded``; nil (the default) sets no limit.
    /// A read-only tool answering arbitrary queries sets one, so that a runaway query
    /// (`WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r) SELECT count(*)
    /// FROM r`) stops instead of holding its connection. The clock is checked every few
    /// thousand SQLite instructions, so a statement stops a little after its limit. Only
    /// the time SQLite spends stepping the statement counts: the time its caller takes
    /// with each row (writing it to a slow reader, say) does not.
    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    public var statementTimeLimit: Duration? {
        get { statementTimeLimitInterval.map { .seconds($0) } }
        set { statementTimeLimitInterval = newValue?.timeInterval }
    }

    /// ``statementTimeLimit`` in seconds, on every system.
    public var statementTimeLimitInterval: TimeInterval?

    /// Whether traced and logged SQL shows bound values in place of its placeholders
    /// (default: true); false keeps values (personal data, secrets) out of traces and logs.
    public var traceShowsValues = true

    /// Called with each connection the database opens (the writer and every reader), once
    /// it is set up and before any other use: where SQL functions and collations are
    /// added, so that every statement finds them whichever connection runs it. Throwing
    /// fails the opening of the database (or of the reader) with that error.
    ///
    /// ```swift
    /// configuration.prepareConnection = { connection in
    ///     try connection.add(DatabaseCollation.localized)
    ///     try connection.add(DatabaseFunction("initials") { (name: String) in String(name.prefix(1)) })
    /// }
    /// ```
    public var prepareConnection: (@Sendable (Connection) throws -> Void)?

    /// The default configuration.
    public init() {}
}

/// SQLite's journal modes (`PRAGMA journal_mode`).
public enum JournalMode: String, Sendable {
    /// Write-ahead logging: readers do not block the writer and the writer does not block readers.
    case wal
    /// A rollback journal deleted at the end of each transaction (SQLite's default).
    case delete
    /// A rollback journal truncated at the end of each transaction.
    case truncate
    /// A rollback journal whose header is zeroed at the end of each transaction.
    case persist
    /// A rollback journal kept in memory.
    case memory
    /// No journal: a crash can corrupt the database.
    case off
}

/// SQLite's `PRAGMA synchronous` levels.
public enum SynchronousMode: String, Sendable {
    /// No syncs: fastest, not crash safe.
    case off
    /// Syncs at checkpoints in WAL mode.
    case normal
    /// Syncs at every commit.
    case full
}

/// Who owns the tables of record types in a database.
public enum SchemaOwnership: Sendable {
    /// Records create their tables when missing and add the columns a type gains, never
    /// inside a read, and refuse changes they cannot make safely: for prototypes and small apps.
    case automatic
    /// Migrations own the schema: records never create or alter a table, and a table that
    /// does not match its record type is a ``RecordError/schemaMismatch(record:differences:)``
    /// on the type's first use. Migrations make tables from record types, and add the
    /// columns they gain, with ``Connection/updateTables(for:)``.
    case managed
}
