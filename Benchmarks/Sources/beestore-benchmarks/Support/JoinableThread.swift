import Foundation

/// A thread of its own that runs `body` once; ``join()`` waits for it and returns what
/// it returned, or rethrows its error.
final class JoinableThread<Value>: @unchecked Sendable {
    // Safe to share: `body` and `result` are used by the thread until it signals `done`,
    // and by the joining thread only once it has waited for that signal.
    private let body: () throws -> Value
    private var result: Result<Value, any Error>?
    private let done = DispatchSemaphore(value: 0)

    init(_ body: @escaping () throws -> Value) {
        self.body = body
        Thread { [self] in
            result = Result(catching: self.body)
            done.signal()
        }.start()
    }

    func join() throws -> Value {
        done.wait()
        guard let result else { throw CheckFailure("a thread ended without a result") }
        return try result.get()
    }
}

/// A flag one thread raises and another polls.
final class StopFlag: @unchecked Sendable {
    // Safe to share: `raised` is only read and written under `lock`.
    private let lock = NSLock()
    private var raised = false

    var isRaised: Bool { lock.withLock { raised } }

    func raise() {
        lock.withLock { raised = true }
    }
}
