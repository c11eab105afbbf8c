/// How ``QueryResult/formatted(as:maximumCellWidth:)`` writes a result.
public enum ResultFormat: String, Sendable, CaseIterable {
    /// Aligned columns for a terminal, wide cells cut with an ellipsis, followed by the
    /// row count.
    case table
    /// A JSON array with one object per row, one row per line; values are not cut.
    case json
    /// RFC 4180 comma-separated values with a header record; values are not cut.
    case csv
}

extension QueryResult {
    /// The result written in `format`, ending with a line break. In the table format,
    /// cells wider than `maximumCellWidth` terminal columns are cut with an ellipsis;
    /// `NULL` shows as `<null>` and a blob as its size and first bytes. JSON and CSV keep
    /// every value whole: there `NULL` is `null` or an empty field and a blob its
    /// uppercase hexadecimal digits.
    public func formatted(as format: ResultFormat, maximumCellWidth: Int = 40) -> String {
        switch format {
        case .table: tableText(maximumCellWidth: maximumCellWidth)
        case .json: jsonText
        case .csv: csvText
        }
    }

    private func tableText(maximumCellWidth: Int) -> String {
        let count = rows.count == 1 ? "(1 row)" : "(\(rows.count) rows)"
        guard !columnNames.isEmpty else {
            return changedRowCount.map { $0 == 1 ? "(1 row changed)\n" : "(\($0) rows changed)\n" } ?? count + "\n"
        }
        // Columns holding only numbers (and NULLs) are aligned to the right.
        let numeric = Set(columnNames.indices.filter { index in
            !rows.isEmpty && rows.allSatisfy { row in
                switch row.indices.contains(index) ? row[index] : .null {
                case .integer, .real, .null: true
                case .text, .blob: false
                }
            }
        })
        let table = TextTable(
            headers: columnNames, rows: rows.map { $0.map(\.cellText) }, rightAlignedColumns: numeric,
            maximumCellWidth: max(maximumCellWidth, 2))
        return table.rendered() + count + "\n"
    }
}
