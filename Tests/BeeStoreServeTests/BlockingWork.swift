import Foundation

/// Runs work that blocks its thread (a page while SQLite steps, a socket read) on a thread
/// of its own, so that it never holds one of the few threads that every test shares.
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
