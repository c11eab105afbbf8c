#if PostgreSQL
import BeeStore

/// Async code reaches either database through the `perform` forms, which run the same
/// synchronous calls off Swift's cooperative pool, as each database's own forms do.
///
/// ```swift
/// let order = try await db.performTransaction {
///     var order = Order(item: "honey", quantity: 3)
///     try order.save(in: db)
///     return order
/// }
/// ```
extension SQLDatabase {
    /// Runs `body`, any work on this database, on a background thread, without blocking
    /// the caller.
    @_disfavoredOverload
    public func perform<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        switch backend {
        case .sqlite(let database): try await database.perform { _ in try body() }
        case .postgreSQL(let database): try await database.perform { _ in try body() }
        }
    }

    /// Runs `body` like ``read(_:)`` on a background thread, without blocking the caller.
    @_disfavoredOverload
    public func performRead<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        switch backend {
        case .sqlite(let database): try await database.performRead { _ in try body() }
        case .postgreSQL(let database): try await database.performRead { _ in try body() }
        }
    }

    /// Runs `body` like ``transaction(_:)`` on a background thread, without blocking the
    /// caller: the write forms of both databases run in a transaction.
    @_disfavoredOverload
    public func performWrite<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        switch backend {
        case .sqlite(let database): try await database.performWrite { _ in try body() }
        case .postgreSQL(let database): try await database.performWrite { _ in try body() }
        }
    }

    /// Runs `body` like ``transaction(_:)`` on a background thread, without blocking the
    /// caller.
    @_disfavoredOverload
    public func performTransaction<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        switch backend {
        case .sqlite(let database): try await database.performTransaction { _ in try body() }
        case .postgreSQL(let database): try await database.performTransaction { _ in try body() }
        }
    }
}
#endif
