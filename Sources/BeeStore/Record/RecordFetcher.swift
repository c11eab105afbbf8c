/// Runs a record query on a connection: records without relations are decoded straight
/// from the statement; records with relations go through the graph loader.
struct RecordFetcher {
    let connection: Connection

    /// Fetches on a reader: records with relations in one snapshot transaction (their
    /// queries must agree), others with their single statement alone.
    static func fetch<Record: ActiveRecord>(
        _ type: Record.Type, schema: RecordSchema, statement: SQLStatement, inclusion: RelationInclusion,
        in database: Database
    ) throws -> [Record] {
        try database.withReader(inTransaction: schema.hasRelations) { connection in
            try RecordFetcher(connection: connection).fetch(type, schema: schema, statement: statement, inclusion: inclusion)
        }
    }

    func fetch<Record: ActiveRecord>(
        _ type: Record.Type, schema: RecordSchema, statement: SQLStatement, inclusion: RelationInclusion
    ) throws -> [Record] {
        if schema.hasRelations {
            var loader = GraphLoader(connection: connection, inclusion: inclusion)
            return try loader.load(type, schema: schema, statement: statement)
        }
        let prepared = try connection.cachedStatement(statement.sql)
        return try prepared.run(statement.statementArguments) {
            if let columnCodable = schema.columnCodableType {
                return try FetchedRecords.collect(columnCodable, as: type, schema: schema, stepping: prepared)
            }
            let decoder = RecordDecoder(schema: schema, statement: prepared)
            guard try prepared.step() else { return [] }
            let first = try decoder.decode(type)
            // From the second row on, one keyed container serves them all (keeping it
            // for a single row would cost more than it saves).
            return try decoder.keepingContainer {
                try FetchedRecords.collect(first: first, stepping: prepared) { try decoder.decode(type) }
            }
        }
    }

    /// The first record `statement` selects, if any: without relations, decoded from the
    /// first row it steps, with no array of records or ``Row`` in between.
    static func fetchFirst<Record: ActiveRecord>(
        _ type: Record.Type, schema: RecordSchema, statement: SQLStatement, inclusion: RelationInclusion,
        in database: Database
    ) throws -> Record? {
        guard !schema.hasRelations else {
            let records = try fetch(type, schema: schema, statement: statement, inclusion: inclusion, in: database)
            // Not `first`: Array's own members spare the generic Collection conformance.
            return records.count > 0 ? records[0] : nil
        }
        // The closures return nothing, so that they need no `Optional<Record>` of their own.
        var found: Record?
        try database.withReader(inTransaction: false) { connection in
            let prepared = try connection.cachedStatement(statement.sql)
            // Bound as every statement's arguments are: a count that does not match the
            // placeholders is an error, not a parameter left NULL.
            try prepared.run(statement.statementArguments) {
                if try prepared.step() { found = try RecordDecoder.decodeRow(of: prepared, as: type, schema: schema) }
            }
        }
        return found
    }

    /// How many rows of records with relations are loaded together by ``forEach(_:schema:statement:inclusion:_:)``:
    /// their relations cost one statement per batch.
    static let relationBatchSize = 500

    /// Calls `body` with each record `statement` selects, as its row is stepped: records
    /// without relations are decoded one at a time, records with relations in batches of
    /// ``relationBatchSize`` rows, so that memory does not grow with the number of rows.
    func forEach<Record: ActiveRecord>(
        _ type: Record.Type, schema: RecordSchema, statement: SQLStatement, inclusion: RelationInclusion,
        _ body: (Record) throws -> Void
    ) throws {
        let prepared = try connection.cachedStatement(statement.sql)
        try prepared.run(statement.statementArguments) {
            guard schema.hasRelations else {
                let decoder = RecordDecoder(schema: schema, statement: prepared)
                try decoder.keepingContainer {
                    while try prepared.step() {
                        try body(decoder.decode(type))
                    }
                }
                return
            }
            var batch: [[Value]] = []
            func deliver() throws {
                var loader = GraphLoader(connection: connection, inclusion: inclusion)
                for record in try loader.load(type, schema: schema, rows: batch) {
                    try body(record)
                }
                batch.removeAll(keepingCapacity: true)
            }
            while try prepared.step() {
                batch.append(GraphLoader.values(of: prepared, columnCount: schema.columns.count))
                if batch.count == Self.relationBatchSize { try deliver() }
            }
            if !batch.isEmpty { try deliver() }
        }
    }
}
