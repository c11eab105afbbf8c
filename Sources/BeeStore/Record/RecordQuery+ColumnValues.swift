/// Records found by the values of their columns, and the values of one column. Names are
/// a record's column names or property names (see ``RecordError/unknownColumn(record:column:)``).
extension RecordQuery {
    /// The first record whose columns hold these values, every one of them (`IS NULL`
    /// for nil), with the included relations: Rails' `find_by`, GRDB's
    /// `filter(key:).fetchOne`.
    ///
    /// ```swift
    /// let swift = try Bookmark.query(in: db).find(by: ["url": "https://swift.org"])
    /// ```
    public func find(by values: [String: (any DatabaseValueConvertible)?], in database: (any DatabaseProvider)? = nil) throws -> Record? {
        let (bound, _, schema) = try prepare(database)
        return try bound.matching(values, schema: schema).first()
    }

    /// Whether a record matching the query holds these values in its columns.
    public func exists(by values: [String: (any DatabaseValueConvertible)?], in database: (any DatabaseProvider)? = nil) throws -> Bool {
        let (bound, _, schema) = try prepare(database)
        return try bound.matching(values, schema: schema).exists()
    }

    /// The values of one column of the matching records, in the query's order, converted
    /// to `T`: Rails' `pluck`. `column` is a column or property of the record, or
    /// `relation.column` for a relation the query joins. Ask for an optional type when
    /// the column holds `NULL`s; a value that does not convert is a ``ConversionError``.
    ///
    /// ```swift
    /// let titles = try Bookmark.orderAsc("title").pluck("title", as: String.self, in: db)
    /// ```
    public func pluck<T: DatabaseValueConvertible>(
        _ column: String, as type: T.Type = T.self, in database: (any DatabaseProvider)? = nil
    ) throws -> [T] {
        let (bound, _, schema) = try prepare(database)
        let (query, qualified) = try bound.plucking(column, schema: schema)
        return try query.pluck(qualified, as: type)
    }

    /// The query whose rows hold the matching records' `column` (with the joins it
    /// names), and that column qualified: what ``pluck(_:as:in:)`` reads, for another
    /// database to render and run.
    package func plucking(_ column: String) throws -> (query: Query, column: String) {
        try plucking(column, schema: RecordSchema.of(Record.self))
    }

    private func plucking(_ column: String, schema: RecordSchema) throws -> (query: Query, column: String) {
        (try joinedQuery(schema: schema), try qualifiedColumn(column, schema: schema))
    }

    /// The query, also requiring each column (or property) to hold its value: what
    /// ``find(by:in:)`` and ``exists(by:in:)`` read, for another database to run.
    package func matching(_ values: [String: (any DatabaseValueConvertible)?]) throws -> RecordQuery {
        try matching(values, schema: RecordSchema.of(Record.self))
    }

    private func matching(_ values: [String: (any DatabaseValueConvertible)?], schema: RecordSchema) throws -> RecordQuery {
        try values.keys.sorted().reduce(self) { query, name in
            try query.where(schema.tableName + "." + schema.columnName(for: name), values[name] ?? nil)
        }
    }

    /// The column `name` refers to, qualified: `relation.column` for a relation the query
    /// joins, else a column or property of the record, in the record's table.
    private func qualifiedColumn(_ name: String, schema: RecordSchema) throws -> String {
        if let dot = name.lastIndex(of: "."), joinedPaths.contains(String(name[..<dot])) { return name }
        return schema.tableName + "." + (try schema.columnName(for: name))
    }
}
