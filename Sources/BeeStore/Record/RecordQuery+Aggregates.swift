/// Aggregates of a record's to-many relations, per record, in one statement: the number
/// of an artist's albums, the total length of an album's tracks. `SQLExpression.count(of:)`
/// and its kin become correlated subqueries of the relation's tables, usable to select
/// (``RecordQuery/annotated(with:as:)``), filter (`where`) and order (`order(by:)`):
///
/// ```swift
/// let prolific = try Artist.query(in: db).where(.count(of: "albums") > 10).records()
/// let longest = try Album.query(in: db).annotated(with: .count(of: "tracks"), as: "trackCount")
///     .order(by: .count(of: "tracks"), .descending).limit(5).annotatedRecords()
/// ```
/// An expression a record query selects after the records' columns, under an alias. Not
/// nested in the generic ``RecordQuery``: a nested type would be generic too, and its
/// metadata looked up at run time each time a query of an unspecialized type is made.
struct RecordAnnotation: Sendable {
    let alias: String
    let expression: SQLExpression
}

extension RecordQuery {
    /// The query, also selecting `expression` (an aggregate of a relation, or any
    /// expression) under `alias`, which ``annotatedRecords(in:)`` returns beside each record.
    public func annotated(with expression: SQLExpression, as alias: String) -> RecordQuery {
        var copy = self
        copy.annotations.append(RecordAnnotation(alias: alias, expression: expression))
        return copy
    }

    /// The matching records, each with the values of the query's annotations, by alias.
    public func annotatedRecords(in database: (any DatabaseProvider)? = nil) throws -> [(record: Record, annotations: Row)] {
        let (bound, database, schema) = try prepare(database)
        try inclusion.validate(from: schema)
        let statement = try bound.selection(schema: schema).selectStatement()
        let columnCount = schema.columns.count
        let names = ColumnNames(annotations.map(\.alias))
        return try database.withReader(inTransaction: true) { connection in
            let prepared = try connection.cachedStatement(statement.sql)
            var rows: [[Value]] = []
            var annotated: [Row] = []
            try prepared.run(statement.statementArguments) {
                while try prepared.step() {
                    let values = (0..<Int32(columnCount + annotations.count)).map { prepared.value(at: $0) }
                    rows.append(Array(values[..<columnCount]))
                    annotated.append(Row(columns: names, values: Array(values[columnCount...])))
                }
            }
            var loader = GraphLoader(connection: connection, inclusion: inclusion)
            return Array(zip(try loader.load(Record.self, schema: schema, rows: rows), annotated))
        }
    }

    /// `expression` with its relation aggregates turned into subqueries of `schema`'s relations.
    func resolvingRelationAggregates(in expression: SQLExpression, schema: RecordSchema) throws -> SQLExpression {
        SQLExpression(try expression.node.resolvingRelationAggregates { try relationAggregate($0, schema: schema).node })
    }

    /// The subquery computing `aggregate` for the record of the row the statement is on:
    /// over the children pointing at it, or its links and the records they lead to.
    func relationAggregate(_ aggregate: RelationAggregate, schema: RecordSchema) throws -> SQLExpression {
        guard let relation = schema.toMany.first(where: { $0.key == aggregate.relation }) else {
            throw RecordError.unknownRelation(record: schema.recordName, relation: aggregate.relation)
        }
        let child = try RecordSchema.of(dynamic: relation.target)
        let parentKey = SQLExpression.column(schema.tableName + "." + schema.primaryKey.name)
        let rows: Query
        switch relation.kind {
        case .foreignKey(let declared):
            try refuseOwnTable(child.tableName, of: aggregate, schema: schema)
            let foreignKey = try schema.foreignKey(of: relation, declared: declared)
            rows = Query(database: nil, table: child.tableName).where(.column(child.tableName + "." + foreignKey) == parentKey)
        case .manyToMany(let link):
            try refuseOwnTable(link.table, of: aggregate, schema: schema)
            let links = Query(database: nil, table: link.table).where(.column(link.table + "." + link.parentColumn) == parentKey)
            if aggregate.column == nil {
                rows = links
            } else {
                try refuseOwnTable(child.tableName, of: aggregate, schema: schema)
                rows = links.join(
                    child.tableName,
                    on: .column(child.tableName + "." + child.primaryKey.name) == .column(link.table + "." + link.childColumn))
            }
        }
        let argument: SQLExpression = try aggregate.column.map { .column(child.tableName + "." + (try child.columnName(for: $0))) } ?? .all
        return .subquery(rows.select(.function(aggregate.function, argument)))
    }

    /// A relation kept in the record's own table (a tree's children) cannot be told apart
    /// from the record by table name in the subquery.
    private func refuseOwnTable(_ table: String, of aggregate: RelationAggregate, schema: RecordSchema) throws {
        guard SQLRenderer.asciiLowercased(table) != SQLRenderer.asciiLowercased(schema.tableName) else {
            throw RecordError.unsupportedType(
                record: schema.recordName, property: aggregate.relation, type: "relation aggregate",
                reason: "its records are kept in the record's own table, which the aggregate's subquery cannot tell apart")
        }
    }
}
