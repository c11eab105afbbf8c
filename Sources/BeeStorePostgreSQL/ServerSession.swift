#if PostgreSQL
import BeeStore
import Foundation
import Logging
import NIOCore
import NIOPosix
import PostgresNIO

/// One connection to the server, used synchronously by one thread at a time: each
/// statement is sent through postgres-nio and its result awaited on the calling thread
/// (never a thread of SwiftNIO's event loops, nor of Swift's cooperative pool, whose
/// threads the `perform` methods keep free).
final class ServerSession {
    let connection: PostgresConnection
    private let logger: Logger
    private let timeLimit: TimeInterval?
    /// Set once a statement failed because the connection broke: the pool then closes
    /// and replaces the connection instead of handing it out again.
    private(set) var isBroken = false

    /// Where each statement is reported: nil when the configuration neither traces nor logs.
    private let reporter: StatementReporter?

    /// The statements this connection keeps prepared on the server.
    private var prepared = PreparedStatements()

    /// The column names of the results of the statements this connection ran unnamed (a
    /// prepared statement keeps its own).
    private var resultColumns = ResultColumns()

    /// What the record layer keeps for this connection: its lookups by key and row writers.
    let recordState = RecordConnectionState()

    /// The answers the session waits for, failed as soon as the connection closes.
    private let pending: PendingAnswers

    init(connection: PostgresConnection, logger: Logger, timeLimit: TimeInterval?, reporter: StatementReporter?) {
        self.connection = connection
        pending = PendingAnswers(watching: connection)
        self.logger = logger
        self.timeLimit = timeLimit
        self.reporter = reporter
    }

    /// The result of one statement: its rows, and the rows it changed.
    struct Outcome {
        let rows: [Row]
        let changes: Int
    }

    /// Runs `sql` with `values` bound to `$1`, `$2`, … and waits for its result; reports
    /// it, done or failed, when the configuration traces or logs statements. A statement
    /// that runs again on this connection runs prepared (see ``PreparedStatements``);
    /// `insideTransaction` says whether it may run again when the server no longer holds
    /// its prepared form as it was (outside a transaction only: inside one, the failure
    /// ended the transaction).
    func run(_ sql: String, _ values: [Value], insideTransaction: Bool) throws -> Outcome {
        let start = reporter == nil ? 0 : DispatchTime.now().uptimeNanoseconds
        let result: PostgresQueryResult
        let statement: PreparedStatements.PreparedStatement?
        do {
            (result, statement) = try send(sql, values, insideTransaction: insideTransaction)
        } catch {
            let failure = translated(error, sql: sql)
            report(sql, values, startedAt: start, failure: failure)
            throw failure
        }
        report(sql, values, startedAt: start, failure: nil)
        let rows = try CellConversion.rows(of: result.rows) { names in
            statement?.columns(named: names) ?? resultColumns.columns(of: sql, named: names)
        }
        return Outcome(rows: rows, changes: result.metadata.rows ?? 0)
    }

    /// Sends `sql` as its plan says: unnamed, or by its prepared name, preparing it (and
    /// letting the least used go) in the same round trip. Returns the result, and the
    /// prepared statement that gave it, if one did.
    private func send(
        _ sql: String, _ values: [Value], insideTransaction: Bool
    ) throws -> (PostgresQueryResult, PreparedStatements.PreparedStatement?) {
        let plan = prepared.plan(for: sql, values: values)
        guard case .prepared(let statement, let prepares, let released) = plan else {
            let result = try wait(for: PostgresQuery(unsafeSQL: sql, binds: UntypedParameter.bindings(for: values)))
            if case .unnamed(.other) = plan, !prepared.isEmpty {
                // A change of the schema may change what a prepared statement returns.
                prepared.forgetAll()
                _ = try wait(for: PostgresQuery(unsafeSQL: ServerStatements.deallocateAll))
            }
            return (result, nil)
        }
        let name = statement.name
        // The statements are sent one after the other without waiting: postgres-nio
        // queues them on the connection, and the server answers them in order.
        let housekeeping =
            released.map { query(ServerStatements.deallocate($0)) }
            + (prepares ? [query(ServerStatements.prepare(name, as: sql))] : [])
        let execution = query(ServerStatements.execute(name, with: values))
        do {
            for future in housekeeping { _ = try future.wait() }
        } catch {
            prepared.forget(sql)
            throw error
        }
        do {
            return (try execution.wait(), statement)
        } catch let error as PSQLError where Self.isStale(error) {
            // The server let the statement go (a `DEALLOCATE` of the app's), or its table
            // changed the columns it returns: prepared again on its next run.
            prepared.forget(sql)
            guard !insideTransaction else { throw error }
            // Let go of what the server may still hold under the name (nothing after a
            // `26000`): its failure would change nothing.
            let release = query(ServerStatements.deallocate(name))
            let retry = try wait(for: PostgresQuery(unsafeSQL: sql, binds: UntypedParameter.bindings(for: values)))
            _ = try? release.wait()
            return (retry, nil)
        }
    }

