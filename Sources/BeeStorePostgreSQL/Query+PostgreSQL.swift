#if PostgreSQL
import BeeStore

extension PostgreSQLDatabase {
    /// A query on `table`, rendered for PostgreSQL; run it with the `in:` forms of its
    /// terminal methods (`get(in:)`, `count(in:)`, `update(in:)`, …).
    ///
    /// ```swift
    /// let names = try db.from("player").where("score", .greaterThan, 10).orderAsc("name").get(in: db)
    /// ```
    public func from(_ table: String) -> Query {
        Query(database: nil, table: table).rendered(for: .postgreSQL)
    }
}

/// The query builder's terminal methods on a PostgreSQL database: the statements are
/// rendered for PostgreSQL whatever the query was made for.
extension Query {
    /// Runs the `SELECT` and returns its rows.
    public func get(in database: PostgreSQLDatabase) throws -> [Row] {
        let statement = try rendered(for: .postgreSQL).selectStatement()
        return try database.readOneStatement { try $0.fetchAll(statement) }
    }

    /// The first row of the `SELECT`, if any (its limit becomes 1).
    public func first(in database: PostgreSQLDatabase) throws -> Row? {
        let statement = try rendered(for: .postgreSQL).selectStatement(limit: 1)
        return try database.readOneStatement { try $0.fetchAll(statement).first }
    }

    /// The number of rows the `SELECT` returns.
    public func count(in database: PostgreSQLDatabase) throws -> Int {
        try scalar(rendered(for: .postgreSQL).aggregateStatement("COUNT", nil), as: Int.self, in: database) ?? 0
    }

    /// Whether the `SELECT` returns at least one row.
    public func exists(in database: PostgreSQLDatabase) throws -> Bool {
        try scalar(rendered(for: .postgreSQL).existsStatement(), as: Bool.self, in: database) ?? false
    }

    /// Inserts the row that `set` describes and returns the number of rows inserted (0
    /// for an upsert that did nothing).
    @discardableResult
    public func insert(in database: PostgreSQLDatabase) throws -> Int {
        try changes(of: rendered(for: .postgreSQL).insertStatement(), in: database)
    }

    /// Inserts the row that `set` describes and returns `expression` for it, decoded as a
    /// `T`: `INSERT … RETURNING id`.
    public func insert<T: DatabaseValueConvertible>(
        returning expression: SQLExpression, as type: T.Type, in database: PostgreSQLDatabase
    ) throws -> T {
        let statement = try rendered(for: .postgreSQL).insertStatement(orReplace: false, returning: [expression])
        return try database.write { connection in
            guard let row = try connection.fetchAll(statement).first else { throw QueryError.noRowReturned(table: table) }
            return try row.decode(type, at: 0)
        }
    }

    /// Updates the matching rows with the values set by `set`; returns how many changed.
    @discardableResult
    public func update(in database: PostgreSQLDatabase) throws -> Int {
        try changes(of: rendered(for: .postgreSQL).updateStatement(), in: database)
    }

    /// Adds `amount` to `column` in the matching rows (a `NULL` counts as 0), and sets the
    /// columns `set` gives; returns how many rows changed.
    @discardableResult
    public func increment(_ column: String, by amount: Int = 1, in database: PostgreSQLDatabase) throws -> Int {
        try changes(of: rendered(for: .postgreSQL).incrementStatement(column, by: amount.databaseValue), in: database)
    }

    /// Adds a real `amount` to `column` in the matching rows, as the integer form does.
    @discardableResult
    public func increment(_ column: String, by amount: Double, in database: PostgreSQLDatabase) throws -> Int {
        try changes(of: rendered(for: .postgreSQL).incrementStatement(column, by: amount.databaseValue), in: database)
    }

    /// The values of one column in the rows the query selects, in order, converted to `T`
    /// (the query's own selection replaced by `column`; its conditions, ordering, paging
    /// and `distinct()` kept). Ask for an optional type when the column holds `NULL`s; a
    /// value that does not convert is a `ConversionError` naming the column.
    ///
    /// ```swift
    /// let names = try db.from("player").orderAsc("name").pluck("name", as: String.self, in: db)
    /// ```
    public func pluck<T: DatabaseValueConvertible>(
        _ column: String, as type: T.Type = T.self, in database: PostgreSQLDatabase
    ) throws -> [T] {
        let statement = try rendered(for: .postgreSQL).pluckStatement(column)
        return try database.readOneStatement { connection in try connection.fetchAll(statement).map { try $0.decode(type, at: 0) } }
    }

    /// Deletes the matching rows; returns how many were deleted.
    @discardableResult
    public func delete(in database: PostgreSQLDatabase) throws -> Int {
        try changes(of: rendered(for: .postgreSQL).deleteStatement(), in: database)
    }

    private func scalar<T: DatabaseValueConvertible>(
        _ statement: SQLStatement, as type: T.Type, in database: PostgreSQLDatabase
    ) throws -> T? {
        try database.readOneStatement { connection in
            guard let row = try connection.fetchAll(statement).first, !row[0].isNull else { return nil }
            return try row.decode(type, at: 0)
        }
    }

    private func changes(of statement: SQLStatement, in database: PostgreSQLDatabase) throws -> Int {
        try database.writeWithoutTransaction { connection in
            try connection.execute(statement)
            return connection.changes
        }
    }
}
#endif
