/// What a lookup by key of one record type needs on another database's connection
/// (PostgreSQL), kept by the connection's ``RecordConnectionState`` from one lookup to the
/// next: the type's schema, its `find` statement's text in the connection's dialect, and
/// one decoder, whatever the record's coding, for the whole rows that connection returns.
final class ServerFindEntry {
    let schema: RecordSchema
    /// ``RecordSchema/findSQL`` in the connection's dialect.
    let findSQL: String
    let decoder: RecordDecoder

    init(schema: RecordSchema, dialect: SQLDialect) {
        self.schema = schema
        findSQL = schema.statements.rendered(for: dialect).find
        decoder = RecordDecoder(keptFor: schema)
    }
}
