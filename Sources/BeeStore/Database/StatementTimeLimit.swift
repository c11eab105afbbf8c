import CSQLite
import Foundation
import Dispatch

/// Interrupts a connection's statements that run longer than the configuration's
/// ``Configuration/statementTimeLimit``, through SQLite's progress handler: SQLite calls
/// it every few thousand virtual-machine instructions while a statement steps, and a
/// statement past its deadline stops with `SQLITE_INTERRUPT`, reported as
/// ``StatementTimeLimitExceeded``. The clock runs only while SQLite steps the statement:
/// time its caller spends between two rows (a slow reader of an export) is not counted.
final class StatementTimeLimit {
    /// How many virtual-machine instructions SQLite runs between two checks of the clock.
    private static let instructionsPerCheck: Int32 = 4_000

    /// The limit, in seconds.
    let limit: TimeInterval
    private let nanoseconds: UInt64
    // Set before each execution and read by the progress handler: both on the one thread
    // using the connection.
    private var deadline: UInt64 = .max
    /// When the statement last handed a row back to its caller, while it waits for the
    /// next step; nil while it steps.
    private var pausedAt: UInt64?
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
        pausedAt = nil
        deadline = Self.adding(nanoseconds, to: DispatchTime.now().uptimeNanoseconds)
    }

    /// Stops the clock while the caller has the row a step returned.
    func pause() {
        pausedAt = DispatchTime.now().uptimeNanoseconds
    }

    /// Starts the clock again before the next step, moving the deadline by the pause.
    func resume() {
        guard let pausedAt else { return }
        self.pausedAt = nil
        deadline = Self.adding(DispatchTime.now().uptimeNanoseconds - pausedAt, to: deadline)
    }

    private static func adding(_ nanoseconds: UInt64, to time: UInt64) -> UInt64 {
        let (sum, overflow) = time.addingReportingOverflow(nanoseconds)
        return overflow ? .max : sum
    }

    private func isPastDeadline() -> Bool {
        guard DispatchTime.now().uptimeNanoseconds >= deadline else { return false }
        expired = true
        return true
    }
}
