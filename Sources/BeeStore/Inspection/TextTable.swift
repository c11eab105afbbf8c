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
        let layout = TextTableLayout(header: header, rows: body, rightAlignedColumns: rightAlignedColumns, style: .plain)
        return ([layout.line(header), layout.rule] + body.map(layout.line)).map { $0 + "\n" }.joined()
    }
}

/// The column widths and alignment of a table, and how its lines are drawn: plain text
/// for terminals, or a Markdown (GitHub) table.
struct TextTableLayout {
    /// How lines are drawn.
    enum Style {
        /// `a | b` over a `--+--` rule, trailing spaces trimmed.
        case plain
        /// `| a | b |` over a `|---|--:|` rule.
        case markdown
    }

    let widths: [Int]
    let rightAlignedColumns: Set<Int>
    let style: Style

    /// A layout wide enough for the header and the rows.
    init(header: [String], rows: [[String]], rightAlignedColumns: Set<Int>, style: Style) {
        var widths = header.map(\.displayWidth)
        for row in rows {
            for (index, cell) in row.enumerated() where index < widths.count {
                widths[index] = max(widths[index], cell.displayWidth)
            }
        }
        self.widths = widths
        self.rightAlignedColumns = rightAlignedColumns
        self.style = style
    }

    /// The rule under the header.
    var rule: String {
        switch style {
        case .plain:
            return widths.map { String(repeating: "-", count: $0) }.joined(separator: "-+-")
        case .markdown:
            let cells = widths.indices.map { index in
                rightAlignedColumns.contains(index)
                    ? String(repeating: "-", count: widths[index] + 1) + ":"
                    : String(repeating: "-", count: widths[index] + 2)
            }
            return "|" + cells.joined(separator: "|") + "|"
        }
    }

    /// One line of cells, padded to the widths (a cell wider than its column pushes the
    /// rest of the line to the right); missing cells are empty.
    func line(_ cells: [String]) -> String {
        let padded = widths.indices.map { index in
            let cell = index < cells.count ? cells[index] : ""
            let padding = String(repeating: " ", count: max(0, widths[index] - cell.displayWidth))
            return rightAlignedColumns.contains(index) ? padding + cell : cell + padding
        }
        switch style {
        case .plain:
            let text = padded.joined(separator: " | ")
            guard let last = text.utf8.lastIndex(where: { $0 != UInt8(ascii: " ") }) else { return "" }
            return String(text[..<text.utf8.index(after: last)])
        case .markdown:
            return "| " + padded.joined(separator: " | ") + " |"
        }
    }
}
