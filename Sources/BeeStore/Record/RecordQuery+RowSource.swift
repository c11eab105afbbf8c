/// A record query run by another database (PostgreSQL): the same selection, joins and
/// included relations as on SQLite, rendered in the source's dialect and decoded from
/// whole rows.
extension RecordQuery {
    /// The query's `SELECT` of its records' columns, with its conditions and joins (the
    /// ones its count and existence run).
    package var recordSelection: Query {
        get throws { try selection(schema: RecordSchema.of(Record.self)) }
    }

    /// The records the query selects on `source`, at most `limit` of them when given (the
    /// query's own limit otherwise), with the relations it includes (and the ones their
    /// types always load).
    package func records(from source: any RecordRowSource, limit: Int? = nil) throws -> [Record] {
        let statement = try recordsStatement(in: source.dialect, limit: limit ?? query.limitCount)
        return try records(decoding: source.rows(of: statement), from: source)
    }

    /// The `SELECT` of the records' rows, rendered in `dialect`, with `limit` (the query's
    /// own when nil), once the included relations are known to exist.
    package func recordsStatement(in dialect: SQLDialect, limit: Int? = nil) throws -> SQLStatement {
        let schema = try RecordSchema.of(Record.self)
        try inclusion.validate(from: schema)
        return try selection(schema: schema).rendered(for: dialect).selectStatement(limit: limit ?? query.limitCount)
    }

    /// Calls `body` with each record of the rows ``recordsStatement(in:limit:)`` selects,
    /// read a batch at a time by `nextRows` (an empty batch is the end), each batch's
    /// relations loaded from `source`: a cursor, whose memory holds one batch.
    package func forEach(
        from source: any RecordRowSource, nextRows: () throws -> [[Value]], _ body: (Record) throws -> Void
    ) throws {
        while case let rows = try nextRows(), !rows.isEmpty {
            for record in try records(decoding: rows, from: source) {
                try body(record)
            }
        }
    }

    /// The records of `rows`, the query's selected rows, with the relations it includes
    /// loaded from `source`.
    private func records(decoding rows: [[Value]], from source: any RecordRowSource) throws -> [Record] {
        let schema = try RecordSchema.of(Record.self)
        guard schema.hasRelations else {
            let decoder = RecordDecoder(schema: schema)
            return try decoder.keepingContainer {
                try rows.map { row in
                    decoder.load(values: row, relations: [])
                    return try decoder.decode(Record.self)
                }
            }
        }
        var loader = GraphLoader(source: source, inclusion: inclusion)
        return try loader.load(Record.self, schema: schema, rows: rows)
    }

    /// The tables a fetch of the query's records reads with statements of their own: those
    /// of the relations it loads (the included ones, and those their types always load)
    /// and their join tables, with the records' own table.
    package var loadedTables: Set<String> {
        get throws {
            try inclusion.validate(from: RecordSchema.of(Record.self))
            var plan = LoadPlan()
            _ = try plan.node(for: Record.self, at: "", inclusion: inclusion)
            return plan.tables
        }
    }

    /// Whether a fetch of the query's records may load relations with queries of their own.
    package var loadsRelations: Bool {
        get throws { try RecordSchema.of(Record.self).hasRelations }
    }

    /// The limit of a fetch of the query's first record: 1, or 0 when its own limit is 0.
    package var firstRecordLimit: Int { min(query.limitCount ?? 1, 1) }

    /// The query narrowed to the record whose key is `key`; nil for a key no saved record has.
    package func matching(key: Record.ID) throws -> RecordQuery? {
        guard let key = key.savedKey else { return nil }
        let schema = try RecordSchema.of(Record.self)
        var narrowed = self
        narrowed.query = query.where(key: schema.qualifiedPrimaryKeyNames, equals: try schema.keyParts(of: key))
        return narrowed
    }

    /// The query in the order of its records' keys (descending when asked).
    package func inKeyOrder(descending: Bool = false) throws -> RecordQuery {
        try RecordSchema.of(Record.self).primaryKeyNames.reduce(self) {
            descending ? $0.orderDesc($1) : $0.orderAsc($1)
        }
    }
}
