import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Starts child processes and waits for them without the two ways Foundation's `Process`
/// can wait for ever on Linux when tests start processes in parallel:
///
/// - A process started while another test's pipes are open inherits their write ends,
///   and reading the other process's output to its end waits until this one exits too.
///   ``start(_:)`` starts one process at a time.
/// - Foundation learns that a child exited when a socket the child holds is closed, and
///   the child's own children (a driver's browser) or a process started at the same
///   moment can hold that socket for as long as they live
///   (swift-corelibs-foundation#4795). ``waitForExit(_:)`` and ``reap(_:)`` wait with
///   `waitpid` instead.
public enum ProcessLaunch {
    private static let lock = NSLock()

    /// Runs `start`, which makes a process's pipes and starts it, while no other test
    /// starts a process.
    public static func start<T>(_ start: () throws -> T) rethrows -> T {
        try lock.withLock(start)
    }

    /// Waits for `process` to exit and returns its status: its exit code, or the number of
    /// the signal that ended it, as Foundation's `terminationStatus` gives them.
    public static func waitForExit(_ process: Process) -> Int32 {
        if let status = reap(process) { return status }
        // Foundation reaped it first, and has its status.
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// Waits for `process` to exit and reaps it; returns its status as
    /// ``waitForExit(_:)`` does, or nil when it was reaped already.
    public static func reap(_ process: Process) -> Int32? {
        let identifier = process.processIdentifier
        var status: Int32 = 0
        var result: pid_t
        repeat {
            result = waitpid(identifier, &status, 0)
        } while result == -1 && errno == EINTR
        guard result == identifier else { return nil }
        let signal = status & 0x7f
        return signal == 0 ? (status >> 8) & 0xff : signal
    }
}
