/// Runs workloads with the libraries interleaved: each iteration times one trial of
/// every library, in an order that rotates between iterations.
struct Runner {
    let iterations: Int
    let libraries: [Library]
    let scratch: Scratch

    func run(_ workload: any Workload) throws -> WorkloadResult {
        try workload.setUp(in: scratch)
        defer { workload.tearDown() }
        let libraries = workload.libraries.filter(self.libraries.contains)
        // One untimed round first: opens reader connections, warms caches, checks results.
        for library in libraries {
            try perform(workload, library: library)
        }
        var samples: [Library: [Duration]] = [:]
        for iteration in 0..<iterations {
            for library in Library.order(libraries, forIteration: iteration) {
                samples[library, default: []].append(try perform(workload, library: library))
            }
        }
        return WorkloadResult(
            name: workload.name, libraries: workload.libraries, rawRatioTarget: workload.rawRatioTarget,
            medians: samples.mapValues(median), notes: try workload.notes())
    }

    @discardableResult
    private func perform(_ workload: any Workload, library: Library) throws -> Duration {
        let trial = try workload.trial(for: library, in: scratch)
        let clock = ContinuousClock()
        let start = clock.now
        try trial.run()
        let elapsed = clock.now - start
        do {
            try trial.finish()
        } catch {
            throw CheckFailure("\(workload.name), \(library.rawValue): \(error)")
        }
        return elapsed
    }
}

/// The median of a non-empty list of durations.
func median(_ durations: [Duration]) -> Duration {
    let sorted = durations.sorted()
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}
