#if PostgreSQL
import BeeStore
import Foundation
import Logging

/// Where a ``PostgreSQLDatabase`` connects and how it uses its connections.
///
/// ```swift
/// var configuration = try PostgreSQLConfiguration(url: "postgres://app@127.0.0.1:5432/shop")
/// configuration.maximumConnectionCount = 16
/// configuration.statementTimeLimitInterval = 2
/// let db = try PostgreSQLDatabase(configuration: configuration)
/// ```
public struct PostgreSQLConfiguration: Sendable {
    /// The server's host name or address.
    public var host: String

    /// The server's port (default: 5432).
    public var port: Int

    /// The role BeeStore connects as.
    public var username: String

    /// The role's password; nil when the server trusts the connection or uses another method.
    public var password: String?

    /// The database to open; nil for the one named after ``username``.
    public var database: String?

    /// Whether connections are encrypted (default: ``TLSMode/disable``).
    public var tls: TLSMode = .disable

    /// The most connections the database opens at once (default: 8). An operation that
    /// finds every connection busy waits for one, up to ``connectionWaitInterval``.
    public var maximumConnectionCount = 8

    /// How long, in seconds, an operation waits for a free connection or for a new
    /// connection to open before failing with ``PostgreSQLError`` (default: 10).
    public var connectionWaitInterval: TimeInterval = 10

    /// The longest a statement may run, in seconds, before the server cancels it (its
    /// `statement_timeout`) and the operation throws `StatementTimeLimitExceeded`
    /// (default: nil, no limit).
    public var statementTimeLimitInterval: TimeInterval?

    /// Where connection events and statements are logged (default: nil, nowhere): each
    /// statement at `debug` level, and one that takes ``slowStatementThresholdInterval`` or
    /// longer at `warning` level, with its duration in the `duration_ms` metadata; a failed
    /// statement also carries its `SQLSTATE` code (or `connection`, when the connection
    /// broke) in the `error` metadata. postgres-nio logs its own events at `debug` and
    /// `trace` levels.
    public var logger: Logger?

    /// Called with each statement the database's connections run, its SQL and how long
    /// the server took to answer it (default: nil, no tracing, at no cost). It is called
    /// on the thread that ran the statement, once the statement's rows have arrived, or
    /// once it failed: a statement the server refused or whose connection broke is traced
    /// like any other, with the time until its failure, before its error is thrown.
    ///
    /// ```swift
    /// configuration.trace = { statement in print(statement.durationInterval, statement.sql) }
    /// ```
    public var trace: (@Sendable (TracedStatement) -> Void)?

    /// How long, in seconds, a statement runs before ``logger`` logs it as slow (default:
    /// 0.1); ``slowStatementThreshold`` is the same as a `Duration`.
    public var slowStatementThresholdInterval: TimeInterval = 0.1

    /// How long a statement runs before ``logger`` logs it as slow (default: 100 ms).
    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    public var slowStatementThreshold: Duration {
        get { .seconds(slowStatementThresholdInterval) }
        set { slowStatementThresholdInterval = newValue.timeInterval }
    }

    /// Whether traced and logged SQL shows bound values in place of its placeholders, as
    /// PostgreSQL literals (`WHERE name = 'O''Hare'`), or keeps the placeholders (`WHERE
    /// name = $1`) (default: true); false keeps values (personal data, secrets) out of
    /// traces and logs.
    public var traceShowsValues = true

    /// How connections are encrypted.
    public enum TLSMode: Sendable, Equatable {
        /// Plain TCP: for a server on loopback or a private network.
        case disable
        /// TLS when the server offers it, plain TCP otherwise, without checking the certificate.
        case prefer
        /// TLS, with the server's certificate checked against the system's trusted roots.
        case require
    }

    /// A configuration for the server at `host`:`port`, as `username`.
    public init(host: String, port: Int = 5432, username: String, password: String? = nil, database: String? = nil) {
        self.host = host
        self.port = port
        self.username = username
        self.password = password
        self.database = database
    }
}
#endif
