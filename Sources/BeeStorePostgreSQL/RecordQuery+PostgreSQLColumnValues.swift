#if PostgreSQL
import BeeStore

/// Records found by the values of their columns, the values of one column, and changes to
/// every matching record in one statement, on a PostgreSQL database: the same calls as on
/// SQLite. Names are a record's column names or property names.
///
/// ```swift
/// let known = try Bookmark.exists(by: ["url": "https://swift.org"], in: db)
/// try Bookmark.where("url", "https://swift.org").increment("visits", by: 1, in: db)
/// try Bookmark.where("visits", 0).updateAll(["title": "Unread"], in: db)
/// let titles = try Bookmark.orderAsc("title").pluck("title", as: String.self, in: db)
/// ```
extension RecordQuery {
    /// The first record whose columns hold these values, every one of them (`IS NULL` for
    /// nil), among those the query selects, with the relations it includes.
    public func find(by values: [String: (any DatabaseValueConvertible)?], in database: PostgreSQLDatabase) throws -> Record? {
        try matching(values).first(in: database)
    }

    /// Whether a record the query selects holds these values in its columns.
    public func exists(by values: [String: (any DatabaseValueConvertible)?], in database: PostgreSQLDatabase) throws -> Bool {
        try matching(values).exists(in: database)
    }

    /// The values of one column of the matching records, in the query's order, converted
    /// to `T`. `column` is a column or property of the record, or `relation.column` for a
    /// relation the query joins. Ask for an optional type when the column holds `NULL`s; a
    /// value that does not convert is a `ConversionError`.
    public func pluck<T: DatabaseValueConvertible>(
        _ column: String, as type: T.Type = T.self, in database: PostgreSQLDatabase
    ) throws -> [T] {
        let (query, qualified) = try plucking(column)
        return try query.pluck(qualified, as: type, in: database)
    }

    /// Sets these columns (or properties) to these values in every matching record, in one
    /// statement; returns how many records changed. No hook runs, no timestamp is set.
    @discardableResult
    public func updateAll(_ values: [String: (any DatabaseValueConvertible)?], in database: PostgreSQLDatabase) throws -> Int {
        try updatingAll(values).update(in: database)
    }

    /// Adds `amount` to the column (or property) `column` of every matching record (a
    /// `NULL` counts as 0), in one statement; returns how many records changed.
    @discardableResult
    public func increment(_ column: String, by amount: Int = 1, in database: PostgreSQLDatabase) throws -> Int {
        let (rows, name) = try incrementing(column)
        return try rows.increment(name, by: amount, in: database)
    }

    /// Adds a real `amount` to a column of every matching record, as the integer form does.
    @discardableResult
    public func increment(_ column: String, by amount: Double, in database: PostgreSQLDatabase) throws -> Int {
        let (rows, name) = try incrementing(column)
        return try rows.increment(name, by: amount, in: database)
    }
}

/// Lookups by column values on the record type itself.
extension ActiveRecord {
    /// Whether a record has this key.
    public static func exists(_ key: ID, in database: PostgreSQLDatabase) throws -> Bool {
        guard let narrowed = try query().matching(key: key) else { return false }
        return try narrowed.exists(in: database)
    }

    /// The first record whose columns (or properties) hold these values, with its required
    /// relations.
    public static func find(by values: [String: (any DatabaseValueConvertible)?], in database: PostgreSQLDatabase) throws -> Self? {
        try query().find(by: values, in: database)
    }

    /// Whether a record holds these values in its columns (or properties).
    public static func exists(by values: [String: (any DatabaseValueConvertible)?], in database: PostgreSQLDatabase) throws -> Bool {
        try query().exists(by: values, in: database)
    }
}
#endif
