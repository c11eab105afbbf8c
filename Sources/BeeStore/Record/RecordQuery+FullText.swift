extension RecordQuery {
    /// The records whose row matches `pattern` in the full-text table `fullTextTable`,
    /// kept in sync with the records' table (see ``FullTextTable/synchronized(with:rowID:)``):
    /// the full-text table is joined by row id, so that its `rank` and functions can order
    /// and annotate the records.
    ///
    /// ```swift
    /// let pattern = FullTextPattern(matchingAllTokensIn: "brûlée recipe")!
    /// let best = try Book.query(in: db).matching(pattern, in: "book_search")
    ///     .order(by: .column("book_search.rank")).records()
    /// ```
    public func matching(_ pattern: FullTextPattern, in fullTextTable: String) -> RecordQuery {
        var copy = self
        copy.query = query
            .join(fullTextTable, on: .column(fullTextTable + ".rowid") == .column(Record.tableName + ".rowid"))
            .where(SQLExpression.exactColumn(fullTextTable).match(pattern))
        return copy
    }
}
