/// A condition a person typed (a browser's `_where`), checked to be one expression that
/// stays inside the parentheses of the `WHERE (…)` it is put in: it cannot close a
/// parenthesis it did not open, end the statement, hide the rest of it in a comment or an
/// unclosed quote, or take parameters. What it computes is left to SQLite, which reads
/// it read-only under the connection's rules (time limit, refused `ATTACH`).
package enum SQLConditionText {
    /// Why `text` cannot stand inside `WHERE (…)`, or nil when it can.
    package static func problem(in text: String) -> String? {
        let sql = SQLTokens(text)
        guard !sql.tokens.isEmpty else { return "the condition is empty" }
        var covered = 0
        var depth = 0
        for token in sql.tokens {
            // Between tokens there is only white space, unless a comment was skipped.
            if sql.scalars[covered..<token.range.lowerBound].contains(where: { !isSpace($0) }) {
                return "a condition cannot hold a comment"
            }
            covered = token.range.upperBound
            let first = sql.scalars[token.range.lowerBound]
            switch token.kind {
            case .string, .quotedName:
                guard isClosed(sql.scalars[token.range]) else { return "a quote of the condition is not closed" }
            case .word where first == "$":
                return "a condition cannot take parameters"
            case .punctuation:
                switch first {
                case "(": depth += 1
                case ")":
                    depth -= 1
                    if depth < 0 { return "the condition closes a parenthesis it did not open" }
                case ";": return "a condition cannot end the statement"
                case "?", ":", "@": return "a condition cannot take parameters"
                default: break
                }
            default: break
            }
        }
        if sql.scalars[covered...].contains(where: { !isSpace($0) }) { return "a condition cannot hold a comment" }
        return depth == 0 ? nil : "a parenthesis of the condition is not closed"
    }

    private static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        [" ", "\t", "\n", "\r", "\u{0C}"].contains(scalar)
    }

    /// Whether the quoted token `scalars` ends with its closing quote, every closing quote
    /// inside it doubled (`'it''s'`), rather than running to the end of the text.
    private static func isClosed(_ scalars: ArraySlice<Unicode.Scalar>) -> Bool {
        guard let opening = scalars.first, scalars.count >= 2 else { return false }
        let closing: Unicode.Scalar = opening == "[" ? "]" : opening
        var index = scalars.startIndex + 1
        while index < scalars.endIndex - 1 {
            if scalars[index] == closing {
                guard closing != "]", scalars[index + 1] == closing else { return false }
                index += 2
            } else {
                index += 1
            }
        }
        return index == scalars.endIndex - 1 && scalars[index] == closing
    }
}
