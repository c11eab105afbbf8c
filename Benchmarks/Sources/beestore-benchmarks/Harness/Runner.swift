import BenchmarkSupport

/// Runs workloads with the libraries interleaved: each iteration times one trial of
/// every library, in an order that rotates between iterations.
struct Runner {
    let iterations: Int
    let libraries: [Library]
    let scratch: Scratch
    /// Whether to take the workloads' extra measurements (``Workload/notes()``) after the iterations.
    var takesNotes = true

    func run(_ workload: any Workload) throws -> WorkloadResult {
        try workload.setUp(in: scratch)
        defer { workload.tearDown() }
        let libraries = workload.libraries.filter(self.libraries.contains)
        // One untimed round first: opens reader connections, warms caches, checks results.
        for library in libraries {
            try perform(workload, library: library, timed: false)
        }
        var samples: [Library: [Duration]] = [:]
        for iteration in 0..<iterations {
            for library in Library.order(libraries, forIteration: iteration) {
                samples[library, default: []].append(try perform(workload, library: library, timed: true))
            }
        }
        return WorkloadResult(
            name: workload.name, number: workload.number, libraries: workload.libraries,
            rawRatioTarget: workload.rawRatioTarget, operations: workload.operations,
            medians: samples.mapValues(median), notes: takesNotes ? try workload.notes() : [])
    }

    /// One trial; a timed one runs inside ``MeasuredRegion``, the untimed warm-up outside it.
    @discardableResult
    private func perform(_ workload: any Workload, library: Library, timed: Bool) throws -> Duration {
        let trial = try workload.trial(for: library, in: scratch)
        let clock = ContinuousClock()
        let start = clock.now
        if timed {
            try MeasuredRegion.run(trial.run)
        } else {
            try trial.run()
        }
        let elapsed = clock.now - start
        do {
            try trial.finish()
        } catch {
            throw CheckFailure("\(workload.name), \(library.rawValue): \(error)")
        }
        return elapsed
    }
}

/// The timed part of every trial runs in this function, never inlined, so that it keeps a
/// symbol of its own: callgrind, told to collect only inside it (``InstructionCounter``),
/// counts the instructions of the timed part and nothing of the setup, warm-up or checks.
enum MeasuredRegion {
    /// The function's name as callgrind's `--toggle-collect` matches it (its mangled
    /// symbol holds `14MeasuredRegionO3run`; the pattern also fits a demangled name).
    static let callgrindPattern = "*MeasuredRegion*run*"

    @inline(never)
    static func run(_ body: () throws -> Void) rethrows {
        try body()
    }
}
