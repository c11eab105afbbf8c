#if PostgreSQL
import BeeStore
import Dispatch
import Foundation

/// Record queries on either database (see ``SQLDatabase``): the same conditions, order,
/// joins and included relations, rendered in that database's dialect and run there.
///
/// ```swift
/// let bees = try Team.query().including("members").where("name", "Bees").first(in: db)
/// ```
extension RecordQuery {
    /// The records the query selects, with the relations it includes.
    @_disfavoredOverload
    public func records(in database: some SQLDatabase) throws -> [Record] {
        switch database.backend {
        case .sqlite(let database): try records(in: database)
        case .postgreSQL(let database): try records(in: database)
        }
    }

    /// The first record the query selects, if any.
    @_disfavoredOverload
    public func first(in database: some SQLDatabase) throws -> Record? {
        switch database.backend {
        case .sqlite(let database): try first(in: database)
        case .postgreSQL(let database): try first(in: database)
        }
    }

    /// The record with this key among those the query selects.
    @_disfavoredOverload
    public func find(_ key: Record.ID, in database: some SQLDatabase) throws -> Record? {
        switch database.backend {
        case .sqlite(let database): try find(key, in: database)
        case .postgreSQL(let database): try find(key, in: database)
        }
    }

    /// The first matching record whose columns (or properties) hold these values.
    @_disfavoredOverload
    public func find(by values: [String: (any DatabaseValueConvertible)?], in database: some SQLDatabase) throws -> Record? {
        switch database.backend {
        case .sqlite(let database): try find(by: values, in: database)
        case .postgreSQL(let database): try find(by: values, in: database)
        }
    }

    /// The number of records the query selects.
    @_disfavoredOverload
    public func count(in database: some SQLDatabase) throws -> Int {
        switch database.backend {
        case .sqlite(let database): try count(in: database)
        case .postgreSQL(let database): try count(in: database)
        }
    }

    /// Whether the query selects at least one record.
    @_disfavoredOverload
    public func exists(in database: some SQLDatabase) throws -> Bool {
        switch database.backend {
        case .sqlite(let database): try exists(in: database)
        case .postgreSQL(let database): try exists(in: database)
        }
    }

    /// Whether a matching record's columns (or properties) hold these values.
    @_disfavoredOverload
    public func exists(by values: [String: (any DatabaseValueConvertible)?], in database: some SQLDatabase) throws -> Bool {
        switch database.backend {
        case .sqlite(let database): try exists(by: values, in: database)
        case .postgreSQL(let database): try exists(by: values, in: database)
        }
    }

    /// The values of one column of the matching records, in the query's order, converted
    /// to `T`.
    @_disfavoredOverload
    public func pluck<T: DatabaseValueConvertible>(
        _ column: String, as type: T.Type = T.self, in database: some SQLDatabase
    ) throws -> [T] {
        switch database.backend {
        case .sqlite(let database): try pluck(column, as: type, in: database)
        case .postgreSQL(let database): try pluck(column, as: type, in: database)
        }
    }

    /// Calls `body` with each record the query selects, in its order, with the relations
    /// it includes, without keeping them; throwing from `body` stops the iteration.
    @_disfavoredOverload
    public func forEach(in database: some SQLDatabase, _ body: (Record) throws -> Void) throws {
        switch database.backend {
        case .sqlite(let database): try forEach(in: database, body)
        case .postgreSQL(let database): try forEach(in: database, body)
        }
    }

    /// Sets these columns (or properties) to these values in every matching record, in one
    /// statement; returns how many changed. No hook runs, no timestamp is set.
    @_disfavoredOverload
    @discardableResult
    public func updateAll(_ values: [String: (any DatabaseValueConvertible)?], in database: some SQLDatabase) throws -> Int {
        switch database.backend {
        case .sqlite(let database): try updateAll(values, in: database)
        case .postgreSQL(let database): try updateAll(values, in: database)
        }
    }

    /// Adds `amount` to `column` in every matching record, in one statement; returns how
    /// many changed.
    @_disfavoredOverload
    @discardableResult
    public func increment(_ column: String, by amount: Int = 1, in database: some SQLDatabase) throws -> Int {
        switch database.backend {
        case .sqlite(let database): try increment(column, by: amount, in: database)
        case .postgreSQL(let database): try increment(column, by: amount, in: database)
        }
    }

