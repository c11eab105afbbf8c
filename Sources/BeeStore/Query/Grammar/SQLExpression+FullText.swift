/// Full-text search in expressions and queries: `MATCH` and FTS5's ranking, snippet and
/// highlight functions.
extension SQLExpression {
    /// `column MATCH pattern`: with the name of a full-text table as the column, whether
    /// the row matches anywhere in it; with one of its columns, in that column.
    public func match(_ pattern: FullTextPattern) -> SQLExpression {
        SQLExpression(.infix(node, "MATCH", .value(.text(pattern.text))))
    }

    /// `bm25(table, weights…)`: how well the row matches, lower is better (FTS5's `rank`
    /// is this with no weights); each weight multiplies its column's contribution.
    public static func bm25(_ table: String, weights: [Double] = []) -> SQLExpression {
        function("bm25", arguments: [.exactColumn(table)] + weights.map { .value($0) })
    }

    /// `snippet(table, column, before, after, ellipsis, tokens)`: a short extract of the
    /// matching text of `column` (its index among the table's columns, -1 for the best
    /// one), each match between `before` and `after`.
    public static func snippet(
        _ table: String, column: Int = -1, before: String = "<b>", after: String = "</b>", ellipsis: String = "…",
        tokens: Int = 10
    ) -> SQLExpression {
        function(
            "snippet",
            arguments: [.exactColumn(table), .value(column), .value(before), .value(after), .value(ellipsis), .value(tokens)])
    }

    /// `highlight(table, column, before, after)`: the whole text of `column`, each match
    /// between `before` and `after`.
    public static func highlight(_ table: String, column: Int, before: String = "<b>", after: String = "</b>") -> SQLExpression {
        function("highlight", arguments: [.exactColumn(table), .value(column), .value(before), .value(after)])
    }
}

extension Query {
    /// The rows of the query's full-text table that match `pattern`:
    /// `WHERE "table" MATCH ?`. Order them with `order(by: .column("rank"))`.
    public func matching(_ pattern: FullTextPattern) -> Query {
        `where`(SQLExpression.exactColumn(table).match(pattern))
    }

    /// The rows of the query's table whose row id is that of a row of the full-text table
    /// `fullTextTable` matching `pattern`: for a table kept in sync with a full-text table
    /// (`rowid IN (SELECT rowid FROM "fts" WHERE "fts" MATCH ?)`).
    public func matching(_ pattern: FullTextPattern, in fullTextTable: String) -> Query {
        `where`(SQLExpression.column(table + ".rowid").in(Self.matchingRowIDs(pattern, in: fullTextTable)))
    }

    /// The row ids of the rows of `fullTextTable` that match `pattern`.
    static func matchingRowIDs(_ pattern: FullTextPattern, in fullTextTable: String) -> Query {
        Query(database: nil, table: fullTextTable).select("rowid").matching(pattern)
    }
}
