/// What a column definition of a `CREATE TABLE` says beyond what `PRAGMA table_xinfo`
/// reports.
struct ColumnDefinitionParts: Equatable {
    /// The expression of a generated column, as written between its parentheses.
    var generatedExpression: String?
    /// The collation named by `COLLATE`.
    var collation: String?
}

extension SQLTokens {
    /// The parts of each column definition of a `CREATE TABLE` statement, keyed by the
    /// column's name as SQLite compares names (table constraints left out).
    var columnDefinitions: [SQLName: ColumnDefinitionParts] {
        guard let open = tokens.indices.first(where: { isPunctuation("(", at: $0) }) else { return [:] }
        var definitions: [SQLName: ColumnDefinitionParts] = [:]
        for item in commaSeparatedItems(inParenthesesAt: open) {
            let first = item.lowerBound
            let constraintKeywords = ["CONSTRAINT", "PRIMARY", "UNIQUE", "CHECK", "FOREIGN"]
            guard tokens[first].kind != .punctuation,
                !(tokens[first].kind == .word && constraintKeywords.contains(text(at: first).uppercased()))
            else { continue }
            var parts = ColumnDefinitionParts()
            let rest = (first + 1)..<item.upperBound
            if let generated = firstKeyword("AS", in: rest), isPunctuation("(", at: generated + 1) {
                let close = closingParenthesis(of: generated + 1)
                if close > generated + 2 { parts.generatedExpression = text(from: generated + 2, through: close - 1) }
            }
            if let collate = firstKeyword("COLLATE", in: rest), collate + 1 < item.upperBound {
                parts.collation = name(at: collate + 1)
            }
            definitions[SQLName(name(at: first))] = parts
        }
        return definitions
    }

    /// The condition of a partial index's `CREATE INDEX … WHERE condition`, as written.
    var indexCondition: String? {
        guard let open = tokens.indices.first(where: { isPunctuation("(", at: $0) }) else { return nil }
        let close = closingParenthesis(of: open)
        guard let keyword = firstKeyword("WHERE", in: (close + 1)..<tokens.count), keyword + 1 < tokens.count else {
            return nil
        }
        return text(from: keyword + 1, through: tokens.count - 1)
    }

    /// The module of a `CREATE VIRTUAL TABLE … USING module(arguments)` and its
    /// arguments, as written (nil when it has none).
    var virtualTableModule: (name: String, arguments: String?)? {
        guard let using = firstKeyword("USING", in: 0..<tokens.count), using + 1 < tokens.count else { return nil }
        let module = name(at: using + 1)
        guard isPunctuation("(", at: using + 2) else { return (module, nil) }
        let close = closingParenthesis(of: using + 2)
        return (module, close > using + 3 ? text(from: using + 3, through: close - 1) : "")
    }
}
