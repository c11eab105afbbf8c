/// Rows of cells as a Markdown table, ready for a README: the first row is the header,
/// every column padded to its widest cell.
public func markdownTable(_ rows: [[String]]) -> String {
    guard let header = rows.first else { return "" }
    let widths = header.indices.map { column in rows.map { $0[column].count }.max() ?? 0 }
    func line(_ cells: [String]) -> String {
        "| " + zip(cells, widths).map { $0 + String(repeating: " ", count: $1 - $0.count) }.joined(separator: " | ") + " |"
    }
    let separator = "|" + widths.map { String(repeating: "-", count: $0 + 2) }.joined(separator: "|") + "|"
    return ([line(header), separator] + rows.dropFirst().map(line)).joined(separator: "\n")
}

/// A number with two decimals.
public func format(_ value: Double) -> String {
    let hundredths = Int((value * 100).rounded())
    let fraction = hundredths % 100
    return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
}

/// `1234567` → `1,234,567`.
public func grouped(_ count: Int) -> String {
    var digits = String(count)
    var result = ""
    while digits.count > 3 {
        result = "," + digits.suffix(3) + result
        digits.removeLast(3)
    }
    return digits + result
}
