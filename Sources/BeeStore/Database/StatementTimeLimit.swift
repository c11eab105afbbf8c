import CSQLite
import Foundation
import Dispatch

/// Interrupts a connection's statements that run longer than the configuration's
/// ``Configuration/statementTimeLimit``, through SQLite's progress handler: SQLite calls
/// it every few thousand virtual-machine instructions while a statement steps, and a
/// statement past its deadline stops with `SQLITE_INTERRUPT`, reported as
/// ``StatementTimeLimitExceeded``.
final class StatementTimeLimit {
    /// How many virtual-machine instructions SQLite runs between two checks of the clock.
    private static let instructionsPerCheck: Int32 = 4_000

    /// The limit, in seconds.
    let limit: TimeInterval
    private let nanoseconds: UInt64
    // Set before each execution and read by the progress handler: both on the one thread
    // using the connection.
    private var deadline: UInt64 = .max
    /// Whether the last interruption came from the time limit.
    private(set) var expired = false

    /// A limiter for `configuration`, or nil when it sets no limit.
    init?(_ configuration: Configuration) {
        guard let limit = configuration.statementTimeLimitInterval else { return nil }
        self.limit = limit
        let nanoseconds = limit * 1e9
        // Clamped as a Double: converting a negative or huge limit to an integer would trap.
        self.nanoseconds = nanoseconds <= 0 ? 0 : nanoseconds >= 0x1p63 ? 1 << 63 : UInt64(nanoseconds)
    }

    func install(on handle: OpaquePointer) {
        // Unretained: the connection holds the limiter until after it closes the handle.
        let context = Unmanaged.passUnretained(self).toOpaque()
        sqlite3_progress_handler(handle, Self.instructionsPerCheck, { context in
            guard let context else { return 0 }
            return Unmanaged<StatementTimeLimit>.fromOpaque(context).takeUnretainedValue().isPastDeadline() ? 1 : 0
        }, context)
    }

    /// Starts the clock of a statement's execution.
    func start() {
        expired = false
        let now = DispatchTime.now().uptimeNanoseconds
        let (sum, overflow) = now.addingReportingOverflow(nanoseconds)
        deadline = overflow ? .max : sum
    }

    private func isPastDeadline() -> Bool {
        guard DispatchTime.now().uptimeNanoseconds >= deadline else { return false }
        expired = true
        return true
    }
}
