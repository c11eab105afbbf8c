/// A query returning records: the query builder's conditions, ordering and paging,
/// with records as the result ({Bee}'s `GET_RECORDS`).
///
/// ```swift
/// let recent = try Post.where("author_id", 1).orderDesc("id").limit(10).records()
/// let count = try Post.like("title", "swift").count()
/// ```
public struct RecordQuery<Record: ActiveRecord>: Filterable, Sendable {
    /// The query, or only the column and value of `Record.where(column, value)` until
    /// something else is added (see ``RecordQueryForm``).
    private var form: RecordQueryForm

    /// The plain query on `Record`'s table: made from a lookup's column and value when
    /// the record query holds only those, and kept once it is changed.
    var query: Query {
        get {
            switch form {
            case .query(let query): query
            case .lookup(let column, let value): Self.lookupQuery(column, value)
            }
        }
        _modify {
            var query = takeQuery()
            defer { form = .query(query) }
            yield &query
        }
    }

    /// The query of `Record.where(column, value)`, made as any other `where` makes it.
    private static func lookupQuery(_ column: String, _ value: Value) -> Query {
        Query(database: nil, table: Record.tableName).where(column, value)
    }

    /// The query, moved out of ``form`` (left holding an empty lookup) so that a change
    /// made to it copies none of its storage.
    private mutating func takeQuery() -> Query {
        let query = self.query
        form = .lookup(column: "", value: .null)
        return query
    }

    /// The relations and annotations, when one is set; nil for none.
    private var optionsBox: RecordQueryOptions.Box?

    /// The relations and annotations.
    private var options: RecordQueryOptions {
        get { optionsBox?.options ?? RecordQueryOptions() }
        set { optionsBox = RecordQueryOptions.Box(newValue) }
    }

    /// The optional relations the records are loaded with.
    var inclusion: RelationInclusion {
        get { options.inclusion }
        set { options.inclusion = newValue }
    }

    /// The relations joined for conditions and ordering, by path.
    var joinedPaths: [String] {
        get { options.joinedPaths }
        set { options.joinedPaths = newValue }
    }

    /// The expressions selected after the records' columns (see ``annotated(with:as:)``).
    var annotations: [RecordAnnotation] {
        get { options.annotations }
        set { options.annotations = newValue }
    }

    /// A query on `Record`'s table of `database` (when nil, the shared database of the
    /// moment it runs).
    public init(database: Database? = nil) {
        self.init(database: database) { _ in }
    }

    /// A query on `Record`'s table of `database` (when nil, the shared database of the
    /// moment it runs), with the conditions and clauses `build` adds to a plain query on
    /// that table: built in one step, without a record query to copy and drop at each.
    init(database: Database? = nil, building build: (inout Query) -> Void) {
        // Built in a local and moved in: built in place, the stored query was copied once.
        var query = Query(database: database, table: Record.tableName)
        build(&query)
        form = .query(query)
    }

    /// The records where `column = value`, a value that is not null, on the database of
    /// the moment the query runs: what a lookup by key (`Item.where("id", id)`) makes,
    /// without a plain query until another clause is added.
    @usableFromInline
    init(lookingUp column: String, _ value: Value) {
        form = .lookup(column: column, value: value)
    }

    /// The records where `column IS NULL`.
    @usableFromInline
    init(whereNull column: String) {
        self.init { $0 = $0.where(column, nil) }
    }

    /// The `WHERE` conditions.
    public var conditions: Conditions {
        get { query.conditions }
        // Changed in place: a condition added to a copy of the list would copy its terms.
        _modify { yield &query.conditions }
    }

    /// The SQL that ``records(in:)`` runs.
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

