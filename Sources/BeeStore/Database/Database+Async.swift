import Foundation

/// Async code reaches the database through the `perform` methods, which run the same
/// synchronous calls on a thread of their own: the caller's thread (a thread of Swift's
/// cooperative pool) is never blocked, and work that waits (for the writer, or for
/// another process's lock) never waits for a thread first, as it could on a pool. They have names of their own, so that the
/// synchronous `read`, `write` and `transaction` still compile, and still block only
/// briefly, when called from inside an `async` function.
extension Database {
    /// Runs `body`, any work on this database (reads, writes, transactions, records,
    /// queries), on a background thread, without blocking the caller.
    ///
    /// ```swift
    /// let recent = try await db.perform { db in
    ///     try Article.query(in: db).orderDesc("id").limit(10).records()
    /// }
    /// ```
    public func perform<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws -> T {
        try Task.checkCancellation()
        return try await withCheckedThrowingContinuation { continuation in
            let thread = Thread {
                continuation.resume(with: Result { try body(self) })
            }
            thread.name = "BeeStore.perform"
            thread.start()
        }
    }

    /// Runs `body` like ``read(_:)`` on a background thread, without blocking the caller.
    public func performRead<T: Sendable>(_ body: @escaping @Sendable (Connection) throws -> T) async throws -> T {
        try await perform { try $0.read(body) }
    }

    /// Runs `body` like ``write(_:)`` on a background thread, without blocking the caller.
    public func performWrite<T: Sendable>(_ body: @escaping @Sendable (Connection) throws -> T) async throws -> T {
        try await perform { try $0.write(body) }
    }

    /// Runs `body` like ``transaction(_:_:)`` on a background thread, without blocking the caller.
    public func performTransaction<T: Sendable>(
        _ kind: TransactionKind = .immediate, _ body: @escaping @Sendable (Connection) throws -> T
    ) async throws -> T {
        try await perform { try $0.transaction(kind, body) }
    }
}
