/// What an observation reads, worked out when it starts and again with each fetch (see
/// ``DatabaseObserver``).
struct ObservedRegion: Sendable {
    /// What the observation reads when it starts.
    let initial: ReadRegion
    /// What it reads, worked out on the connection of a fetch.
    let current: @Sendable (Connection) throws -> ReadRegion

    /// Every row and column of `tables`.
    static func tables(_ tables: Set<String>) -> ObservedRegion {
        let region = ReadRegion(everythingIn: tables)
        return ObservedRegion(initial: region, current: { _ in region })
    }

    /// What `query`'s `statement` reads, as SQLite reports it (the query's tables at
    /// least), with the rows of its own table restricted to the row ids its keys name
    /// (see ``Query/observedKeys``, `keys` when given), and every row and column of `tables`
    /// (read by other statements of the same fetch).
    static func statement(
        _ statement: SQLStatement, of query: Query, keys: [String: Set<Int64>]? = nil,
        alsoReading tables: Set<String> = [], in database: Database
    ) throws -> ObservedRegion {
        let (own, keys) = (query.observedTables, keys ?? query.observedKeys)
        let table = query.table
        let current: @Sendable (Connection) throws -> ReadRegion = { connection in
            var region = try connection.readRegion(of: statement.sql, including: own, table: table, keys: keys)
            region.formUnion(ReadRegion(everythingIn: tables))
            return region
        }
        return ObservedRegion(initial: try database.read(current), current: current)
    }
}
