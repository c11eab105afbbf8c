/// Rows in aligned columns, as the table format or a Markdown table, written as they
/// come: the widths and the alignment (numbers to the right) are settled on the first
/// batch of rows, which is kept until then; later rows use them, a wider cell pushing the
/// rest of its line to the right.
struct AlignedRowFormat {
    /// Which kind of table.
    enum Style {
        /// The terminal table, cells cut at a width, `NULL` as `<null>`, followed by the
        /// row count.
        case table(maximumCellWidth: Int)
        /// A Markdown (GitHub) table, cells whole and shown as in the table format,
        /// Markdown's special characters escaped.
        case markdown
    }

    private let style: Style
    private let headers: [String]
    private let batchSize: Int
    private var pending: [[String]] = []
    /// Whether each column has held only numbers and `NULL`s so far.
    private var isNumeric: [Bool]
    private var layout: TextTableLayout?

    init(columns: [String], style: Style, batchSize: Int) {
        self.style = style
        self.headers = columns.map { Self.cell(fromText: $0, style: style) }
        self.batchSize = max(batchSize, 1)
        self.isNumeric = Array(repeating: true, count: columns.count)
    }

    mutating func writeRow(_ row: some ColumnValues, columnCount: Int, into buffer: inout OutputBuffer) {
        var cells: [String] = []
        cells.reserveCapacity(columnCount)
        for index in 0..<min(columnCount, headers.count) {
            row.withValue(at: index) { value in
                if layout == nil && !value.isNumberOrNull { isNumeric[index] = false }
                cells.append(Self.cell(from: value, style: style))
            }
        }
        if let layout {
            buffer.append(layout.line(cells) + "\n")
        } else {
            pending.append(cells)
            if pending.count >= batchSize { settle(into: &buffer) }
        }
    }

    /// Writes what is still kept (the header at least) and, for the table style, the row
    /// count: `(3 rows)`, or `(50 rows shown, more not shown)` when the rows stopped at a
    /// limit.
    mutating func writeEnd(summary: ResultSummary, into buffer: inout OutputBuffer) {
        guard case .table = style else {
            if !headers.isEmpty { settle(into: &buffer) }
            return
        }
        guard !headers.isEmpty else {
            let changed = summary.changedRowCount
            buffer.append(changed.map { $0 == 1 ? "(1 row changed)\n" : "(\($0) rows changed)\n" } ?? "(0 rows)\n")
            return
        }
        settle(into: &buffer)
        let count = summary.rowCount == 1 ? "1 row" : "\(summary.rowCount) rows"
        buffer.append(summary.hasMoreRows ? "(\(count) shown, more not shown)\n" : "(\(count))\n")
    }

    private mutating func settle(into buffer: inout OutputBuffer) {
        guard layout == nil else { return }
        let numeric = pending.isEmpty ? [] : Set(isNumeric.indices.filter { isNumeric[$0] })
        let markdown: Bool
        if case .markdown = style { markdown = true } else { markdown = false }
        let layout = TextTableLayout(
            header: headers, rows: pending, rightAlignedColumns: numeric, style: markdown ? .markdown : .plain)
        buffer.append(([layout.line(headers), layout.rule] + pending.map(layout.line)).map { $0 + "\n" }.joined())
        pending = []
        self.layout = layout
    }

    private static func cell(from value: ColumnValue, style: Style) -> String {
        switch style {
        case .table(let width): value.cellText.truncated(toDisplayWidth: max(width, 2))
        case .markdown: value.cellText.markdownEscaped
        }
    }

    private static func cell(fromText text: String, style: Style) -> String {
        switch style {
        case .table(let width): text.truncated(toDisplayWidth: max(width, 2))
        case .markdown: text.markdownEscaped
        }
    }
}

extension String {
    /// The text with the characters Markdown would read as markup or as a cell boundary
    /// (`\ | * _ ` < > [ ] ~ &`) escaped with a backslash, so that it shows as it is.
    var markdownEscaped: String {
        guard utf8.contains(where: Self.isMarkdownSpecial) else { return self }
        var result = ""
        for scalar in unicodeScalars {
            if scalar.isASCII && Self.isMarkdownSpecial(UInt8(scalar.value)) { result.unicodeScalars.append("\\") }
            result.unicodeScalars.append(scalar)
        }
        return result
    }

    private static func isMarkdownSpecial(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "\\"), UInt8(ascii: "|"), UInt8(ascii: "*"), UInt8(ascii: "_"), UInt8(ascii: "`"), UInt8(ascii: "<"),
            UInt8(ascii: ">"), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "~"), UInt8(ascii: "&"):
            true
        default:
            false
        }
    }
}
