/// The findings of SQLite's `PRAGMA integrity_check` and `PRAGMA foreign_key_check`.
public struct IntegrityReport: Sendable, Hashable {
    /// What the integrity check found wrong (corrupt pages, index entries that do not
    /// match their table, `NOT NULL` or `CHECK` violations); empty when it reported `ok`.
    public let problems: [String]

    /// Rows whose foreign key has no matching parent row.
    public let foreignKeyViolations: [ForeignKeyViolation]

    /// Whether both checks passed.
    public var isHealthy: Bool {
        problems.isEmpty && foreignKeyViolations.isEmpty
    }

    /// The number of findings of both checks.
    public var findingCount: Int {
        problems.count + foreignKeyViolations.count
    }
}
