extension RecordQuery {
    /// Calls `body` with each matching record, in the query's order, as its row is read:
    /// memory stays the same whatever the number of records (a cursor: GRDB's
    /// `fetchCursor`, Rails' `find_each`). Records with relations are loaded a few hundred
    /// at a time, their relations costing one statement per batch. Throwing from `body`
    /// stops the iteration.
    ///
    /// The iteration reads one snapshot of the database, on a reader: `body` may read the
    /// database, not write to it (a write throws; collect what to write and write after,
    /// or iterate inside a `write`).
    ///
    /// ```swift
    /// try Bookmark.query(in: db).orderAsc("url").forEach { bookmark in
    ///     print(bookmark.url)
    /// }
    /// ```
    public func forEach(in database: (any DatabaseProvider)? = nil, _ body: (Record) throws -> Void) throws {
        let (bound, database, schema) = try prepare(database)
        try inclusion.validate(from: schema)
        let statement = try bound.selection(schema: schema).selectStatement()
        try database.withReader(inTransaction: schema.hasRelations) { connection in
            try RecordFetcher(connection: connection).forEach(
                Record.self, schema: schema, statement: statement, inclusion: inclusion, body)
        }
    }
}
