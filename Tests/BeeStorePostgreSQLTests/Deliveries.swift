#if PostgreSQL
import Foundation

/// Values delivered by an observation, and a wait for a condition on them.
final class Deliveries<Value: Sendable>: @unchecked Sendable {
    // `values` is read and written with `condition` locked.
    private let condition = NSCondition()
    private var values: [Value] = []

    func append(_ value: Value) {
        condition.withLock {
            values.append(value)
            condition.broadcast()
        }
    }

    /// The values once `predicate` holds of them, or nil after `timeout` seconds.
    func wait(timeout: TimeInterval = 5, until predicate: ([Value]) -> Bool) -> [Value]? {
        let deadline = Date(timeIntervalSinceNow: timeout)
        return condition.withLock {
            while !predicate(values) {
                guard condition.wait(until: deadline) else { return nil }
            }
            return values
        }
    }
}
#endif
