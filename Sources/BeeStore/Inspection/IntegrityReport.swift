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

/// A row whose foreign key references a missing parent row.
public struct ForeignKeyViolation: Sendable, Hashable {
    /// The table holding the row.
    public let table: String

    /// The row's `rowid`; nil for a `WITHOUT ROWID` table.
    public let rowID: Int64?

    /// The table the foreign key references.
    public let referencedTable: String

    /// The index of the foreign key in `PRAGMA foreign_key_list` of ``table``.
    public let foreignKeyIndex: Int
}
