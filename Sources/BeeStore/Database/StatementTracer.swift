import CSQLite
import Foundation

/// Hands each finished statement of a connection to the configuration's trace hook and
/// logger, through SQLite's profile callback. A connection installs one only when the
/// configuration asks for tracing or logging: otherwise statements cost nothing more.
final class StatementTracer: Sendable {
    private let reporter: StatementReporter

    /// The tracer `configuration` asks for, if any.
    init?(_ configuration: Configuration) {
        guard
            let reporter = StatementReporter(
                hook: configuration.trace, logger: configuration.logger,
                slowStatementThreshold: configuration.slowStatementThresholdInterval,
                showsValues: configuration.traceShowsValues)
        else { return nil }
        self.reporter = reporter
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
        reporter.report(nanoseconds: UInt64(max(0, nanoseconds))) { sql(of: statement) }
    }

    /// The statement's SQL, with its values when they are shown (its text alone when
    /// SQLite cannot expand it, past its length limit).
    private func sql(of statement: OpaquePointer) -> String {
        if reporter.showsValues, let expanded = sqlite3_expanded_sql(statement) {
            defer { sqlite3_free(expanded) }
            return String(cString: expanded)
        }
        return sqlite3_sql(statement).map { String(cString: $0) } ?? ""
    }
}
