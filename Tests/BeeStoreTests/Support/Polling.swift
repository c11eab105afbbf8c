import Foundation

/// A condition that did not hold before its deadline.
struct DeadlineExceeded: Error, CustomStringConvertible {
    /// What was awaited, in words.
    let condition: String
    /// How long it was awaited.
    let timeout: Duration

    var description: String { "timed out after \(timeout) waiting for \(condition)" }
}

/// Evaluates `condition` every 50 ms until it returns a value, and returns that value; throws
/// `DeadlineExceeded` naming `description` when `timeout` passes first. The pauses between
/// evaluations only pace the polling: the outcome is decided by the condition and the deadline.
func waitFor<T>(
    _ description: String, timeout: Duration = .seconds(10), _ condition: () async throws -> T?
) async throws -> T {
    let clock = ContinuousClock()
    let deadline = clock.now + timeout
    while true {
        if let value = try await condition() { return value }
        guard clock.now < deadline else { throw DeadlineExceeded(condition: description, timeout: timeout) }
        try await Task.sleep(for: .milliseconds(50))
    }
}

/// Evaluates `condition` every 50 ms until it holds; throws `DeadlineExceeded` naming
/// `description` when `timeout` passes first.
func waitUntil(
    _ description: String, timeout: Duration = .seconds(10), _ condition: () async throws -> Bool
) async throws {
    try await waitFor(description, timeout: timeout) { try await condition() ? () : nil }
}