    /// `ORDER BY expression direction`: any ``SQLExpression``; calls add further sort keys.
    public func order(by expression: SQLExpression, _ direction: OrderDirection = .ascending) -> RecordQuery {
        with { $0.order(by: expression, direction) }
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

    /// Loads the optional relations named by `relations` too: property names, or dotted
    /// paths through nested relations (`"albums.tracks"`), Rails' `includes` and GRDB's
    /// `including(all:)`. Relations whose property is not optional are always loaded;
    /// optional ones not included are nil. Each relation costs one statement per fetch,
    /// whatever the number of records.
    public func including(_ relations: String...) -> RecordQuery {
        var copy = self
        for relation in relations { copy.inclusion.include(relation) }
        return copy
    }

    /// Joins the related records of `relation` (a property name, or a dotted path), so
    /// that conditions and ordering can name their columns as `relation.column`:
    /// `Album.query(in: db).joining("artist").where("artist.Name", "AC/DC")`. Records
    /// are returned once each, whatever the number of related records that match.
    public func joining(_ relation: String) -> RecordQuery {
        var copy = self
        var prefix = ""
        for segment in relation.split(separator: ".", omittingEmptySubsequences: false) {
            prefix = RelationInclusion.path(prefix, String(segment))
            if !copy.joinedPaths.contains(prefix) { copy.joinedPaths.append(prefix) }
        }
        return copy
    }

    /// The matching records, with their relations loaded. The query runs on `database`
    /// when one is given, else on its own (`Post.where("author_id", 1).records(in: db)`).
    public func records(in database: (any DatabaseProvider)? = nil) throws -> [Record] {
        let (bound, database, schema) = try prepare(database)
        try inclusion.validate(from: schema)
        return try RecordFetcher.fetch(
            Record.self, schema: schema, statement: bound.selectStatement(schema: schema), inclusion: inclusion,
            in: database)
    }

    /// The first matching record, if any.
    public func first(in database: (any DatabaseProvider)? = nil) throws -> Record? {
        // A lookup by key (`where("id", id)`) takes the connection's kept lookup.
        guard optionsBox?.options.involvesRelations != true else { return try firstMatching(in: database) }
        let column: String, key: Value
        switch form {
        case .lookup(let lookupColumn, let value):
            (column, key) = (lookupColumn, value)
        case .query(let query):
            guard let equality = query.soleEquality else { return try firstMatching(in: database) }
            (column, key) = equality
        }
        guard let database = try running(on: database) else { throw RecordError.noDatabase }
        return try RecordFetcher.find(Record.self, key: key, column: column, in: database) { _ in
            try firstMatching(in: database)
        }
    }

    /// The first matching record, if any, selected by the query's own statement.
    private func firstMatching(in database: (any DatabaseProvider)?) throws -> Record? {
        let (bound, database, schema) = try prepare(database)
        try inclusion.validate(from: schema)
        // Limited to one row without a query of its own (a limit of 0 stays 0).
        let statement = try bound.selection(schema: schema).selectStatement(limit: min(query.limitCount ?? 1, 1))
        return try RecordFetcher.fetchFirst(Record.self, schema: schema, statement: statement, inclusion: inclusion, in: database)
    }

    /// The matching record whose key is `key`, if any, with the included relations.
    public func find(_ key: Record.ID, in database: (any DatabaseProvider)? = nil) throws -> Record? {
        guard let key = key.savedKey else { return nil }
        let (bound, _, schema) = try prepare(database)
        return try bound.where(key: schema.qualifiedPrimaryKeyNames, equals: schema.keyParts(of: key)).first()
    }

    /// The number of matching records.
    public func count(in database: (any DatabaseProvider)? = nil) throws -> Int {
        let (bound, _, schema) = try prepare(database)
        return try bound.selection(schema: schema).count()
    }

    /// Whether any record matches.
    public func exists(in database: (any DatabaseProvider)? = nil) throws -> Bool {
        let (bound, _, schema) = try prepare(database)
        return try bound.selection(schema: schema).exists()
    }

    /// Deletes the matching records as ``ActiveRecord/delete(in:)`` does (delete rules,
    /// join-table links), in one transaction, and returns how many were deleted.
    @discardableResult
    public func deleteAll(in database: (any DatabaseProvider)? = nil) throws -> Int {
        let (bound, database, schema) = try prepare(database)
        guard !database.isInsideRead else { throw RecordError.writeInsideRead(record: schema.recordName) }
        let keys = try bound.joinedQuery(schema: schema).select(columns: schema.qualifiedPrimaryKeyNames)
        return try database.write { connection in
            let select = try keys.selectStatement()
            let found = try connection.fetchAll(select).map { schema.keyOfSelectedRow($0.values) }
            var deleting: Set<RecordIdentity> = []
            return try GraphWriter(database: database, connection: connection).delete(found, of: schema, deleting: &deleting)
        }
    }

    /// The query bound to `database` (its own when nil), that database, and the record's
    /// schema, brought up to date there.
    func prepare(_ database: (any DatabaseProvider)?) throws -> (RecordQuery, Database, RecordSchema) {
        let (database, schema) = try resolve(database)
        var bound = self
        bound.query.database = database
        return (bound, database, schema)
    }

    /// The database the query runs on (`database`, else its own) and the record's schema,
    /// brought up to date there.
    private func resolve(_ database: (any DatabaseProvider)?) throws -> (Database, RecordSchema) {
        guard let database = try running(on: database) else { throw RecordError.noDatabase }
        return (database, try SchemaSynchronizer.ensure(Record.self, on: database))
    }

    /// The database the query runs on: `database`'s, else its own, else the shared one.
    func running(on database: (any DatabaseProvider)?) throws -> Database? {
        try database?.database ?? ownDatabase ?? Database.shared
    }

    /// The database the query was made on, if any (a lookup's has none).
    private var ownDatabase: Database? {
        guard case .query(let query) = form else { return nil }
        return query.database
    }

    private func selectStatement(schema: RecordSchema? = nil) throws -> SQLStatement {
        let schema = try schema ?? RecordSchema.of(Record.self)
        return try selection(schema: schema).selectStatement()
    }

    /// The query selecting the records' columns (and the annotations after them), with
    /// the joined relations.
    func selection(schema: RecordSchema) throws -> Query {
        var selecting = try joinedQuery(schema: schema)
        // The schema's selection, made once: no list is built per query.
        selecting.selection = annotations.isEmpty ? schema.selection : try schema.selection + annotations.map { annotation in
            .expression(try resolvingRelationAggregates(in: annotation.expression, schema: schema), alias: annotation.alias)
        }
        return selecting
    }

    /// The query with the joined relations, selecting nothing yet.
    func joinedQuery(schema: RecordSchema) throws -> Query {
        var joined = query
        joined.ownColumns = schema.columnReferences
        var schemas: [String: RecordSchema] = ["": schema]
        for path in joinedPaths {
            let parentPath = path.split(separator: ".").dropLast().joined(separator: ".")
            guard let parent = schemas[parentPath] else { continue }
            let key = String(path.split(separator: ".").last ?? "")
            let parentName = parentPath.isEmpty ? schema.tableName : parentPath
            guard let target = parent.relationTarget(forKey: key) else {
                throw RecordError.unknownRelation(record: schema.recordName, relation: path)
            }
            let child = try RecordSchema.of(dynamic: target)
            schemas[path] = child
            joined = try RelationJoin(parent: parent, parentName: parentName, key: key, child: child, alias: path)
                .adding(to: joined)
        }
        try checkColumnNames(schema: schema, joined: schemas, on: query.database)
        return try joined.resolvingRelationAggregates { try relationAggregate($0, schema: schema).node }
    }
}
