/// A statement stopped because it ran longer than the configuration's
/// ``Configuration/statementTimeLimit``: a runaway query (an unbounded recursive CTE, a
/// join without an index on a large table) ends with this error instead of running on.
/// Nothing the statement did is kept when it wrote inside a transaction that the error
/// rolls back; the connection stays usable.
public struct StatementTimeLimitExceeded: Error, Sendable, CustomStringConvertible {
    /// The interrupted statement's SQL.
    public let sql: String
    /// The limit it ran past.
    public let timeLimit: Duration

    /// "statement ran past its time limit of 0.5 seconds: SELECT …".
    public var description: String {
        "statement ran past its time limit of \(timeLimit): \(sql)"
    }
}