    /// Adds a real `amount` to `column` in every matching record, as the integer form does.
    @_disfavoredOverload
    @discardableResult
    public func increment(_ column: String, by amount: Double, in database: some SQLDatabase) throws -> Int {
        switch database.backend {
        case .sqlite(let database): try increment(column, by: amount, in: database)
        case .postgreSQL(let database): try increment(column, by: amount, in: database)
        }
    }

    /// Deletes the records the query selects (applying their relations' delete rules);
    /// returns how many were deleted.
    @_disfavoredOverload
    @discardableResult
    public func deleteAll(in database: some SQLDatabase) throws -> Int {
        switch database.backend {
        case .sqlite(let database): try deleteAll(in: database)
        case .postgreSQL(let database): try deleteAll(in: database)
        }
    }
}

/// Observed record queries on either database: delivered at once, then after each commit
/// that changed the tables the records are read from (by another server too, on PostgreSQL).
extension RecordQuery where Record: Sendable {
    /// Observes the query's records: `onChange` is called on `queue` with them at once,
    /// then after each committed transaction that changed a table they are read from,
    /// until the token is cancelled.
    @_disfavoredOverload
    public func observe(
        in database: some SQLDatabase,
        on queue: DispatchQueue? = nil,
        onError: @escaping @Sendable (any Error) -> Void = { _ in },
        onChange: @escaping @Sendable ([Record]) -> Void
    ) throws -> ObservationToken {
        switch database.backend {
        case .sqlite(let database): try bound(to: database).observe(on: queue, onError: onError, onChange: onChange)
        case .postgreSQL(let database): try observe(in: database, on: queue, onError: onError, onChange: onChange)
        }
    }

    /// The query's records as an asynchronous sequence: now, then after each committed
    /// transaction that changed the tables they are read from.
    @_disfavoredOverload
    public func values(in database: some SQLDatabase) throws -> AsyncThrowingStream<[Record], any Error> {
        switch database.backend {
        case .sqlite(let database): try bound(to: database).values()
        case .postgreSQL(let database): try values(in: database)
        }
    }
}

extension RecordQuery where Record: Sendable & Equatable {
    /// Observes the query's records as ``observe(in:on:onError:onChange:)`` does; when
    /// `removingDuplicates`, records equal to the ones delivered last are not delivered again.
    @_disfavoredOverload
    public func observe(
        in database: some SQLDatabase,
        on queue: DispatchQueue? = nil,
        removingDuplicates: Bool,
        onError: @escaping @Sendable (any Error) -> Void = { _ in },
        onChange: @escaping @Sendable ([Record]) -> Void
    ) throws -> ObservationToken {
        switch database.backend {
        case .sqlite(let database):
            try bound(to: database).observe(
                on: queue, removingDuplicates: removingDuplicates, onError: onError, onChange: onChange)
        case .postgreSQL(let database):
            try observe(in: database, on: queue, removingDuplicates: removingDuplicates, onError: onError, onChange: onChange)
        }
    }

    /// The query's records as ``values(in:)`` gives them; when `removingDuplicates`, only
    /// when they differ from the records before.
    @_disfavoredOverload
    public func values(in database: some SQLDatabase, removingDuplicates: Bool) throws -> AsyncThrowingStream<[Record], any Error> {
        switch database.backend {
        case .sqlite(let database): try bound(to: database).values(removingDuplicates: removingDuplicates)
        case .postgreSQL(let database): try values(in: database, removingDuplicates: removingDuplicates)
        }
    }
}

extension RecordsModel {
    /// A model of `query`'s records on either database, fetched at once, then refreshed
    /// after each commit that changed a table they are read from; observers are called on
    /// `queue`, a serial queue (by default one of the model's own). ``RecordsModel/load(_:)``
    /// follows another query on the same database.
    ///
    /// ```swift
    /// let teams = try RecordsModel(Team.query().orderAsc("name"), in: db)
    /// ```
    @_disfavoredOverload
    public convenience init(
        _ query: RecordQuery<Record>,
        in database: some SQLDatabase,
        notifyOn queue: DispatchQueue? = nil,
        cache: (any KeyValueCache<String, Data>)? = nil,
        cacheKey: String? = nil
    ) throws {
        switch database.backend {
        case .sqlite(let database):
            try self.init(query, source: .sqlite(database), notifyOn: queue, cache: cache, cacheKey: cacheKey)
        case .postgreSQL(let database):
            try self.init(query, in: database, notifyOn: queue, cache: cache, cacheKey: cacheKey)
        }
    }
}
#endif
