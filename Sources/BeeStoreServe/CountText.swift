/// Counts as the pages show them: digits grouped by thousands with commas (`3,503`).
enum CountText {
    /// `count` with its digits grouped by thousands.
    static func number<Count: BinaryInteger>(_ count: Count) -> String {
        let digits = Array(String(count.magnitude))
        var grouped = ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index).isMultiple(of: 3) { grouped += "," }
            grouped.append(digit)
        }
        return (count < 0 ? "-" : "") + grouped
    }

    /// `1 row`, `3,503 rows`.
    static func rows<Count: BinaryInteger>(_ count: Count) -> String {
        count == 1 ? "1 row" : "\(number(count)) rows"
    }
}
