#if PostgreSQL
import BeeStore
import Foundation

/// Async code reaches the database through the `perform` methods, which run the same
/// synchronous calls on a thread of their own, so that no thread of Swift's cooperative
/// pool waits for the server.
extension PostgreSQLDatabase {
    /// Runs `body`, any work on this database, on a background thread, without blocking the caller.
    public func perform<T: Sendable>(_ body: @escaping @Sendable (PostgreSQLDatabase) throws -> T) async throws -> T {
        try Task.checkCancellation()
        return try await withCheckedThrowingContinuation { continuation in
            let thread = Thread {
                continuation.resume(with: Result { try body(self) })
            }
            thread.name = "BeeStore.PostgreSQL.perform"
            thread.start()
        }
    }

    /// Runs `body` like ``read(_:)`` on a background thread, without blocking the caller.
    public func performRead<T: Sendable>(_ body: @escaping @Sendable (PostgreSQLConnection) throws -> T) async throws -> T {
        try await perform { try $0.read(body) }
    }

    /// Runs `body` like ``write(_:)`` on a background thread, without blocking the caller.
    public func performWrite<T: Sendable>(_ body: @escaping @Sendable (PostgreSQLConnection) throws -> T) async throws -> T {
        try await perform { try $0.write(body) }
    }

    /// Runs `body` like ``transaction(_:)`` on a background thread, without blocking the caller.
    public func performTransaction<T: Sendable>(
        _ body: @escaping @Sendable (PostgreSQLConnection) throws -> T
    ) async throws -> T {
        try await perform { try $0.transaction(body) }
    }
}
#endif
