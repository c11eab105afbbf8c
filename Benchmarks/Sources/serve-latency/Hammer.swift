import BenchmarkSupport
import Foundation

/// What concurrent clients got from a server.
struct HammerResult {
    let requests: Int
    let errors: Int
    let elapsed: Duration
    /// The first error, described.
    let firstError: String?

    /// Right answers per second.
    var throughput: Double { Double(requests - errors) / elapsed.seconds }
}

/// The clients' counts, added up as each one finishes.
///
/// `@unchecked Sendable`: every access to the counts goes through `lock`.
private final class HammerTally: @unchecked Sendable {
    private let lock = NSLock()
    private var requests = 0
    private var errors = 0
    private var firstError: String?

    func add(requests: Int, errors: Int, firstError: String?) {
        lock.lock()
        defer { lock.unlock() }
        self.requests += requests
        self.errors += errors
        self.firstError = self.firstError ?? firstError
    }

    func result(elapsed: Duration) -> HammerResult {
        lock.lock()
        defer { lock.unlock() }
        return HammerResult(requests: requests, errors: errors, elapsed: elapsed, firstError: firstError)
    }
}

/// `clients` threads, each with its own keep-alive connection, request `target` from the
/// server at `port` one after the other for `duration`. An error is an answer that does
/// not meet `expectation` or a failed exchange (the client then connects again).
func hammer(
    port: UInt16, headers: [String], target: String, expectation: Expectation, clients: Int, duration: Duration
) -> HammerResult {
    let tally = HammerTally()
    let group = DispatchGroup()
    let clock = ContinuousClock()
    let start = clock.now
    let deadline = start + duration
    for _ in 0..<clients {
        group.enter()
        let thread = Thread {
            let connection = HTTPConnection(port: port, extraHeaders: headers)
            var requests = 0
            var errors = 0
            var firstError: String?
            while clock.now < deadline {
                requests += 1
                do {
                    let response = try connection.get(target)
                    guard let failure = expectation.failure(of: response) else { continue }
                    errors += 1
                    firstError = firstError ?? failure
                } catch {
                    errors += 1
                    firstError = firstError ?? String(describing: error)
                    connection.disconnect()
                }
            }
            tally.add(requests: requests, errors: errors, firstError: firstError)
            group.leave()
        }
        thread.start()
    }
    group.wait()
    return tally.result(elapsed: clock.now - start)
}
