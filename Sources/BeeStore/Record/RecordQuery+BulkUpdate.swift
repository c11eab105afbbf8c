/// Changes to every matching record in one statement, without loading them: Rails'
/// `update_all` and `update_counters`, GRDB's `updateAll`. Like those, they set columns
/// as given: no lifecycle hook runs and no timestamp is touched.
extension RecordQuery {
    /// Sets these columns (or properties: see ``RecordError/unknownColumn(record:column:)``)
    /// to these values in every matching record, in one statement; returns how many
    /// records changed.
    ///
    /// ```swift
    /// try Bookmark.where("folder", "inbox").updateAll(["folder": "archive"], in: db)
    /// ```
    @discardableResult
    public func updateAll(_ values: [String: (any DatabaseValueConvertible)?], in database: (any DatabaseProvider)? = nil) throws -> Int {
        let (bound, _, schema) = try prepare(database)
        return try bound.matchingRows(schema: schema, setting: values).update()
    }

    /// Adds `amount` to the column (or property) `column` of every matching record (a
    /// `NULL` counts as 0), in one statement; returns how many records changed.
    ///
    /// ```swift
    /// try Bookmark.where("url", url).increment("visits", by: 1, in: db)
    /// ```
    @discardableResult
    public func increment(_ column: String, by amount: Int = 1, in database: (any DatabaseProvider)? = nil) throws -> Int {
        let (bound, _, schema) = try prepare(database)
        return try bound.matchingRows(schema: schema).increment(schema.columnName(for: column), by: amount)
    }

    /// Adds a real `amount` to a column of every matching record, as the integer
    /// `increment` does.
    @discardableResult
    public func increment(_ column: String, by amount: Double, in database: (any DatabaseProvider)? = nil) throws -> Int {
        let (bound, _, schema) = try prepare(database)
        return try bound.matchingRows(schema: schema).increment(schema.columnName(for: column), by: amount)
    }

    /// The update ``updateAll(_:in:)`` runs, for another database to render and run.
    package func updatingAll(_ values: [String: (any DatabaseValueConvertible)?]) throws -> Query {
        try matchingRows(schema: RecordSchema.of(Record.self), setting: values)
    }

    /// The rows ``increment(_:by:in:)`` changes, and the column `column` names there: for
    /// another database to render and run.
    package func incrementing(_ column: String) throws -> (query: Query, column: String) {
        let schema = try RecordSchema.of(Record.self)
        return (try matchingRows(schema: schema), try schema.columnName(for: column))
    }

    /// A query on the record's table selecting the rows whose keys this query selects
    /// (with its joins, grouping and paging), for an `UPDATE`, with these columns (or
    /// properties) set to these values.
    private func matchingRows(
        schema: RecordSchema, setting values: [String: (any DatabaseValueConvertible)?] = [:]
    ) throws -> Query {
        let primaryKey = schema.qualifiedPrimaryKeyNames
        let keys = try joinedQuery(schema: schema).select(columns: primaryKey).selectStatement()
        var update = Query(database: query.database, table: schema.tableName).where(primaryKey, inSelect: keys)
        for name in values.keys.sorted() {
            update = update.set(try schema.columnName(for: name), values[name] ?? nil)
        }
        return update
    }
}
