import CSQLite
import Foundation
import Logging

/// A statement a connection ran to its end, as a database's trace hook receives it.
public struct TracedStatement: Sendable {
    /// The statement's SQL with its bound values written in place (`WHERE id = 42`), or
    /// with its placeholders (`WHERE id = ?`) when the configuration hides values.
    public let sql: String
    /// How long SQLite took to run it, in seconds; ``duration`` is the same as a `Duration`.
    public let durationInterval: TimeInterval

    /// How long SQLite took to run it.
    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    public var duration: Duration {
        .seconds(durationInterval)
    }
}

/// Hands each finished statement of a connection to the configuration's trace hook and
/// logger, through SQLite's profile callback. A connection installs one only when the
/// configuration asks for tracing or logging: otherwise statements cost nothing more.
final class StatementTracer: Sendable {
    private let hook: (@Sendable (TracedStatement) -> Void)?
    private let logger: Logger?
    private let slowStatementThreshold: TimeInterval
    private let showsValues: Bool

    /// The tracer `configuration` asks for, if any.
    init?(_ configuration: Configuration) {
        guard configuration.trace != nil || configuration.logger != nil else { return nil }
        hook = configuration.trace
        logger = configuration.logger
        slowStatementThreshold = configuration.slowStatementThresholdInterval
        showsValues = configuration.traceShowsValues
    }

    /// Starts tracing the statements of `handle`. The connection keeps the tracer for as
    /// long as the handle is open, so the unretained context stays valid.
    func install(on handle: OpaquePointer) {
        // Unretained: the connection holds the tracer until after it closes the handle.
        let context = Unmanaged.passUnretained(self).toOpaque()
        sqlite3_trace_v2(handle, UInt32(SQLITE_TRACE_PROFILE), { _, context, statement, elapsed in
            guard let context, let statement, let elapsed else { return 0 }
            let tracer = Unmanaged<StatementTracer>.fromOpaque(context).takeUnretainedValue()
            tracer.finished(OpaquePointer(statement), nanoseconds: elapsed.load(as: Int64.self))
            return 0
        }, context)
    }

    private func finished(_ statement: OpaquePointer, nanoseconds: Int64) {
        let duration = TimeInterval(nanoseconds) / 1e9
        let isSlow = logger != nil && duration >= slowStatementThreshold
        let logsEach = logger.map { $0.logLevel <= .debug } ?? false
        guard hook != nil || isSlow || logsEach else { return }
        let traced = TracedStatement(sql: sql(of: statement), durationInterval: duration)
        hook?(traced)
        guard let logger else { return }
        let metadata: Logger.Metadata = ["duration_ms": "\(Double(nanoseconds) / 1_000_000)"]
        if isSlow {
            logger.warning("slow statement: \(traced.sql)", metadata: metadata)
        } else if logsEach {
            logger.debug("\(traced.sql)", metadata: metadata)
        }
    }

    /// The statement's SQL, with its values when they are shown (its text alone when
    /// SQLite cannot expand it, past its length limit).
    private func sql(of statement: OpaquePointer) -> String {
        if showsValues, let expanded = sqlite3_expanded_sql(statement) {
            defer { sqlite3_free(expanded) }
            return String(cString: expanded)
        }
        return sqlite3_sql(statement).map { String(cString: $0) } ?? ""
    }
}
