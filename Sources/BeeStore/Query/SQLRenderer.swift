/// The buffer SQL text is rendered into, with the values bound to its placeholders, for
/// one ``SQLDialect``: the grammar (the query builder's statements and ``SQLExpression``)
/// writes through it, and it writes what the dialect decides (placeholders, quoting).
///
/// Quoting works on UTF-8 bytes, never on `Character`s: a quote followed by a combining
/// mark is one `Character` but still two scalars, and SQLite reads bytes.
///
/// Names follow one rule in every builder (``resolveColumn(_:)``): a table name is one
/// identifier, dots included; a column name `t.c` is column `c` of table `t` when `t` is
/// a table of the statement (``scope``), and one identifier otherwise.
struct SQLRenderer {
    /// The text so far, as UTF-8 bytes: appending bytes is much cheaper than appending
    /// to a `String` piece by piece.
    private var text: [UInt8] = []
    private(set) var arguments: [Value] = []

    /// The tables of the statement being rendered (its own table, then joined ones):
    /// the only names that qualify a column.
    var scope: [String] = []

    /// The columns of the statement's own table (the first of ``scope``) by the names a
    /// record query may use for them, ASCII-lowercased: the column's name, and its record
    /// property's when that differs. A column named so, without a table, is that column.
    var ownColumns: [String: String] = [:]
    /// Whether such a column is qualified by its table (when other tables are joined,
    /// whose columns may have the same names).
    var qualifiesOwnColumns = false

    /// Whether text is rendered: false when the text is known already (``SelectSQLCache``)
    /// and only the arguments are wanted, bound in the order the text binds them.
    private let rendersText: Bool

    /// The dialect the text is written in.
    let dialect: SQLDialect

    /// Whether values are written as literals instead of placeholders: for SQL text that
    /// is run without arguments (a table rebuild's column values).
    var writesLiterals = false

    init(scope: [String] = [], dialect: SQLDialect = .sqlite) {
        self.scope = scope
        self.dialect = dialect
        rendersText = true
        text.reserveCapacity(128)
    }

    /// A renderer that only collects the arguments of the statement it is given, for
    /// text rendered before in `dialect` (whose values may take another form: a key list
    /// is a JSON array for SQLite, an array for PostgreSQL).
    private init(collectingArgumentsOnly dialect: SQLDialect) {
        rendersText = false
        self.dialect = dialect
    }

