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
        let decoder = RecordDecoder(schema: schema, statement: prepared)
        return try prepared.run(statement.statementArguments) {
            var records: [Record] = []
            guard try prepared.step() else { return records }
            records.append(try decoder.decode(type))
            // From the second row on, one keyed container serves them all (keeping it
            // for a single row would cost more than it saves).
            try decoder.keepingContainer {
                while try prepared.step() {
                    records.append(try decoder.decode(type))
                }
            }
            return records
        }
    }
}
