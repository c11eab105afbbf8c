import Dispatch

/// Coalesces concurrent work by key: while a load for a key runs, other threads asking
/// for the same key wait for its result instead of loading again.
final class SingleFlight<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    private final class Flight: Sendable {
        let finished = DispatchGroup()
        let result = Protected<Result<Value, any Error>?>(nil)
    }

    private let flights = Protected([Key: Flight]())

    /// The result of `load` for `key`: run on this thread, or, when another thread is
    /// already loading `key`, that load's result (or error).
    func run(_ key: Key, _ load: () throws -> Value) throws -> Value {
        let (flight, isLeader) = flights.withLock { flights in
            if let running = flights[key] {
                return (running, false)
            }
            let flight = Flight()
            flight.finished.enter()
            flights[key] = flight
            return (flight, true)
        }
        guard isLeader else {
            flight.finished.wait()
            return try (flight.result.value ?? Result { try load() }).get()
        }
        let result = Result { try load() }
        flight.result.withLock { $0 = result }
        flights.withLock { $0[key] = nil }
        flight.finished.leave()
        return try result.get()
    }
}
