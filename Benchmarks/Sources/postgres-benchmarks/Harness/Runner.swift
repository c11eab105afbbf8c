import BenchmarkSupport

/// Runs workloads with the libraries interleaved: after one untimed round, each iteration
/// times one trial of every library, in an order that rotates between iterations.
@BenchmarkActor
struct Runner {
    let iterations: Int
    let libraries: [Library]
    let clients: Clients

    func run(_ workload: any Workload) async throws -> WorkloadResult {
        try await workload.setUp(clients)
        for library in libraries {
            try await perform(workload, library: library)
        }
        var samples: [Library: [Duration]] = [:]
        for iteration in 0..<iterations {
            for library in Library.order(libraries, forIteration: iteration) {
                samples[library, default: []].append(try await perform(workload, library: library))
            }
        }
        try await workload.tearDown(clients)
        return WorkloadResult(name: workload.name, operations: workload.operations, medians: samples.mapValues(median))
    }

    /// Sets the tables up and runs `count` checked trials of `workload` with `library`,
    /// untimed: what ``InstructionCounter`` runs under callgrind.
    func runOnly(_ workload: any Workload, library: Library, count: Int) async throws {
        try await workload.setUp(clients)
        for _ in 0..<count {
            try await perform(workload, library: library)
        }
        try await workload.tearDown(clients)
    }

    /// One trial, timed, then checked.
    @discardableResult
    private func perform(_ workload: any Workload, library: Library) async throws -> Duration {
        let trial = try await workload.trial(for: library, clients)
        let clock = ContinuousClock()
        let start = clock.now
        try await trial.run()
        let elapsed = clock.now - start
        do {
            try await trial.check()
        } catch {
            throw BenchmarkFailure("\(workload.name), \(library.rawValue): \(error)")
        }
        return elapsed
    }
}
