import Foundation
import Logging

/// Hands each statement a connection ran to a configuration's trace hook and logger: the
/// hook receives every one; the logger logs each at `debug` level, and one that took the
/// slow-statement threshold or longer at `warning` level, with its duration in the
/// `duration_ms` metadata. SQLite's tracer and the PostgreSQL backend's sessions report
/// through it.
package struct StatementReporter: Sendable {
    private let hook: (@Sendable (TracedStatement) -> Void)?
    private let logger: Logger?
    private let slowStatementThreshold: TimeInterval
    /// Whether the SQL reported shows the bound values in place of the placeholders.
    package let showsValues: Bool

    /// A reporter to `hook` and `logger`, or nil when there is neither: then statements
    /// cost nothing more.
    package init?(
        hook: (@Sendable (TracedStatement) -> Void)?, logger: Logger?,
        slowStatementThreshold: TimeInterval, showsValues: Bool
    ) {
        guard hook != nil || logger != nil else { return nil }
        self.hook = hook
        self.logger = logger
        self.slowStatementThreshold = slowStatementThreshold
        self.showsValues = showsValues
    }

    /// Reports a statement that took `nanoseconds` to run, and, when it failed, the
    /// `failure` the logger writes in the `error` metadata. `sql` is asked for only when
    /// the hook or the logger takes the statement.
    package func report(nanoseconds: UInt64, failure: String? = nil, sql: () -> String) {
        let duration = TimeInterval(nanoseconds) / 1e9
        let isSlow = logger != nil && duration >= slowStatementThreshold
        let logsEach = logger.map { $0.logLevel <= .debug } ?? false
        guard hook != nil || isSlow || logsEach else { return }
        let traced = TracedStatement(sql: sql(), durationInterval: duration)
        hook?(traced)
        guard let logger else { return }
        var metadata: Logger.Metadata = ["duration_ms": "\(Double(nanoseconds) / 1_000_000)"]
        if let failure { metadata["error"] = .string(failure) }
        if isSlow {
            logger.warning("slow statement: \(traced.sql)", metadata: metadata)
        } else if logsEach {
            logger.debug("\(traced.sql)", metadata: metadata)
        }
    }
}
