/// The result of a statement: its column names and rows, and for a statement that
/// writes, how many rows it changed.
public struct QueryResult: Sendable, Hashable {
    /// The result's column names, in order (empty for a statement that returns no rows).
    public let columnNames: [String]

    /// The rows, each with one value per column.
    public let rows: [[Value]]

    /// The number of rows the statement inserted, updated or deleted; nil for a statement
    /// that does not write.
    public let changedRowCount: Int?

    /// Whether the statement had rows after ``rows``, left unread because the result was
    /// limited to its first rows.
    public let hasMoreRows: Bool

    /// Creates a result.
    public init(columnNames: [String], rows: [[Value]], changedRowCount: Int? = nil, hasMoreRows: Bool = false) {
        self.columnNames = columnNames
        self.rows = rows
        self.changedRowCount = changedRowCount
        self.hasMoreRows = hasMoreRows
    }
}
