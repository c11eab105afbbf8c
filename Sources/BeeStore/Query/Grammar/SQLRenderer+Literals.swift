/// Literals, for the places a statement cannot bind a parameter (a column's `DEFAULT`),
/// written so that the dialect's database reads back exactly the value.
extension SQLRenderer {
    /// Appends `value` as a literal of the dialect: SQLite's (see ``SQLLiteral``), or
    /// PostgreSQL's (reals and blobs cast from their text, `'\x00FF'` for bytes).
    mutating func appendLiteral(_ value: Value) {
        switch (dialect.kind, value) {
        case (_, .null): append("NULL")
        case (_, .integer(let integer)): append(String(integer))
        case (.sqlite, .real(let real)): append(SQLLiteral.real(real))
        case (.sqlite, .blob(let data)): append(SQLLiteral.blob(Array(data)))
        case (.sqlite, .text(let text)): appendTextLiteral(Array(text.utf8))
        case (.postgreSQL, .real(let real)):
            // PostgreSQL reads a double from its shortest decimal text exactly, and has
            // infinities and NaN of its own.
            let text = real.isNaN ? "NaN" : real.isInfinite ? (real < 0 ? "-Infinity" : "Infinity") : "\(real)"
            append("CAST('\(text)' AS DOUBLE PRECISION)")
        case (.postgreSQL, .blob(let data)):
            append("CAST('\\x" + SQLLiteral.hexDigits(Array(data)) + "' AS BYTEA)")
        case (.postgreSQL, .text(let text)):
            let bytes = Array(text.utf8)
            guard !bytes.contains(0), bytes.withUnsafeBufferPointer(isValidUTF8) else {
                // PostgreSQL text holds no NUL and only UTF-8: the server refuses these
                // bytes with an error when the statement runs, rather than storing others.
                return append("convert_from(CAST('\\x" + SQLLiteral.hexDigits(bytes) + "' AS BYTEA), 'UTF8')")
            }
            appendEnclosed(bytes, in: "'")
        }
    }

    /// Appends `value` as ``appendLiteral(_:)`` does, but a SQLite real as a constant
    /// (see `SQLLiteral.constant(_:)`), for the places that refuse expressions.
    mutating func appendConstant(_ value: Value) {
        guard dialect.kind == .sqlite, case .real(let real) = value else { return appendLiteral(value) }
        append(SQLLiteral.constant(real))
    }

    /// A text literal of exactly these bytes in SQLite: `'it''s'`, or, for bytes SQLite
    /// could not read back from SQL text (a NUL, where it stops reading, or bytes that are
    /// not UTF-8), `(CAST(X'…' AS TEXT))`.
    mutating func appendTextLiteral(_ bytes: [UInt8]) {
        guard !bytes.contains(0), bytes.withUnsafeBufferPointer(isValidUTF8) else {
            return append("(CAST(\(SQLLiteral.blob(bytes)) AS TEXT))")
        }
        appendEnclosed(bytes, in: "'")
    }

    /// ``appendTextLiteral(_:)``'s literal of `bytes`, as a string.
    static func textLiteral(_ bytes: [UInt8]) -> String {
        var renderer = SQLRenderer()
        renderer.appendTextLiteral(bytes)
        return renderer.sql
    }
}

extension SQLDialect {
    /// `value` as a literal of this dialect that its database reads back as exactly
    /// `value` (`'it''s'`, `X'00FF'` in SQLite, `CAST('\x00FF' AS BYTEA)` in PostgreSQL):
    /// how a `Value` describes itself, and how a trace shows a bound value in place of
    /// its placeholder.
    package func literal(_ value: Value) -> String {
        var renderer = SQLRenderer(dialect: self)
        renderer.appendLiteral(value)
        return renderer.sql
    }
}
