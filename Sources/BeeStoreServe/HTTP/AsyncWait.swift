import Foundation

/// Waits, on a thread of the server's own, for work done in Swift concurrency.
package enum AsyncWait {
    /// The result of `work`, run as a task while the calling thread waits for it.
    package static func result<T: Sendable>(of work: @escaping @Sendable () async -> T) -> T {
        let slot = ResultSlot<T>()
        Task { slot.fill(await work()) }
        return slot.take()
    }

    /// One value, filled by a task and taken by the waiting thread.
    private final class ResultSlot<T: Sendable>: @unchecked Sendable {
        // Safe to share: `value` is written once before `filled` is signalled and read only
        // after waiting for that signal, which orders the two.
        private var value: T?
        private let filled = DispatchSemaphore(value: 0)

        func fill(_ result: T) {
            value = result
            filled.signal()
        }

        func take() -> T {
            filled.wait()
            guard let value else { preconditionFailure("a result slot is taken only after it is filled") }
            return value
        }
    }
}
