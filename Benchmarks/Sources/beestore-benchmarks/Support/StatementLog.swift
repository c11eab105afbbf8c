import BeeStore
import Foundation

/// The SQL a BeeStore database ran, with placeholders in place of values, gathered
/// through its configuration's trace hook: what the raw C baselines run the same way.
final class StatementLog: @unchecked Sendable {
    // Safe to share: `statements` is only read and written under `lock`.
    private let lock = NSLock()
    private var statements: [String] = []

    /// A configuration that traces into this log, values left out.
    var configuration: BeeStore.Configuration {
        var configuration = BeeStore.Configuration()
        configuration.traceShowsValues = false
        configuration.trace = { [self] statement in
            lock.withLock { statements.append(statement.sql) }
        }
        return configuration
    }

    /// The statements run while `body` ran.
    func statements(during body: () throws -> Void) rethrows -> [String] {
        let start = lock.withLock { statements.count }
        try body()
        return lock.withLock { Array(statements[start...]) }
    }
}
