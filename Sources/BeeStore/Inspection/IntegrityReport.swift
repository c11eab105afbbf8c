/// The findings of SQLite's `PRAGMA integrity_check` and `PRAGMA foreign_key_check`.
public struct IntegrityReport: Sendable, Hashable, Encodable {
    /// What the integrity check found wrong, in SQLite's words (corrupt pages, index
    /// entries that do not match their table, `NOT NULL` or `CHECK` violations), followed
    /// by the error that stopped the check, if one did; empty when it reported `ok`.
    public let problems: [String]

    /// Rows whose foreign key has no matching parent row.
    public let foreignKeyViolations: [ForeignKeyViolation]

    /// Why the foreign key check could not run (a corrupt file), if it could not.
    public let foreignKeyCheckFailure: String?

    /// Creates a report.
    public init(problems: [String], foreignKeyViolations: [ForeignKeyViolation], foreignKeyCheckFailure: String? = nil) {
        self.problems = problems
        self.foreignKeyViolations = foreignKeyViolations
        self.foreignKeyCheckFailure = foreignKeyCheckFailure
    }

    /// Whether both checks ran and passed.
    public var isHealthy: Bool {
        findingCount == 0
    }

    /// The number of findings of both checks (a check that could not run counts as one).
    public var findingCount: Int {
        problems.count + foreignKeyViolations.count + (foreignKeyCheckFailure == nil ? 0 : 1)
    }
}
