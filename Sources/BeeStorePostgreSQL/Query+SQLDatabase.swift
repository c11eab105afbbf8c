#if PostgreSQL
import BeeStore
import Dispatch

/// The query builder's terminal methods on either database (see ``SQLDatabase``): the
/// query is rendered in that database's dialect, whatever it was made for, and run there.
///
/// ```swift
/// let top = try db.from("player").where("score", .greaterThan, 10).orderDesc("score").limit(3).get(in: db)
/// ```
extension Query {
    /// Runs the `SELECT` and returns its rows.
    @_disfavoredOverload
    public func get(in database: some SQLDatabase) throws -> [Row] {
        switch database.backend {
        case .sqlite(let database): try bound(to: database).get()
        case .postgreSQL(let database): try get(in: database)
        }
    }

    /// The first row of the `SELECT`, if any (its limit becomes 1).
    @_disfavoredOverload
    public func first(in database: some SQLDatabase) throws -> Row? {
        switch database.backend {
        case .sqlite(let database): try bound(to: database).first()
        case .postgreSQL(let database): try first(in: database)
        }
    }

    /// The number of rows the `SELECT` returns.
    @_disfavoredOverload
    public func count(in database: some SQLDatabase) throws -> Int {
        switch database.backend {
        case .sqlite(let database): try bound(to: database).count()
        case .postgreSQL(let database): try count(in: database)
        }
    }

    /// Whether the `SELECT` returns at least one row.
    @_disfavoredOverload
    public func exists(in database: some SQLDatabase) throws -> Bool {
        switch database.backend {
        case .sqlite(let database): try bound(to: database).exists()
        case .postgreSQL(let database): try exists(in: database)
        }
    }

    /// Calls `body` with each row the `SELECT` returns, in order, without keeping them
    /// (a server cursor on PostgreSQL); throwing from `body` stops the iteration.
    @_disfavoredOverload
    public func forEach(in database: some SQLDatabase, _ body: (Row) throws -> Void) throws {
        switch database.backend {
        case .sqlite(let database): try bound(to: database).forEach(body)
        case .postgreSQL(let database): try forEach(in: database, body)
        }
    }

    /// The values of one column in the rows the query selects, in order, converted to `T`.
    @_disfavoredOverload
    public func pluck<T: DatabaseValueConvertible>(
        _ column: String, as type: T.Type = T.self, in database: some SQLDatabase
    ) throws -> [T] {
        switch database.backend {
        case .sqlite(let database): try bound(to: database).pluck(column, as: type)
        case .postgreSQL(let database): try pluck(column, as: type, in: database)
        }
    }

    /// Inserts the row that `set` describes. The two databases' own forms return different
    /// things (SQLite's the row id, PostgreSQL's the number of rows inserted), so this one
    /// returns nothing: ask for the key with ``insert(returning:as:in:)``.
    @_disfavoredOverload
    public func insert(in database: some SQLDatabase) throws {
        switch database.backend {
        case .sqlite(let database): _ = try bound(to: database).insert()
        case .postgreSQL(let database): _ = try insert(in: database)
        }
    }

    /// Inserts the row that `set` describes and returns `expression` for it, decoded as a
    /// `T`: `INSERT … RETURNING id`.
    ///
    /// ```swift
    /// let id = try db.from("player").set("name", "Maya").insert(returning: .column("id"), as: Int64.self, in: db)
    /// ```
    @_disfavoredOverload
    public func insert<T: DatabaseValueConvertible>(
        returning expression: SQLExpression, as type: T.Type, in database: some SQLDatabase
    ) throws -> T {
        switch database.backend {
        case .sqlite(let database): try bound(to: database).insert(returning: expression, as: type)
        case .postgreSQL(let database): try insert(returning: expression, as: type, in: database)
        }
    }

    /// Updates the matching rows with the values set by `set`; returns how many changed.
    @_disfavoredOverload
    @discardableResult
    public func update(in database: some SQLDatabase) throws -> Int {
        switch database.backend {
        case .sqlite(let database): try bound(to: database).update()
        case .postgreSQL(let database): try update(in: database)
        }
    }

    /// Adds `amount` to `column` in the matching rows (a `NULL` counts as 0); returns how
    /// many rows changed.
    @_disfavoredOverload
    @discardableResult
    public func increment(_ column: String, by amount: Int = 1, in database: some SQLDatabase) throws -> Int {
        switch database.backend {
        case .sqlite(let database): try bound(to: database).increment(column, by: amount)
        case .postgreSQL(let database): try increment(column, by: amount, in: database)
        }
    }

    /// Adds a real `amount` to `column` in the matching rows, as the integer form does.
    @_disfavoredOverload
    @discardableResult
    public func increment(_ column: String, by amount: Double, in database: some SQLDatabase) throws -> Int {
        switch database.backend {
        case .sqlite(let database): try bound(to: database).increment(column, by: amount)
        case .postgreSQL(let database): try increment(column, by: amount, in: database)
        }
    }

    /// Deletes the matching rows; returns how many were deleted.
    @_disfavoredOverload
    @discardableResult
    public func delete(in database: some SQLDatabase) throws -> Int {
        switch database.backend {
        case .sqlite(let database): try bound(to: database).delete()
        case .postgreSQL(let database): try delete(in: database)
        }
    }

    /// Observes the query's rows: `onChange` is called on `queue` with them at once, then
    /// after each committed transaction that changed a table the query reads, by this
    /// database value or another (another process's on SQLite, another server's on
    /// PostgreSQL), until the token is cancelled.
    @_disfavoredOverload
    public func observe(
        in database: some SQLDatabase,
        on queue: DispatchQueue? = nil,
        onError: @escaping @Sendable (any Error) -> Void = { _ in },
        onChange: @escaping @Sendable ([Row]) -> Void
    ) throws -> ObservationToken {
        switch database.backend {
        case .sqlite(let database): try bound(to: database).observe(on: queue, onError: onError, onChange: onChange)
        case .postgreSQL(let database): try observe(in: database, on: queue, onError: onError, onChange: onChange)
        }
    }
}
#endif
