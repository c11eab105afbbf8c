/// The medians of one workload and the ratios derived from them.
struct WorkloadResult {
    let name: String
    let libraries: [Library]
    let rawRatioTarget: Double?
    let medians: [Library: Duration]
    let notes: [String]

    func ratio(_ numerator: Library, to denominator: Library) -> Double? {
        guard let top = medians[numerator], let bottom = medians[denominator], bottom > .zero else { return nil }
        return top / bottom
    }

    /// Whether BeeStore met its targets: under the raw ratio (when there is one) and faster than GRDB.
    var verdict: String {
        var missed: [String] = []
        if let target = rawRatioTarget, let ratio = ratio(.beeStore, to: .raw), ratio > target {
            missed.append("> \(format(target))× raw")
        }
        if let ratio = ratio(.beeStore, to: .grdb), ratio >= 1 {
            missed.append("not faster than GRDB")
        }
        if medians[.beeStore] == nil { return "–" }
        return missed.isEmpty ? "met" : "missed: " + missed.joined(separator: ", ")
    }
}

/// Renders results as Markdown tables, ready for the README: one for the SQLite
/// workloads, one for the workloads compared with Foundation (the caches).
enum Report {
    static func table(_ results: [WorkloadResult]) -> String {
        let cacheResults = results.filter { $0.libraries.contains(.foundation) }
        let sqliteResults = results.filter { !$0.libraries.contains(.foundation) }
        var tables: [String] = []
        if !sqliteResults.isEmpty { tables.append(sqliteTable(sqliteResults)) }
        if !cacheResults.isEmpty { tables.append(foundationTable(cacheResults)) }
        return tables.joined(separator: "\n\n")
    }

    private static func sqliteTable(_ results: [WorkloadResult]) -> String {
        var rows = [[
            "workload", "raw C", "GRDB", "BeeStore", "BeeStore / raw C", "BeeStore / GRDB", "target (raw)", "verdict",
        ]]
        for result in results {
            rows.append([
                result.name,
                milliseconds(result.medians[.raw]),
                milliseconds(result.medians[.grdb]),
                milliseconds(result.medians[.beeStore]),
                result.ratio(.beeStore, to: .raw).map { format($0) + "×" } ?? "–",
                result.ratio(.beeStore, to: .grdb).map { format($0) + "×" } ?? "–",
                result.rawRatioTarget.map { "≤ " + format($0) + "×" } ?? "–",
                result.verdict,
            ])
        }
        return markdown(rows)
    }

    private static func foundationTable(_ results: [WorkloadResult]) -> String {
        var rows = [["workload", "Foundation", "BeeStore", "BeeStore / Foundation"]]
        for result in results {
            rows.append([
                result.name,
                milliseconds(result.medians[.foundation]),
                milliseconds(result.medians[.beeStore]),
                result.ratio(.beeStore, to: .foundation).map { format($0) + "×" } ?? "–",
            ])
        }
        return markdown(rows)
    }

    private static func markdown(_ rows: [[String]]) -> String {
        let widths = rows[0].indices.map { column in rows.map { $0[column].count }.max() ?? 0 }
        func line(_ cells: [String]) -> String {
            "| " + zip(cells, widths).map { $0 + String(repeating: " ", count: $1 - $0.count) }.joined(separator: " | ") + " |"
        }
        let separator = "|" + widths.map { String(repeating: "-", count: $0 + 2) }.joined(separator: "|") + "|"
        return ([line(rows[0]), separator] + rows.dropFirst().map(line)).joined(separator: "\n")
    }
}

/// A duration in milliseconds with two decimals; a dash for none.
func milliseconds(_ duration: Duration?) -> String {
    guard let duration else { return "–" }
    let (seconds, attoseconds) = duration.components
    return format(Double(seconds) * 1000 + Double(attoseconds) / 1e15) + " ms"
}

/// A number with two decimals.
func format(_ value: Double) -> String {
    let hundredths = Int((value * 100).rounded())
    let fraction = hundredths % 100
    return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
}