    /// A renderer that collects the arguments of a statement whose text, written in
    /// `dialect`, is known, and renders no text.
    static func argumentsOnly(dialect: SQLDialect) -> SQLRenderer {
        SQLRenderer(collectingArgumentsOnly: dialect)
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
    private mutating func append<Bytes: Collection<UInt8>>(utf8 bytes: Bytes) {
        guard rendersText else { return }
        if bytes.withContiguousStorageIfAvailable({ text.append(contentsOf: $0) }) == nil {
            text.append(contentsOf: bytes)
        }
    }

    private mutating func append(byte: Unicode.Scalar) {
        guard rendersText else { return }
        text.append(UInt8(ascii: byte))
    }

    /// Appends a placeholder (`?`, or `$n` in PostgreSQL) and records its value.
    @inline(__always)
    mutating func bind(_ value: Value) {
        guard !writesLiterals else { return appendLiteral(value) }
        arguments.append(value)
        guard dialect.kind == .sqlite else { return appendNumberedPlaceholder() }
        append(byte: "?")
    }

    /// `$n`, `n` the number of arguments so far.
    @inline(never)
    private mutating func appendNumberedPlaceholder() {
        guard rendersText else { return }
        text.append(UInt8(ascii: "$"))
        appendDecimal(arguments.count)
    }

    /// Appends the decimal digits of `number`, zero or more, without making a string.
    private mutating func appendDecimal(_ number: Int) {
        if number >= 10 { appendDecimal(number / 10) }
        text.append(UInt8(ascii: "0") + UInt8(number % 10))
    }

    /// Appends placeholders for `values`, separated by commas.
    mutating func bindList(_ values: [Value]) {
        for (index, value) in values.enumerated() {
            if index > 0 { append(", ") }
            bind(value)
        }
    }

    /// Appends raw SQL that carries its own `?` placeholders and their values; in a
    /// dialect of numbered placeholders, each `?` outside quotes becomes the next `$n`.
    mutating func append(sql piece: String, arguments values: [Value]) {
        guard rendersText, dialect.kind != .sqlite, !values.isEmpty else {
            append(piece)
            arguments += values
            return
        }
        var quote: UInt8?
        var remaining = values[...]
        for byte in piece.utf8 {
            if let open = quote {
                if byte == open { quote = nil }
            } else if byte == Self.singleQuote || byte == Self.doubleQuote {
                quote = byte
            } else if byte == UInt8(ascii: "?"), let value = remaining.popFirst() {
                bind(value)
                continue
            }
            text.append(byte)
        }
        arguments += remaining
    }

    /// Appends an operator or keyword between spaces.
    mutating func appendSpaced(_ word: String) {
        append(byte: " ")
        append(word)
        append(byte: " ")
    }

    // MARK: - Names

    /// Appends `name` as one quoted identifier, whatever it contains.
    mutating func appendIdentifier(_ name: String) {
        guard rendersText else { return }
        let bytes = name.utf8
        append(byte: "\"")
        if bytes.withContiguousStorageIfAvailable({ appendDoublingQuotes($0, quote: Self.doubleQuote) }) == nil {
            appendDoublingQuotes(Array(bytes), quote: Self.doubleQuote)
        }
        append(byte: "\"")
    }

    /// Appends a table name: always one identifier.
    mutating func appendTable(_ name: String) {
        appendIdentifier(name)
    }

    /// Appends a column reference, qualified when it names a table of ``scope``
    /// (`"t"."c"`), one identifier otherwise.
    mutating func appendColumn(_ name: String) {
        guard rendersText else { return }
        let (table, column) = resolveColumn(name)
        if let table {
            appendIdentifier(table)
            append(byte: ".")
        }
        appendIdentifier(column)
    }

    /// Appends an item of a `SELECT` list: as ``appendColumn(_:)``, except that `*`
    /// and `t.*` (for a table of ``scope``) select every column.
    mutating func appendSelected(_ name: String) {
        guard rendersText else { return }
        if name == "*" {
            append(byte: "*")
            return
        }
        let (table, column) = resolveColumn(name)
        guard let table else { return appendIdentifier(column) }
        appendIdentifier(table)
        if column == "*" {
            append(".*")
        } else {
            append(byte: ".")
            appendIdentifier(column)
        }
    }

    /// Appends a column that the statement writes or defines (`SET`, an `INSERT`
    /// column list, a conflict target, a column definition): SQL takes no qualifier
    /// there, so a qualifier naming a table of ``scope`` is dropped.
    mutating func appendWrittenColumn(_ name: String) {
        guard rendersText else { return }
        appendIdentifier(resolveColumn(name).column)
    }

    /// Appends written columns separated by commas.
    mutating func appendWrittenColumns(_ names: [String]) {
        for (index, name) in names.enumerated() {
            if index > 0 { append(", ") }
            appendWrittenColumn(name)
        }
    }

    /// Appends column references separated by commas.
    mutating func appendColumns(_ names: [String]) {
        for (index, name) in names.enumerated() {
            if index > 0 { append(", ") }
            appendColumn(name)
        }
    }

    /// The table and column a column name refers to: `t.c` is column `c` of `t` when
    /// `t` is a table of ``scope`` (compared as SQLite compares names: ASCII letters
    /// without case; the longest such table wins, so dotted table names work too), and
    /// otherwise the whole name is one column.
    func resolveColumn(_ name: String) -> (table: String?, column: String) {
        guard !scope.isEmpty, name.utf8.contains(Self.dot) else { return ownColumn(name) }
        let bytes = Array(name.utf8)
        var best: String?
        for table in scope {
            let prefix = Array(table.utf8)
            guard prefix.count < bytes.count - 1, bytes[prefix.count] == Self.dot,
                Self.namesMatch(prefix, bytes[..<prefix.count]),
                prefix.count > (best?.utf8.count ?? -1)
            else { continue }
            best = table
        }
        guard let best else { return ownColumn(name) }
        return (best, String(decoding: bytes[(best.utf8.count + 1)...], as: UTF8.self))
    }

    /// `name` as one column: one of ``ownColumns`` when it names one, qualified as
    /// ``qualifiesOwnColumns`` says, or else as it is.
    private func ownColumn(_ name: String) -> (table: String?, column: String) {
        guard !ownColumns.isEmpty, let column = ownColumns[Self.asciiLowercased(name)] else { return (nil, name) }
        return (qualifiesOwnColumns ? scope.first : nil, column)
    }

    /// `name` with its ASCII letters in lowercase, as SQLite compares names.
    static func asciiLowercased(_ name: String) -> String {
        String(decoding: name.utf8.map(SQLName.folded), as: UTF8.self)
    }

    /// Whether two names are the same name to SQLite: equal bytes, ASCII letters in
    /// either case.
    private static func namesMatch(_ left: [UInt8], _ right: ArraySlice<UInt8>) -> Bool {
        zip(left, right).allSatisfy { SQLName.folded($0) == SQLName.folded($1) }
    }

    // MARK: - Quoting

    private static let doubleQuote = UInt8(ascii: "\"")
    private static let singleQuote = UInt8(ascii: "'")
    private static let dot = UInt8(ascii: ".")

    private mutating func appendDoublingQuotes<Bytes: Collection<UInt8>>(_ bytes: Bytes, quote: UInt8) {
        guard bytes.contains(quote) else { return append(utf8: bytes) }
        for byte in bytes {
            text.append(byte)
            if byte == quote { text.append(byte) }
        }
    }

    /// `text` between `quote` bytes, every `quote` byte inside it doubled.
    private static func enclose(_ text: String, in quote: UInt8) -> String {
        var renderer = SQLRenderer()
        renderer.text.append(quote)
        renderer.appendDoublingQuotes(Array(text.utf8), quote: quote)
        renderer.text.append(quote)
        return renderer.sql
    }

    /// Quotes one identifier as it is, dots included: `"name"`, inner `"` doubled.
    static func quoteIdentifier(_ name: String) -> String {
        enclose(name, in: doubleQuote)
    }

    /// Appends `bytes` between `quote` bytes, every `quote` byte inside doubled.
    mutating func appendEnclosed(_ bytes: [UInt8], in quote: Unicode.Scalar) {
        let quote = UInt8(ascii: quote)
        text.append(quote)
        appendDoublingQuotes(bytes, quote: quote)
        text.append(quote)
    }
}

extension String {
    /// The string as one SQLite identifier in double quotes, inner quotes doubled, so that
    /// names with spaces, quotes or keywords are safe in SQL text (``SQLRenderer/quoteIdentifier(_:)``).
    package var quotedIdentifier: String {
        SQLRenderer.quoteIdentifier(self)
    }
}
