/// How a ``ResultWriter`` (and ``QueryResult/formatted(as:maximumCellWidth:)``) writes rows.
public enum ResultFormat: String, Sendable, CaseIterable {
    /// Aligned columns for a terminal, wide cells cut with an ellipsis, `NULL` as
    /// `<null>`, a blob as its size and first bytes, followed by the row count.
    case table
    /// A JSON array with one object per row, one row per line; values whole and exact
    /// (see `JSONRowFormat`).
    case json
    /// RFC 4180 comma-separated values with a header record; values whole, and typed by
    /// how they are written (see `CSVRowFormat`).
    case csv
    /// A Markdown (GitHub) table: cells as in the table format but whole.
    case markdown
}

extension QueryResult {
    /// The result written in `format`, ending with a line break. In the table format,
    /// cells wider than `maximumCellWidth` terminal columns are cut with an ellipsis.
    public func formatted(as format: ResultFormat, maximumCellWidth: Int = 40) -> String {
        let collector = ByteCollector()
        var writer = ResultWriter(
            format: format, output: collector, options: ResultWriter.Options(maximumCellWidth: maximumCellWidth))
        // Writing to memory cannot fail.
        _ = try? writer.write(self)
        return collector.text
    }
}
