/// What the record layer keeps per connection, in its ``Connection/upperLayerState`` (or,
/// for another database's connection, in its ``RecordRowSource/recordState``): the
/// prepared lookups by key, and the row writers of the record types saved on it.
package final class RecordConnectionState {
    let finds = FindStatementCache()

    /// The lookups by key of another database's connection, by record type.
    // Only the thread using the connection touches it, one access at a time, as
    // ``FindStatementCache``'s entries.
    @exclusivity(unchecked) var serverFinds = RecordTypeMap<ServerFindEntry>()

    /// An empty state, for a connection that has seen no record yet.
    package init() {}

    /// Row writers not in use by a graph writer, by record type. Kept from one save to
    /// the next: a row writer made for each save (the schema looked up under a lock, an
    /// encoder and its keyed container, the insert statement found in the statement
    /// cache by its text, then all of it freed) cost about 12,000 instructions a save.
    // Only the thread using the connection touches it, one access at a time: the
    // runtime's dynamic exclusivity checks cost 239 instructions a one-row write
    // transaction (24,816 against 24,577), so they are left out.
    @exclusivity(unchecked) private var idleRowWriters: [ObjectIdentifier: RowWriter] = [:]
    /// The row writer given back last, kept out of ``idleRowWriters``: saves of one
    /// record type in a row take it back and return it without hashing its type (about
    /// 380 instructions a one-row write transaction).
    @exclusivity(unchecked) private var lastIdleRowWriter: RowWriter?

    /// The state of `connection`, made on first use. Always inlined: a lookup by key that
    /// takes its cache from the state then needs no retain of the cache of its own.
    @inline(__always)
    static func of(_ connection: Connection) -> RecordConnectionState {
        guard let state = connection.upperLayerState else { return made(for: connection) }
        // Only this type sets the slot: the downcast needs no check, which a dynamic cast
        // would make at every lookup by key.
        return unsafeDowncast(state, to: RecordConnectionState.self)
    }

    /// A new state, kept by `connection`.
    private static func made(for connection: Connection) -> RecordConnectionState {
        let state = RecordConnectionState()
        connection.upperLayerState = state
        return state
    }

    /// The idle row writer of the record type `typeID`, now in use by the caller.
    func takeRowWriter(of typeID: ObjectIdentifier) -> RowWriter? {
        if let last = lastIdleRowWriter, last.schema.typeID == typeID {
            lastIdleRowWriter = nil
            return last
        }
        return idleRowWriters.isEmpty ? nil : idleRowWriters.removeValue(forKey: typeID)
    }

    /// Keeps `writer`, no longer in use, for the next save of its record type.
    func giveBack(_ writer: RowWriter) {
        if let last = lastIdleRowWriter, last.schema.typeID != writer.schema.typeID {
            idleRowWriters[last.schema.typeID] = last
        }
        if !idleRowWriters.isEmpty { idleRowWriters[writer.schema.typeID] = nil }
        lastIdleRowWriter = writer
    }
}
