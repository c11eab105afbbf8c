/// A query returning records: the query builder's conditions, ordering and paging,
/// with records as the result ({Bee}'s `GET_RECORDS`).
///
/// ```swift
/// let recent = try Post.where("author_id", 1).orderDesc("id").limit(10).records()
/// let count = try Post.like("title", "swift").count()
/// ```
public struct RecordQuery<Record: ActiveRecord>: Filterable, Sendable {
    var query: Query

    /// A query on `Record`'s table of `database` (the shared database when nil).
    public init(database: Database? = nil) {
        query = Query(database: database ?? Database.shared, table: Record.tableName)
    }

    /// The `WHERE` conditions.
    public var conditions: Conditions {
        get { query.conditions }
        set { query.conditions = newValue }
    }

    /// The SQL that ``records()`` runs.
    public var sql: String {
        get throws { try selectStatement().sql }
    }

    private func with(_ change: (Query) -> Query) -> RecordQuery {
        var copy = self
        copy.query = change(query)
        return copy
    }

    /// `ORDER BY column ASC`.
    public func orderAsc(_ column: String) -> RecordQuery { with { $0.orderAsc(column) } }

    /// `ORDER BY column DESC`.
    public func orderDesc(_ column: String) -> RecordQuery { with { $0.orderDesc(column) } }

    /// `ORDER BY column direction`; calls add further sort keys.
    public func order(by column: String, _ direction: OrderDirection = .ascending) -> RecordQuery {
        with { $0.order(by: column, direction) }
    }

    /// `ORDER BY RANDOM()`.
    public func orderRandom() -> RecordQuery { with { $0.orderRandom() } }

    /// At most `count` records.
    public func limit(_ count: Int) -> RecordQuery { with { $0.limit(count) } }

    /// Skips the first `count` records.
    public func offset(_ count: Int) -> RecordQuery { with { $0.offset(count) } }

    /// `GROUP BY columns`: one record per group.
    public func groupBy(_ columns: String...) -> RecordQuery {
        with { query in columns.reduce(query) { $0.groupBy($1) } }
    }

    /// `HAVING expression <op> value`; needs a ``groupBy(_:)``.
    public func having(
        _ expression: String, _ comparison: ComparisonOperator = .equal, _ value: any DatabaseValueConvertible
    ) -> RecordQuery {
        with { $0.having(expression, comparison, value) }
    }

    /// The matching records, with their relations loaded.
    public func records() throws -> [Record] {
        let (database, schema) = try prepare()
        return try RecordFetcher.fetch(Record.self, schema: schema, statement: selectStatement(schema: schema), in: database)
    }

    /// The first matching record, if any.
    public func first() throws -> Record? {
        try limit(1).records().first
    }

    /// The number of matching records.
    public func count() throws -> Int {
        _ = try prepare()
        return try query.count()
    }

    /// Whether any record matches.
    public func exists() throws -> Bool {
        _ = try prepare()
        return try query.exists()
    }

    /// Deletes the matching records (and their has-many links) and returns how many were deleted.
    @discardableResult
    public func deleteAll() throws -> Int {
        _ = try prepare()
        return try query.delete()
    }

    private func prepare() throws -> (Database, RecordSchema) {
        guard let database = query.database else { throw RecordError.noDatabase }
        return (database, try SchemaSynchronizer.ensure(Record.self, on: database))
    }

    private func selectStatement(schema: RecordSchema? = nil) throws -> SQLStatement {
        let schema = try schema ?? RecordSchema.of(Record.self)
        return try query.select(sql: schema.selectionSQL).selectStatement()
    }
}
