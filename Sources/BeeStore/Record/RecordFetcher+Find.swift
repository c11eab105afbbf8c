extension RecordFetcher {
    /// Why a lookup by key on a connection returns no record: thrown out of the reader's
    /// closure, so that the closure returns a `Record` rather than a `Record?` (below).
    private enum LookupDetour: Error {
        /// No row has the key.
        case missing
        /// The lookup is left to the caller's general path, with the record type's schema
        /// when it is known: the type has relations, its tables are not known to be up
        /// to date for every connection yet, its statement is in use (a lookup made while
        /// decoding a record of the same type), or the query's column is not the key's.
        case general(RecordSchema?)
    }

    /// The record of type `Record` whose key is `key` (a key, or a ``CompositeKey``'s
    /// one-value form), with its required relations: ``ActiveRecord/find(_:in:)``.
    static func find<Record: ActiveRecord>(_ type: Record.Type, key: Value, in database: Database) throws -> Record? {
        try find(type, key: key, in: database) { known in
            let schema = try known ?? SchemaSynchronizer.ensure(type, on: database)
            return try fetchFirst(
                type, schema: schema, statement: SQLStatement(sql: schema.findSQL, arguments: schema.keyParts(of: key)),
                inclusion: RelationInclusion(), in: database)
        }
    }

    /// The record of type `Record` whose key is `key`, or what `general` returns when
    /// the lookup cannot take the connection's kept statement (see ``LookupDetour/general(_:)``),
    /// or when `column`, the name a record query gave the key, turns out not to name
    /// the key's column.
    ///
    /// A type without relations that the connection looked up before is found through
    /// the connection's ``FindStatementCache``: no lock, no text to compare, the key
    /// bound without an argument array. The reader's closure returns the record itself:
    /// code generic over `Record` that held a `Record?`, or had a closure return one,
    /// would look up `Optional<Record>`'s type metadata at every call (about 325
    /// instructions each time); a missing row is thrown as ``LookupDetour/missing`` instead.
    static func find<Record: ActiveRecord>(
        _ type: Record.Type, key: Value, column: String? = nil, in database: Database,
        otherwise general: (_ schema: RecordSchema?) throws -> Record?
    ) throws -> Record? {
        let typeID = ObjectIdentifier(type)
        do {
            return try database.withReader(inTransaction: false) { connection -> Record in
                guard let entry = try FindStatementCache.of(connection)[typeID] ?? keptEntry(of: typeID, on: connection, in: database) else {
                    throw LookupDetour.general(nil)
                }
                guard !entry.schema.hasRelations, !entry.statement.isBusy, column.map(entry.namesKey) ?? true else {
                    throw LookupDetour.general(entry.schema)
                }
                return try entry.record(withKey: key, as: type, otherwise: LookupDetour.missing)
            }
        } catch LookupDetour.missing {
            return nil
        } catch LookupDetour.general(let known) {
            return try general(known)
        }
    }

    /// The lookup entry of the record type `typeID` on `connection`, made and kept when
    /// the database has committed the type's schema; nil before.
    private static func keptEntry(
        of typeID: ObjectIdentifier, on connection: Connection, in database: Database
    ) throws -> FindStatementCache.Entry? {
        guard let schema = SchemaSynchronizer.committedSchema(of: typeID, on: database) else { return nil }
        let entry = FindStatementCache.Entry(schema: schema, statement: try connection.cachedStatement(schema.findSQL))
        FindStatementCache.of(connection).keep(entry, for: typeID)
        return entry
    }
}
