import BenchmarkSupport

/// The medians of one workload, the instruction counts when they were asked for, and the
/// ratios derived from them.
struct WorkloadResult {
    let name: String
    let number: String
    let libraries: [Library]
    let rawRatioTarget: Double?
    let operations: Operations
    let medians: [Library: Duration]
    let notes: [String]
    /// The instructions of one timed trial, by library (`--instructions`).
    var instructions: [Library: Int] = [:]

    /// The median time in seconds.
    func seconds(_ library: Library) -> Double? {
        medians[library].map { $0 / .seconds(1) }
    }

    /// The instructions of one operation (a row, a lookup, a parent with its children).
    func instructionsPerOperation(_ library: Library) -> Double? {
        instructions[library].map { Double($0) / Double(operations.count) }
    }

    /// Whether BeeStore met its targets: under the raw ratio (when there is one) and
    /// faster than each GRDB variant measured.
    var verdict: String {
        guard let bee = seconds(.beeStore) else { return "–" }
        var missed: [String] = []
        if let target = rawRatioTarget, let raw = seconds(.raw), bee / raw > target {
            missed.append("> \(format(target))× raw")
        }
        for peer in Library.peers {
            if let time = seconds(peer), bee >= time { missed.append("not faster than \(peer.rawValue)") }
        }
        return missed.isEmpty ? "met" : "missed: " + missed.joined(separator: ", ")
    }
}

/// Renders results as Markdown tables, ready for the README: the SQLite workloads' median
/// times, then their instruction counts (when measured), then the same for the workloads
/// compared with Foundation (the caches). Each cell but the baseline's shows its ratio to
/// the baseline (raw C, or Foundation).
enum Report {
    static func table(_ results: [WorkloadResult]) -> String {
        let caches = results.filter { $0.libraries.contains(.foundation) }
        let sqlite = results.filter { !$0.libraries.contains(.foundation) }
        var tables: [String] = []
        if !sqlite.isEmpty { tables += group(sqlite, libraries: Library.sqlite, withVerdicts: true) }
        if !caches.isEmpty { tables += group(caches, libraries: Library.caches, withVerdicts: false) }
        return tables.joined(separator: "\n\n")
    }

    /// The median time table of `results`, and their instruction table if they were counted.
    private static func group(_ results: [WorkloadResult], libraries: [Library], withVerdicts: Bool) -> [String] {
        var tables = [comparison(
            results, libraries: libraries, title: "median time",
            extraHeaders: withVerdicts ? ["target (raw)", "verdict"] : [],
            extra: { result in
                withVerdicts ? [result.rawRatioTarget.map { "≤ " + format($0) + "×" } ?? "–", result.verdict] : []
            },
            value: { $0.seconds($1) }, show: { format($0 * 1000) + " ms" })]
        if results.contains(where: { !$0.instructions.isEmpty }) {
            tables.append(comparison(
                results, libraries: libraries, title: "instructions per operation",
                extraHeaders: ["per"], extra: { [$0.operations.unit] },
                value: { $0.instructionsPerOperation($1) }, show: { grouped(Int($0.rounded())) }))
        }
        return tables
    }

    /// One row per result: a cell per library with its value and its ratio to the first
    /// library's, then the extra cells.
    private static func comparison(
        _ results: [WorkloadResult], libraries: [Library], title: String,
        extraHeaders: [String], extra: (WorkloadResult) -> [String],
        value: (WorkloadResult, Library) -> Double?, show: (Double) -> String
    ) -> String {
        let baseline = libraries[0]
        var rows = [[title] + libraries.map(\.rawValue) + extraHeaders]
        for result in results {
            let base = value(result, baseline)
            let cells = libraries.map { library -> String in
                guard let measured = value(result, library) else { return "–" }
                guard library != baseline, let base, base > 0 else { return show(measured) }
                return show(measured) + " (" + format(measured / base) + "×)"
            }
            rows.append([result.name] + cells + extra(result))
        }
        return markdownTable(rows)
    }
}

/// A duration in milliseconds with two decimals.
func milliseconds(_ duration: Duration) -> String {
    return format(duration / .milliseconds(1)) + " ms"
}
