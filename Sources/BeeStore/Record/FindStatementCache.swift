/// The record types looked up by key on one SQLite connection (``ActiveRecord/find(_:in:)``):
/// each one's schema, once its tables are up to date for every connection, and its
/// prepared `find` statement.
///
/// It spares a lookup the database's shared schemas, which need a lock and a hashed
/// dictionary at every call, and the statement cache's search by SQL text. Only the
/// thread using the connection touches it. A type is kept only once the database has
/// committed its schema, which it then never forgets; SQLite prepares a kept statement
/// again by itself when the database's schema changes (a table dropped and created
/// anew, a column added), and the statement names its columns, so their order in the
/// table does not matter. Another database's connection keeps its lookups apart (see
/// ``ServerFindEntry``), so that this one's statement needs no unwrapping.
final class FindStatementCache {
    /// The cache of `connection`, made on first use.
    @inline(__always)
    static func of(_ connection: Connection) -> FindStatementCache {
        RecordConnectionState.of(connection).finds
    }

    /// What a lookup of one record type needs. A class: a lookup takes it from the cache
    /// with one retain, where a structure of four references took four (and as many
    /// releases).
    final class Entry {
        let schema: RecordSchema
        /// The prepared ``RecordSchema/findSQL``.
        let statement: Statement
        /// The names a record query may give the key's column (see
        /// ``RecordSchema/columnReferences``), ASCII-lowercased; empty for a composite key.
        /// None has a dot: a query reads `a.b` as a column of another table.
        let keyReferences: [String]
        /// The decoder of ``statement``'s rows, kept from one lookup to the next: for a
        /// `Codable` record type with its keyed container and the columns it found for
        /// the keys (a decoder made for each lookup cost about 4,000 instructions more:
        /// its allocation, a container and its box, the keys' columns found by name);
        /// for a ``ColumnCodableRecord`` with its column reader, rewound for each row (a
        /// reader made for each lookup retained and released the schema and two arrays).
        let decoder: RecordDecoder

        init(schema: RecordSchema, statement: Statement) {
            self.schema = schema
            self.statement = statement
            decoder = RecordDecoder(keptFor: statement, schema: schema)
            let key = schema.primaryKey.name
            keyReferences = schema.hasCompositeKey ? [] : schema.columnReferences.columns
                .filter { $0.value == key && !$0.key.utf8.contains(UInt8(ascii: ".")) }.map(\.key)
        }

        /// The record of type `Record` whose key is `key`, read with ``statement``, or what
        /// `missing` throws when no row has that key. A method of the entry, which holds
        /// the statement and the decoder while it runs.
        func record<Record: ActiveRecord>(
            withKey key: Value, as type: Record.Type, otherwise missing: @autoclosure () -> any Error
        ) throws -> Record {
            try statement.runBound(binding: { try bind(key, to: statement) }) {
                guard try statement.step() else { throw missing() }
                return try decoder.decode(type)
            }
        }

        /// Binds the values of `key`'s columns to `statement`'s parameters, in order.
        private func bind(_ key: Value, to statement: Statement) throws {
            guard schema.hasCompositeKey else { return try statement.bind(key, at: 1) }
            for (index, part) in try schema.keyParts(of: key).enumerated() {
                try statement.bind(part, at: Int32(index + 1))
            }
        }

        /// Whether a record query's `name` (`where(name, value)`) is the key's column.
        func namesKey(_ name: String) -> Bool {
            // Compared as written first: lowercasing builds a string.
            keyReferences.contains(name) || keyReferences.contains(SQLRenderer.asciiLowercased(name))
        }
    }

    // Only the thread using the connection reads and writes these: no access overlaps,
    // so the runtime's exclusivity checks (two calls into the runtime per access) are left out.
    // A loop of lookups finds the type looked up last without hashing.
    @exclusivity(unchecked) private var entries = RecordTypeMap<Entry>()

    /// The entry of the record type `typeID`, if kept. Inlined into the lookup.
    @inline(__always)
    subscript(typeID: ObjectIdentifier) -> Entry? {
        entries.value(of: typeID)
    }

    /// Keeps `entry` for the record type `typeID`.
    func keep(_ entry: Entry, for typeID: ObjectIdentifier) {
        entries.set(entry, for: typeID)
    }

    /// The number of record types kept.
    var count: Int { entries.count }
}
