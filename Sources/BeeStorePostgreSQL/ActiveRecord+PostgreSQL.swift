#if PostgreSQL
import BeeStore

/// A PostgreSQL connection is where record fetches read rows.
extension PostgreSQLConnection: RecordRowSource {
    /// ``SQLDialect/postgreSQL``.
    package var dialect: SQLDialect { .postgreSQL }

    package func rows(of statement: SQLStatement) throws -> [[Value]] {
        try fetchAll(statement).map(\.values)
    }

    /// Its server connection's: a ``PostgreSQLConnection`` is made for each closure, the
    /// server connection under it lasts.
    package var recordState: RecordConnectionState { session.recordState }
}

/// Record queries on a PostgreSQL database: the same queries as on SQLite (conditions,
/// order, limits, joins, included relations at any depth), rendered for PostgreSQL; a
/// fetch that loads relations runs in one read-only snapshot.
///
/// ```swift
/// let albums = try Album.query().including("artist", "tracks").orderAsc("Title").records(in: db)
/// ```
extension RecordQuery {
    /// The records the query selects, with the relations it includes.
    public func records(in database: PostgreSQLDatabase) throws -> [Record] {
        try reading(in: database) { try records(from: $0) }
    }

    /// The first record the query selects, if any.
    public func first(in database: PostgreSQLDatabase) throws -> Record? {
        try reading(in: database) { try records(from: $0, limit: firstRecordLimit).first }
    }

    /// The record with this key among those the query selects, with the relations it includes.
    public func find(_ key: Record.ID, in database: PostgreSQLDatabase) throws -> Record? {
        try matching(key: key)?.first(in: database)
    }

    /// Runs a fetch of the query's records: in one read-only snapshot when relations may
    /// load with queries of their own, as one lone statement otherwise.
    private func reading<T>(in database: PostgreSQLDatabase, _ body: (PostgreSQLConnection) throws -> T) throws -> T {
        try loadsRelations ? database.read(body) : database.readOneStatement(body)
    }

    /// The number of records the query selects.
    public func count(in database: PostgreSQLDatabase) throws -> Int {
        try recordSelection.count(in: database)
    }

    /// Whether the query selects at least one record.
    public func exists(in database: PostgreSQLDatabase) throws -> Bool {
        try recordSelection.exists(in: database)
    }
}

/// Reading records from a PostgreSQL database: the same calls as on SQLite.
extension ActiveRecord {
    /// The record with this key, with its required relations.
    public static func find(_ key: ID, in database: PostgreSQLDatabase) throws -> Self? {
        do {
            // One statement, with what the connection keeps for the type.
            return try database.readOneStatement { try findKept(key, on: $0) }
        } catch is KeptLookupUnavailable {
            return try query().find(key, in: database)
        }
    }

    /// Every record, in key order.
    public static func all(in database: PostgreSQLDatabase) throws -> [Self] {
        try query().inKeyOrder().records(in: database)
    }

    /// The record with the smallest key.
    public static func first(in database: PostgreSQLDatabase) throws -> Self? {
        try query().inKeyOrder().first(in: database)
    }

    /// The record with the largest key.
    public static func last(in database: PostgreSQLDatabase) throws -> Self? {
        try query().inKeyOrder(descending: true).first(in: database)
    }

    /// The number of records.
    public static func count(in database: PostgreSQLDatabase) throws -> Int {
        try query().count(in: database)
    }
}
#endif
