/// What a ``ResultWriter`` wrote.
public struct ResultSummary: Sendable, Hashable {
    /// The result's column names (none for a statement that returns no rows).
    public let columnNames: [String]

    /// The number of rows written.
    public let rowCount: Int

    /// Whether the rows stopped at the writer's row limit while more were left (they
    /// were not read).
    public let hasMoreRows: Bool

    /// The number of rows the statement inserted, updated or deleted; nil for a
    /// statement that does not write.
    public let changedRowCount: Int?
}
