/// One benchmark workload: the same job done by each ``Library``, with the same result
/// checks. Adding a workload is adding one type that conforms, and listing it in
/// `makeWorkloads`.
protocol Workload: AnyObject {
    /// The row label in the report.
    var name: String { get }

    /// The libraries it compares, the baseline first (``Library/sqlite`` unless it says otherwise).
    var libraries: [Library] { get }

    /// The largest acceptable BeeStore / raw C ratio, if the workload has one.
    var rawRatioTarget: Double? { get }

    /// What one trial does, counted in the unit instruction counts are reported per.
    var operations: Operations { get }

    /// Whether `--instructions` counts it (callgrind counts the thread that runs the trial).
    var isCountedInInstructions: Bool { get }

    /// Builds what every trial reads (untimed), once before the iterations.
    func setUp(in scratch: Scratch) throws

    /// Prepares one iteration for `library` (untimed): a fresh database for a write, the
    /// open connection for a read.
    func trial(for library: Library, in scratch: Scratch) throws -> Trial

    /// Lines printed under the table once the iterations are over (extra measurements).
    func notes() throws -> [String]

    /// Releases connections and files.
    func tearDown()
}

extension Workload {
    var libraries: [Library] { Library.sqlite }

    var isCountedInInstructions: Bool { true }

    /// The number `--only` selects it by: its name up to the first dot (`3b` for `3b. lookup …`).
    var number: String { String(name.prefix { $0 != "." }) }

    func notes() throws -> [String] { [] }
}

/// How many operations one trial performs, and what one is: a row, a lookup, a parent
/// with its children.
struct Operations {
    let count: Int
    let unit: String
}

/// One timed run: ``run`` is measured; ``finish`` then checks what it produced (and
/// throws a ``CheckFailure`` for a wrong answer) and cleans up, untimed.
struct Trial {
    let run: () throws -> Void
    let finish: () throws -> Void

    init(run: @escaping () throws -> Void, finish: @escaping () throws -> Void = {}) {
        self.run = run
        self.finish = finish
    }
}
