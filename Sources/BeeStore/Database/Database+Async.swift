import Dispatch

extension Database {
    /// Runs `body` like ``read(_:)`` on a background thread, without blocking the caller.
    public func read<T: Sendable>(_ body: @escaping @Sendable (Connection) throws -> T) async throws -> T {
        try await runInBackground { try self.read(body) }
    }

    /// Runs `body` like ``write(_:)`` on a background thread, without blocking the caller.
    public func write<T: Sendable>(_ body: @escaping @Sendable (Connection) throws -> T) async throws -> T {
        try await runInBackground { try self.write(body) }
    }

    /// Runs `body` like ``transaction(_:_:)`` on a background thread, without blocking the caller.
    public func transaction<T: Sendable>(
        _ kind: TransactionKind = .immediate, _ body: @escaping @Sendable (Connection) throws -> T
    ) async throws -> T {
        try await runInBackground { try self.transaction(kind, body) }
    }

    private func runInBackground<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try Task.checkCancellation()
        return try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(with: Result { try work() })
            }
        }
    }
}
