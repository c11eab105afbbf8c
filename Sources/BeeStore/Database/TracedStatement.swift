import Foundation

/// A statement a connection ran, as a database's trace hook receives it.
public struct TracedStatement: Sendable {
    /// The statement's SQL with its bound values written in place (`WHERE id = 42`), or
    /// with its placeholders (`WHERE id = ?`, `WHERE id = $1`) when the configuration
    /// hides values.
    public let sql: String
    /// How long the database took to run it, in seconds; ``duration`` is the same as a
    /// `Duration`.
    public let durationInterval: TimeInterval

    /// A statement that ran as `sql` in `durationInterval` seconds (a backend's own trace).
    package init(sql: String, durationInterval: TimeInterval) {
        self.sql = sql
        self.durationInterval = durationInterval
    }

    /// How long the database took to run it.
    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    public var duration: Duration {
        .seconds(durationInterval)
    }
}
