import BenchmarkSupport

/// The medians of one workload, and its client instructions when they were counted.
struct WorkloadResult {
    let name: String
    let operations: Operations
    let medians: [Library: Duration]
    /// The client process's instructions for one trial, by library (`--instructions`).
    var instructions: [Library: Int] = [:]

    /// The largest acceptable ratio of BeeStore's time to postgres-nio's (DESIGN.md).
    static let floorRatioTarget = 1.3

    /// Whether each BeeStore way met its targets: within ``floorRatioTarget`` of
    /// postgres-nio, and faster than Fluent.
    var verdict: String {
        guard let floor = medians[Library.floor]?.seconds else { return "–" }
        var missed: [String] = []
        for library in Library.allCases where library.isBeeStore {
            guard let bee = medians[library]?.seconds else { continue }
            if bee / floor > Self.floorRatioTarget {
                missed.append("\(library.rawValue) > \(format(Self.floorRatioTarget))× \(Library.floor.rawValue)")
            }
            if let peer = medians[Library.peer]?.seconds, bee >= peer {
                missed.append("\(library.rawValue) not faster than \(Library.peer.rawValue)")
            }
        }
        return missed.isEmpty ? "met" : "missed: " + missed.joined(separator: "; ")
    }
}

/// Renders results as Markdown tables, ready for the README: the median times, then the
/// client instructions per operation when they were counted. Each cell but the floor's
/// shows its ratio to the floor.
enum Report {
    static func tables(_ results: [WorkloadResult], libraries: [Library]) -> String {
        var tables = [comparison(
            results, libraries: libraries, title: "median time", extraHeaders: ["verdict"], extra: { [$0.verdict] },
            value: { $0.medians[$1]?.seconds }, show: { format($0 * 1000) + " ms" })]
        if results.contains(where: { !$0.instructions.isEmpty }) {
            tables.append(comparison(
                results, libraries: libraries, title: "client instructions per operation",
                extraHeaders: ["per"], extra: { [$0.operations.unit] },
                value: { result, library in
                    result.instructions[library].map { Double($0) / Double(result.operations.count) }
                },
                show: { grouped(Int($0.rounded())) }))
        }
        return tables.joined(separator: "\n\n")
    }

    /// One row per result: a cell per library with its value and its ratio to the floor's.
    private static func comparison(
        _ results: [WorkloadResult], libraries: [Library], title: String,
        extraHeaders: [String], extra: (WorkloadResult) -> [String],
        value: (WorkloadResult, Library) -> Double?, show: (Double) -> String
    ) -> String {
        var rows = [[title] + libraries.map(\.rawValue) + extraHeaders]
        for result in results {
            let floor = value(result, Library.floor)
            let cells = libraries.map { library -> String in
                guard let measured = value(result, library) else { return "–" }
                guard library != Library.floor, let floor, floor > 0 else { return show(measured) }
                return show(measured) + " (" + format(measured / floor) + "×)"
            }
            rows.append([result.name] + cells + extra(result))
        }
        return markdownTable(rows)
    }
}
