/// The one place SQL text is produced: SQLite's identifier quoting, literal syntax and
/// placeholders. Another dialect would replace this type without touching the builders.
struct SQLRenderer {
    /// The text so far, as UTF-8 bytes: appending bytes is much cheaper than appending
    /// to a `String` piece by piece.
    private var text: [UInt8] = []
    private(set) var arguments: [Value] = []

    init() {
        text.reserveCapacity(128)
    }

    /// The SQL rendered so far.
    var sql: String {
        String(decoding: text, as: UTF8.self)
    }

    var statement: SQLStatement {
        SQLStatement(sql: sql, arguments: arguments)
    }

    mutating func append(_ piece: String) {
        append(utf8: piece.utf8)
    }

    /// Appends bytes straight from the string's storage when it is contiguous (always,
    /// for native strings): much cheaper than going through the UTF-8 view's iterator.
    private mutating func append(utf8 bytes: String.UTF8View) {
        if bytes.withContiguousStorageIfAvailable({ text.append(contentsOf: $0) }) == nil {
            text.append(contentsOf: bytes)
        }
    }

    private mutating func append(byte: Unicode.Scalar) {
        text.append(UInt8(ascii: byte))
    }

    /// Appends a `?` placeholder and records its value.
    mutating func bind(_ value: Value) {
        append(byte: "?")
        arguments.append(value)
    }

    /// Appends placeholders for `values`, separated by commas.
    mutating func bindList(_ values: [Value]) {
        for (index, value) in values.enumerated() {
            if index > 0 { append(", ") }
            bind(value)
        }
    }

    /// Appends raw SQL that carries its own placeholders and their values.
    mutating func append(sql piece: String, arguments values: [Value]) {
        append(piece)
        arguments += values
    }

    /// Appends an operator or keyword between spaces.
    mutating func appendSpaced(_ word: String) {
        append(byte: " ")
        append(word)
        append(byte: " ")
    }

    /// Appends a quoted identifier (see ``quote(_:)``), in place for the common name
    /// without dots or quotes.
    mutating func appendIdentifier(_ name: String) {
        let bytes = name.utf8
        let isSimple = bytes.withContiguousStorageIfAvailable(Self.isSimpleIdentifier) ?? Self.isSimpleIdentifier(bytes)
        guard isSimple else {
            append(Self.quote(name))
            return
        }
        append(byte: "\"")
        append(utf8: bytes)
        append(byte: "\"")
    }

    /// Whether a name is quoted just by wrapping it in quotes: no dot, no quote, not `*`.
    private static func isSimpleIdentifier<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> Bool {
        if bytes.count == 1 && bytes.first == UInt8(ascii: "*") { return false }
        return !bytes.contains { $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "\"") }
    }

    /// Appends quoted identifiers separated by commas.
    mutating func appendIdentifiers(_ names: [String]) {
        for (index, name) in names.enumerated() {
            if index > 0 { append(", ") }
            appendIdentifier(name)
        }
    }

    /// Appends identifiers quoted as they are, dots included, separated by commas.
    mutating func appendSimpleIdentifiers(_ names: [String]) {
        append(names.map(Self.quoteSimple).joined(separator: ", "))
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
