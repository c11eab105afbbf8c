/// One workload: the same job done by each ``Library`` against the same tables, with the
/// same result check. Adding one is adding a conforming type and listing it in `makeWorkloads`.
@BenchmarkActor
protocol Workload: AnyObject {
    /// The row label in the report, starting with its number (`3. lookup …`).
    var name: String { get }

    /// What one trial does, counted in the unit instruction counts are reported per.
    var operations: Operations { get }

    /// Creates and fills the workload's tables (untimed), once before the iterations.
    func setUp(_ clients: Clients) async throws

    /// Prepares one iteration for `library` (untimed).
    func trial(for library: Library, _ clients: Clients) async throws -> Trial

    /// Drops the workload's tables.
    func tearDown(_ clients: Clients) async throws
}

extension Workload {
    /// The number `--only` selects it by: its name up to the first dot.
    var number: String { String(name.prefix { $0 != "." }) }
}

/// How many operations one trial performs, and what one is.
struct Operations {
    let count: Int
    let unit: String
}

/// One timed run: ``run`` is measured; ``check`` then verifies what it did (untimed) and
/// throws a ``BenchmarkFailure`` for a wrong answer.
@BenchmarkActor
struct Trial {
    let run: () async throws -> Void
    let check: () async throws -> Void
}
