import BenchmarkSupport
import Foundation

/// A duration in milliseconds, for the tables.
func milliseconds(_ duration: Duration) -> String {
    String(format: duration < .milliseconds(10) ? "%.2f ms" : "%.1f ms", duration.seconds * 1000)
}

/// "median (p90 …)" of a timing.
func medianAndP90(_ timing: Timing) -> String {
    "\(milliseconds(timing.median)) (p90 \(milliseconds(timing.p90)))"
}

/// "met", "missed", or "–" without a target.
func verdict(_ ratio: Double, target: Double?) -> String {
    guard let target else { return "–" }
    return ratio <= target ? "met" : "missed"
}

/// The Markdown table of the Chinook requests.
func chinookTable(_ comparisons: [Comparison], _ timings: [(beestore: Timing, datasette: Timing)]) -> [String] {
    var lines = [
        "| request | Datasette median (p90) | beestore serve median (p90) | beestore / Datasette | status, bytes (Datasette / beestore) | target | verdict |",
        "|---|---|---|---|---|---|---|",
    ]
    for (comparison, timing) in zip(comparisons, timings) {
        let ratio = timing.beestore.median / timing.datasette.median
        lines.append(
            "| \(comparison.name) | \(medianAndP90(timing.datasette)) | \(medianAndP90(timing.beestore)) | "
                + String(format: "%.2f×", ratio) + " | \(timing.datasette.status), \(timing.datasette.bytes) / "
                + "\(timing.beestore.status), \(timing.beestore.bytes) | "
                + (comparison.target.map { String(format: "≤ %.2f×", $0) } ?? "–") + " | \(verdict(ratio, target: comparison.target)) |")
    }
    return lines
}

/// The Markdown table of the first and the deep page of the big table, per server.
func deepPageTable(rows: Int, _ timings: [(server: String, first: Timing, deep: Timing, deepURL: String)]) -> [String] {
    var lines = [
        "| server (\(rows) rows) | first page median (p90) | deep page median (p90) | deep URL | deep / first | target | verdict |",
        "|---|---|---|---|---|---|---|",
    ]
    for timing in timings {
        let ratio = timing.deep.median / timing.first.median
        let target: Double? = timing.server == "beestore serve" ? 2 : nil
        lines.append(
            "| \(timing.server) | \(medianAndP90(timing.first)) | \(medianAndP90(timing.deep)) | `\(timing.deepURL)` | "
                + String(format: "%.2f×", ratio) + " | " + (target.map { String(format: "≤ %.0f×", $0) } ?? "–")
                + " | \(verdict(ratio, target: target)) |")
    }
    return lines
}

/// The Markdown table of the concurrent clients, per server.
func hammerTable(clients: Int, _ results: [(server: String, result: HammerResult)]) -> [String] {
    var lines = [
        "| server | clients | requests | errors | requests/s | target | verdict |",
        "|---|---|---|---|---|---|---|",
    ]
    for (server, result) in results {
        let targeted = server == "beestore serve"
        lines.append(
            "| \(server) | \(clients) | \(result.requests) | \(result.errors) | "
                + String(format: "%.0f", result.throughput) + " | " + (targeted ? "0 errors" : "–") + " | "
                + (targeted ? (result.errors == 0 ? "met" : "missed") : "–") + " |")
    }
    return lines
}
