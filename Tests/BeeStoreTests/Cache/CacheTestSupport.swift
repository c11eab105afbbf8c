import Foundation

@testable import BeeStore

/// A clock that only moves when a test advances it.
final class TestClock: Sendable {
    private let current = Protected(Date(timeIntervalSince1970: 1_000_000))

    /// The current date, to pass as a cache's `now`.
    @Sendable func now() -> Date {
        current.value
    }

    /// Moves the clock forward.
    func advance(by seconds: TimeInterval) {
        current.withLock { $0 += seconds }
    }
}

/// Runs `body` on `threads` new threads, all alive at once, and waits for all of them.
/// (Dispatch's `concurrentPerform` would run only as many at a time as there are cores.)
func runConcurrently(threads: Int, _ body: @escaping @Sendable (Int) -> Void) {
    let finished = DispatchGroup()
    for index in 0..<threads {
        finished.enter()
        Thread {
            body(index)
            finished.leave()
        }.start()
    }
    finished.wait()
}
