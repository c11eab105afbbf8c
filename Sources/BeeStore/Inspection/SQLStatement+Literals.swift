extension SQLStatement {
    /// The statement's SQL with each `?` placeholder replaced by its argument written as an
    /// SQL literal (`'it''s'`, `42`, `X'FF00'`, `NULL`): text for a person to read, copy or
    /// edit, which SQLite reads back as the same statement with the same values. Placeholders
    /// are found as SQLite reads the text, so that a `?` inside a quoted name or a string is
    /// left alone; a placeholder without an argument is left as it is.
    ///
    /// ```swift
    /// let statement = try db.from("Track").where("Composer", "AC/DC").limit(5).selectStatement()
    /// statement.sqlWithLiterals  // SELECT * FROM "Track" WHERE "Composer" = 'AC/DC' LIMIT 5
    /// ```
    public var sqlWithLiterals: String {
        let tokens = SQLTokens(sql)
        var text = String.UnicodeScalarView()
        var copied = 0
        var remaining = arguments[...]
        for token in tokens.tokens where token.kind == .punctuation && tokens.scalars[token.range.lowerBound] == "?" {
            guard let argument = remaining.popFirst() else { break }
            text.append(contentsOf: tokens.scalars[copied..<token.range.lowerBound])
            text.append(contentsOf: argument.description.unicodeScalars)
            copied = token.range.upperBound
        }
        text.append(contentsOf: tokens.scalars[copied...])
        return String(text)
    }
}
