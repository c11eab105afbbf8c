/// The one place SQL text is produced: SQLite's identifier quoting, literal syntax and
/// placeholders. Another dialect would replace this type without touching the builders.
struct SQLRenderer {
    private(set) var sql = ""
    private(set) var arguments: [Value] = []

    init() {
        sql.reserveCapacity(128)
    }

    var statement: SQLStatement {
        SQLStatement(sql: sql, arguments: arguments)
    }

    mutating func append(_ text: String) {
        sql += text
    }

    /// Appends a `?` placeholder and records its value.
    mutating func bind(_ value: Value) {
        sql += "?"
        arguments.append(value)
    }

    /// Appends placeholders for `values`, separated by commas.
    mutating func bindList(_ values: [Value]) {
        for (index, value) in values.enumerated() {
            if index > 0 { sql += ", " }
            bind(value)
        }
    }

    /// Appends raw SQL that carries its own placeholders and their values.
    mutating func append(sql text: String, arguments values: [Value]) {
        sql += text
        arguments += values
    }

    /// Appends a quoted identifier (see ``quote(_:)``).
    mutating func appendIdentifier(_ name: String) {
        sql += Self.quote(name)
    }

    /// Appends quoted identifiers separated by commas.
    mutating func appendIdentifiers(_ names: [String]) {
        sql += names.map(Self.quote).joined(separator: ", ")
    }

    /// Appends identifiers quoted as they are, dots included, separated by commas.
    mutating func appendSimpleIdentifiers(_ names: [String]) {
        sql += names.map(Self.quoteSimple).joined(separator: ", ")
    }

    /// Quotes an identifier: `"name"`, with embedded quotes doubled. A dotted name is a
    /// qualified one (`blog.id` → `"blog"."id"`); `*` and `table.*` stay unquoted stars.
    static func quote(_ name: String) -> String {
        if name == "*" { return name }
        guard name.utf8.contains(UInt8(ascii: ".")) else { return quoteSimple(name) }
        let parts = name.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else { return quoteSimple(name) }
        let column = parts[1] == "*" ? "*" : quoteSimple(String(parts[1]))
        return quoteSimple(String(parts[0])) + "." + column
    }

    /// Quotes one identifier as it is, dots included.
    static func quoteSimple(_ name: String) -> String {
        guard name.utf8.contains(UInt8(ascii: "\"")) else { return "\"\(name)\"" }
        return "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// A literal, for the places SQLite cannot bind a parameter (`DEFAULT` in a table
    /// definition): numbers as they are, text single-quoted with quotes doubled, blobs as `X'…'`.
    static func literal(_ value: Value) -> String {
        value.description
    }
}

extension String {
    /// The string as one SQLite identifier in double quotes, inner quotes doubled, so that
    /// names with spaces, quotes or keywords are safe in SQL text (``SQLRenderer/quoteSimple(_:)``).
    var quotedIdentifier: String {
        SQLRenderer.quoteSimple(self)
    }
}
