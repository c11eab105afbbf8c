import Foundation

/// Runs database work, which blocks its thread while SQLite steps, on a thread of its own,
/// so that a slow page never holds one of the few threads that serve every connection.
enum BlockingWork {
    /// The result of `body`, run on a new thread.
    static func run<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            let thread = Thread {
                continuation.resume(with: Result { try body() })
            }
            thread.stackSize = 1 << 20
            thread.start()
        }
    }
}
