#if PostgreSQL
import BeeStore
import Foundation
import Logging
import NIOCore
import NIOSSL
import PostgresNIO

/// A bounded set of server connections: an operation takes a free one, or opens one while
/// fewer than the maximum are open, or waits for one up to the configuration's wait; a
/// connection that broke is closed and forgotten, so that the next operation opens a
/// fresh one.
// Every mutable property is read and written with `condition` locked, and the sessions
// it holds are handed to one thread at a time: the class is safe to share although the
// compiler cannot see it.
final class ConnectionPool: @unchecked Sendable {
    private let configuration: PostgreSQLConfiguration
    private let logger: Logger
    private let reporter: StatementReporter?
    private let condition = NSCondition()
    private var idle: [ServerSession] = []
    private var openCount = 0
    private var isClosed = false
    private var nextID = 0

    init(configuration: PostgreSQLConfiguration) {
        self.configuration = configuration
        self.logger = configuration.logger ?? Logger(label: "BeeStore.PostgreSQL", factory: { _ in SwiftLogNoOpLogHandler() })
        self.reporter = StatementReporter(
            hook: configuration.trace, logger: configuration.logger,
            slowStatementThreshold: configuration.slowStatementThresholdInterval,
            showsValues: configuration.traceShowsValues)
    }

    /// Runs `body` with a connection of the pool, then hands the connection back (or,
    /// when it broke, closes it).
    func withSession<T>(_ body: (ServerSession) throws -> T) throws -> T {
        let session = try acquire()
        defer { release(session) }
        return try body(session)
    }

    private func acquire() throws -> ServerSession {
        let deadline = Date(timeIntervalSinceNow: configuration.connectionWaitInterval)
        condition.lock()
        while true {
            if isClosed {
                condition.unlock()
                throw PostgreSQLError(kind: .connection, message: "the database is closed")
            }
            if let session = idle.popLast() {
                condition.unlock()
                return session
            }
            if openCount < configuration.maximumConnectionCount {
                openCount += 1
                nextID += 1
                let id = nextID
                condition.unlock()
                do {
                    return try open(id: id)
                } catch {
                    condition.lock()
                    openCount -= 1
                    condition.signal()
                    condition.unlock()
                    throw error
                }
            }
            guard condition.wait(until: deadline) else {
                condition.unlock()
                throw PostgreSQLError(
                    kind: .connectionWait,
                    message: "no connection became free in \(configuration.connectionWaitInterval) seconds (\(configuration.maximumConnectionCount) in use)")
            }
        }
    }

    private func release(_ session: ServerSession) {
        condition.lock()
        let keep = !session.isBroken && !session.connection.isClosed && !isClosed
        if keep {
            idle.append(session)
        } else {
            openCount -= 1
        }
        condition.signal()
        condition.unlock()
        if !keep { session.close() }
    }

    private func open(id: Int) throws -> ServerSession {
        ServerSession(
            connection: try openConnection(id: id), logger: logger, timeLimit: configuration.statementTimeLimitInterval,
            reporter: reporter)
    }

    /// A new connection to the server, outside the pool (the change listener's).
    func openConnection() throws -> PostgresConnection {
        let id = condition.withLock {
            nextID += 1
            return nextID
        }
        return try openConnection(id: id)
    }

    private func openConnection(id: Int) throws -> PostgresConnection {
        guard (1...65535).contains(configuration.port) else {
            throw PostgreSQLError(kind: .configuration, message: "port \(configuration.port) is not a TCP port (1 to 65535)")
        }
        var connectionConfiguration = PostgresConnection.Configuration(
            host: configuration.host, port: configuration.port, username: configuration.username,
            password: configuration.password, database: configuration.database, tls: try tls())
        connectionConfiguration.options.connectTimeout = .milliseconds(Int64(configuration.connectionWaitInterval * 1000))
        connectionConfiguration.options.additionalStartupParameters = startupParameters
        let eventLoop = PostgresConnection.defaultEventLoopGroup.any()
        do {
            return try PostgresConnection.connect(
                on: eventLoop, configuration: connectionConfiguration, id: id, logger: logger
            ).wait()
        } catch let error as PSQLError {
            let message = error.serverInfo?[.message] ?? "\(error.code)"
            throw PostgreSQLError(
                kind: .connection,
                message: "cannot connect to \(configuration.host):\(configuration.port): \(message)")
        } catch {
            throw PostgreSQLError(
                kind: .connection, message: "cannot connect to \(configuration.host):\(configuration.port): \(error)")
        }
    }

    /// The settings every connection starts with: UTC, so that BeeStore's date text (UTC)
    /// means the same instant in `timestamptz` columns; the statement time limit.
    private var startupParameters: [(String, String)] {
        var parameters = [("TimeZone", "UTC"), ("application_name", "BeeStore")]
        if let limit = configuration.statementTimeLimitInterval {
            parameters.append(("statement_timeout", String(max(1, Int((limit * 1000).rounded())))))
        }
        return parameters
    }

    private func tls() throws -> PostgresConnection.Configuration.TLS {
        switch configuration.tls {
        case .disable:
            return .disable
        case .prefer:
            var tlsConfiguration = TLSConfiguration.makeClientConfiguration()
            tlsConfiguration.certificateVerification = .none
            return .prefer(try NIOSSLContext(configuration: tlsConfiguration))
        case .require:
            return .require(try NIOSSLContext(configuration: .makeClientConfiguration()))
        }
    }

    deinit {
        for session in idle { session.close() }
    }

    /// Closes the idle connections now, and those in use when they come back.
    func close() {
        condition.lock()
        isClosed = true
        let sessions = idle
        idle = []
        openCount -= sessions.count
        condition.broadcast()
        condition.unlock()
        for session in sessions { session.close() }
    }
}
#endif
