import Foundation
/// A statement stopped because it ran longer than the configuration's
/// ``Configuration/statementTimeLimit``: a runaway query (an unbounded recursive CTE, a
/// join without an index on a large table) ends with this error instead of running on.
/// Nothing the statement did is kept when it wrote inside a transaction that the error
/// rolls back; the connection stays usable.
public struct StatementTimeLimitExceeded: Error, Sendable, CustomStringConvertible {
    /// The interrupted statement's SQL.
    public let sql: String
    /// The limit it ran past, in seconds; ``timeLimit`` is the same as a `Duration`.
    public let timeLimitInterval: TimeInterval

    /// The error for `sql`, stopped after `timeLimitInterval` seconds (a backend's own limit).
    package init(sql: String, timeLimitInterval: TimeInterval) {
        self.sql = sql
        self.timeLimitInterval = timeLimitInterval
    }

    /// The limit it ran past.
    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    public var timeLimit: Duration {
        .seconds(timeLimitInterval)
    }

    /// "statement ran past its time limit of 0.5 seconds: SELECT …".
    public var description: String {
        "statement ran past its time limit of \(timeLimitInterval) seconds: \(sql)"
    }
}
