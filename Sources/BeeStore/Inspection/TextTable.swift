/// Rows of text laid out in aligned columns, for terminals:
///
/// ```
/// id | name   | score
/// ---+--------+------
///  1 | Arthur |   100
/// ```
///
/// Widths are measured in terminal columns, so CJK text and emoji line up; cells wider
/// than ``maximumCellWidth`` are cut with an ellipsis. Trailing spaces are trimmed.
struct TextTable {
    var headers: [String]
    var rows: [[String]]
    /// The indexes of the columns aligned to the right (numbers).
    var rightAlignedColumns: Set<Int> = []
    var maximumCellWidth = Int.max

    /// The laid-out table, each line ending with a line break.
    func rendered() -> String {
        let header = headers.map { $0.truncated(toDisplayWidth: maximumCellWidth) }
        let body = rows.map { row in row.map { $0.truncated(toDisplayWidth: maximumCellWidth) } }
        var widths = header.map(\.displayWidth)
        for row in body {
            for (index, cell) in row.enumerated() where index < widths.count {
                widths[index] = max(widths[index], cell.displayWidth)
            }
        }
        let rule = widths.map { String(repeating: "-", count: $0) }.joined(separator: "-+-")
        return ([line(header, widths: widths), rule] + body.map { line($0, widths: widths) })
            .map { $0 + "\n" }.joined()
    }

    private func line(_ cells: [String], widths: [Int]) -> String {
        let padded = widths.indices.map { index in
            let cell = index < cells.count ? cells[index] : ""
            let padding = String(repeating: " ", count: widths[index] - cell.displayWidth)
            return rightAlignedColumns.contains(index) ? padding + cell : cell + padding
        }
        let text = padded.joined(separator: " | ")
        return String(text.reversed().drop { $0 == " " }.reversed())
    }
}
