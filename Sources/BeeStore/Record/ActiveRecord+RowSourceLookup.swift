/// Lookups by key on another database's connection (PostgreSQL), served as on SQLite by
/// what the connection keeps for each record type (see ``ServerFindEntry``): the
/// type's schema, its `find` statement's text in the connection's dialect, and a decoder
/// with its keyed container, kept from one lookup to the next.
extension ActiveRecord {
    /// The record with this key on `source`, read with the lookup `source` keeps for the
    /// type; nil when no row has the key. Throws ``KeptLookupUnavailable`` when the lookup
    /// takes the general path instead (a record query's): the type has relations, loaded
    /// in one snapshot, or its kept decoder is at work (a lookup made while a record of
    /// the type decodes).
    package static func findKept(_ key: ID, on source: any RecordRowSource) throws -> Self? {
        guard let key = key.savedKey else { return nil }
        let state = source.recordState
        let typeID = ObjectIdentifier(Self.self)
        let entry: ServerFindEntry
        if let kept = state.serverFinds.value(of: typeID) {
            entry = kept
        } else {
            entry = ServerFindEntry(schema: try RecordSchema.of(Self.self), dialect: source.dialect)
            state.serverFinds.set(entry, for: typeID)
        }
        let schema = entry.schema
        let decoder = entry.decoder
        guard !schema.hasRelations, !decoder.isDecoding else { throw KeptLookupUnavailable() }
        let arguments = schema.hasCompositeKey ? try schema.keyParts(of: key) : [key]
        guard let row = try source.rows(of: SQLStatement(sql: entry.findSQL, arguments: arguments)).first else {
            return nil
        }
        decoder.load(values: row, relations: [])
        return try decoder.decode(Self.self)
    }
}

/// Thrown by ``ActiveRecord/findKept(_:on:)`` when a lookup is left to the general path.
package struct KeptLookupUnavailable: Error {
    package init() {}
}
