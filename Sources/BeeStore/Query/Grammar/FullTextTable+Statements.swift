/// The statements of a full-text table: `CREATE VIRTUAL TABLE … USING fts5(…)` and, for a
/// table kept in sync with another, the triggers that keep it so and the rebuild that
/// indexes the rows already there.
extension FullTextTable {
    /// The statements that create the table (and its triggers and first indexing, when
    /// it is synchronized with another table), or a ``QueryError`` for a definition without
    /// a name or a column.
    public func createStatements() throws -> [SQLStatement] {
        guard !name.isEmpty else { throw QueryError.emptyName("table") }
        guard !columns.isEmpty else { throw QueryError.noField(table: name) }
        if columns.contains(where: { $0.name.isEmpty }) { throw QueryError.emptyName("field") }
        var renderer = SQLRenderer()
        renderer.append("CREATE VIRTUAL TABLE ")
        renderer.appendTable(name)
        renderer.append(" USING fts5(")
        for (index, column) in columns.enumerated() {
            if index > 0 { renderer.append(", ") }
            renderer.appendIdentifier(column.name)
            if !column.isIndexed { renderer.append(" UNINDEXED") }
        }
        // FTS5 reads its options' values as strings, names unquoted.
        if let tokenizer { appendOption("tokenize", tokenizer.arguments.joined(separator: " "), into: &renderer) }
        if !prefixLengths.isEmpty {
            appendOption("prefix", prefixLengths.map(String.init).joined(separator: " "), into: &renderer)
        }
        if let content {
            appendOption("content", content.table, into: &renderer)
            appendOption("content_rowid", content.rowID, into: &renderer)
        }
        renderer.append(")")
        return [renderer.statement] + synchronization() + (content == nil ? [] : [rebuildStatement])
    }

    /// The statement that indexes every row of the content table again (FTS5's `rebuild`
    /// command): after the content table was changed with the triggers off, or to build
    /// the index of rows that were there before the full-text table.
    public var rebuildStatement: SQLStatement {
        var renderer = SQLRenderer()
        renderer.append("INSERT INTO ")
        renderer.appendTable(name)
        renderer.append("(")
        renderer.appendIdentifier(name)
        renderer.append(") VALUES ('rebuild')")
        return renderer.statement
    }

    /// The statements that drop the table and the triggers that
    /// ``synchronized(with:rowID:)`` makes, those that exist: the content table and its
    /// rows stay.
    public func dropStatements() throws -> [SQLStatement] {
        guard !name.isEmpty else { throw QueryError.emptyName("table") }
        let triggers = Self.triggerSuffixes.map { suffix in
            var renderer = SQLRenderer()
            renderer.append("DROP TRIGGER IF EXISTS ")
            renderer.appendIdentifier(name + "_" + suffix)
            return renderer.statement
        }
        var renderer = SQLRenderer()
        renderer.append("DROP TABLE IF EXISTS ")
        renderer.appendTable(name)
        return triggers + [renderer.statement]
    }

    /// Drops the table and its triggers (see ``dropStatements()``), in one transaction.
    public func drop() throws {
        try run(dropStatements())
    }

    /// Creates the table (with its triggers and first indexing when it is synchronized),
    /// in one transaction.
    public func create() throws {
        try run(createStatements())
    }

    /// Indexes every row of the content table again: see ``rebuildStatement``.
    public func rebuild() throws {
        try run([rebuildStatement])
    }

    private func run(_ statements: [SQLStatement]) throws {
        guard let database else { throw QueryError.noDatabase(table: name) }
        try database.write { connection in
            for statement in statements { try connection.execute(statement) }
        }
    }

    private func appendOption(_ option: String, _ value: String, into renderer: inout SQLRenderer) {
        renderer.append(", \(option) = ")
        renderer.appendTextLiteral(Array(value.utf8))
    }

    /// The triggers that keep a synchronized table's index in step with its content
    /// table: after an insert, a delete and an update (the old row's words out, the new
    /// row's in).
    private func synchronization() -> [SQLStatement] {
        guard let content, content.isSynchronized else { return [] }
        func trigger(_ suffix: String, _ event: String, _ body: (inout SQLRenderer) -> Void) -> SQLStatement {
            var renderer = SQLRenderer()
            renderer.append("CREATE TRIGGER ")
            renderer.appendIdentifier(name + "_" + suffix)
            renderer.append(" AFTER \(event) ON ")
            renderer.appendTable(content.table)
            renderer.append(" BEGIN ")
            body(&renderer)
            renderer.append(" END")
            return renderer.statement
        }
        let (insert, delete, update) = (Self.triggerSuffixes[0], Self.triggerSuffixes[1], Self.triggerSuffixes[2])
        return [
            trigger(insert, "INSERT") { appendIndexing(row: "new", into: &$0) },
            trigger(delete, "DELETE") { appendIndexing(row: "old", removing: true, into: &$0) },
            trigger(update, "UPDATE") { renderer in
                appendIndexing(row: "old", removing: true, into: &renderer)
                renderer.append(" ")
                appendIndexing(row: "new", into: &renderer)
            },
        ]
    }

    /// What the names of the synchronization triggers add to the table's name, after `_`:
    /// after an insert, a delete, an update.
    private static let triggerSuffixes = ["after_insert", "after_delete", "after_update"]

    /// `INSERT INTO fts(rowid, a, b) VALUES (new.id, new.a, new.b);`, or, to take a row's
    /// words out of the index, `INSERT INTO fts(fts, rowid, a, b) VALUES ('delete', old.id, old.a, old.b);`.
    private func appendIndexing(row: String, removing: Bool = false, into renderer: inout SQLRenderer) {
        renderer.append("INSERT INTO ")
        renderer.appendTable(name)
        renderer.append("(")
        if removing {
            renderer.appendIdentifier(name)
            renderer.append(", ")
        }
        renderer.append("rowid")
        appendColumns(row: nil, into: &renderer)
        renderer.append(removing ? ") VALUES ('delete', " : ") VALUES (")
        appendValues(row: row, into: &renderer)
        renderer.append(");")
    }

    private func appendColumns(row: String?, into renderer: inout SQLRenderer) {
        for column in columns {
            renderer.append(", ")
            if let row { renderer.append(row + ".") }
            renderer.appendIdentifier(column.name)
        }
    }

    /// `new."id", new."a", new."b"`: the content row's id, then its columns.
    private func appendValues(row: String, into renderer: inout SQLRenderer) {
        renderer.append(row + ".")
        renderer.appendIdentifier(content?.rowID ?? "rowid")
        appendColumns(row: row, into: &renderer)
    }
}