    /// `sql`, sent without waiting for its answer.
    private func query(_ sql: String) -> EventLoopFuture<PostgresQueryResult> {
        pending.answer(to: connection.query(PostgresQuery(unsafeSQL: sql), logger: logger))
    }

    /// The answer to `query`, waited for.
    private func wait(for query: PostgresQuery) throws -> PostgresQueryResult {
        try pending.answer(to: connection.query(query, logger: logger)).wait()
    }

    /// Whether `error` says that a prepared statement is gone (`26000`) or no longer
    /// returns the columns it was prepared with (`0A000`).
    private static func isStale(_ error: PSQLError) -> Bool {
        guard error.code == .server, let state = error.serverInfo?[.sqlState] else { return false }
        return state == "26000" || (state == "0A000" && error.serverInfo?[.message]?.contains("cached plan") == true)
    }

    /// Hands the statement that started at `start` to the reporter, with its `failure`, if any.
    private func report(_ sql: String, _ values: [Value], startedAt start: UInt64, failure: (any Error)?) {
        guard let reporter else { return }
        reporter.report(nanoseconds: DispatchTime.now().uptimeNanoseconds - start, failure: failure.map(Self.code)) {
            reporter.showsValues ? TracedSQL.sql(sql, showing: values) : sql
        }
    }

    /// The name the logger gives a failure: the server's `SQLSTATE` code (`57014` for the
    /// statement time limit), or the error's kind (`connection`) when the server gave none.
    private static func code(of failure: any Error) -> String {
        switch failure {
        case let error as PostgreSQLError: error.sqlState ?? "\(error.kind)"
        case is StatementTimeLimitExceeded: "57014"
        default: "connection"
        }
    }

    /// Closes the connection: waiting for the server to see it go, except on an event
    /// loop's thread, which must not wait for its own work.
    func close() {
        Self.close(connection)
    }

    /// Closes `connection` as ``close()`` does.
    static func close(_ connection: PostgresConnection) {
        let closing: EventLoopFuture<Void> = connection.close()
        if MultiThreadedEventLoopGroup.currentEventLoop == nil {
            try? closing.wait()
        }
    }

    /// postgres-nio's error as BeeStore's: the server's `SQLSTATE` and message for a
    /// refused statement, `StatementTimeLimitExceeded` for the statement time limit, and
    /// a connection error (marking the session broken) for anything that broke the link.
    private func translated(_ error: any Error, sql: String) -> any Error {
        guard let error = error as? PSQLError else {
            isBroken = true
            let message = (error as? PostgreSQLError)?.message ?? "the connection failed: \(error)"
            return PostgreSQLError(kind: .connection, message: message, sql: sql)
        }
        if error.code == .server, let info = error.serverInfo, !Self.endsConnection(info[.sqlState]) {
            let state = info[.sqlState]
            if state == "57014", let timeLimit, info[.message]?.contains("statement timeout") == true {
                return StatementTimeLimitExceeded(sql: sql, timeLimitInterval: timeLimit)
            }
            let detail = info[.detail].map { " (\($0))" } ?? ""
            return PostgreSQLError(
                kind: .statement, sqlState: state, message: (info[.message] ?? "\(error.code)") + detail, sql: sql)
        }
        isBroken = true
        let reason = error.serverInfo?[.message] ?? "\(error.code)"
        return PostgreSQLError(
            kind: .connection, sqlState: error.serverInfo?[.sqlState], message: "the connection failed: \(reason)", sql: sql)
    }

    /// Whether a server error ends the connection: a connection exception (class `08`),
    /// or the server shutting the session down (`57P01` to `57P03`).
    private static func endsConnection(_ state: String?) -> Bool {
        guard let state else { return false }
        return state.hasPrefix("08") || ["57P01", "57P02", "57P03"].contains(state)
    }
}
#endif
