import BenchmarkSupport
import Foundation

/// `cli-streaming [--rows N] [--iterations N] [--beestore PATH] [--sqlite3 PATH] [--time PATH]`
///
/// Times the `beestore` tool against the `sqlite3` shell writing every row of one
/// table (2,000,000 rows by default) in the same formats, to /dev/null, and reports each
/// one's median time and peak resident memory.
/// The options, and where each tool is by default.
func commandLineOptions() throws -> ToolOptions {
    try ToolOptions(
        Array(CommandLine.arguments.dropFirst()), rows: 2_000_000, iterations: 5,
        paths: ["beestore": "../.build/release/beestore", "sqlite3": "/usr/bin/sqlite3", "time": "/usr/bin/time"])
}

/// One comparison: the same rows in one format, by each tool.
struct Workload {
    let name: String
    let beestore: [String]
    let sqlite3: [String]
    /// The largest acceptable beestore / sqlite3 time ratio, if the workload has one.
    let target: Double?
    /// How many lines each tool's output has (checked once, untimed).
    let expectedLines: (beestore: Int, sqlite3: Int)
}

func workloads(_ options: ToolOptions, database: String) -> [Workload] {
    let select = "SELECT * FROM \(BigTable.name)"
    let rows = options.rows
    return [
        Workload(
            name: "CSV, `rows`", beestore: [options["beestore"], "rows", database, BigTable.name, "--format", "csv"],
            sqlite3: [options["sqlite3"], "-header", "-csv", database, select], target: 2, expectedLines: (rows + 1, rows + 1)),
        Workload(
            name: "JSON, `rows`", beestore: [options["beestore"], "rows", database, BigTable.name, "--format", "json"],
            sqlite3: [options["sqlite3"], "-json", database, select], target: 2, expectedLines: (rows + 2, rows)),
        Workload(
            name: "CSV, `query`", beestore: [options["beestore"], "query", database, select, "--format", "csv"],
            sqlite3: [options["sqlite3"], "-header", "-csv", database, select], target: 2, expectedLines: (rows + 1, rows + 1)),
        Workload(
            name: "table, piped (`sqlite3 -column`)", beestore: [options["beestore"], "rows", database, BigTable.name],
            sqlite3: [options["sqlite3"], "-header", "-column", database, select], target: nil, expectedLines: (rows + 3, rows + 2)),
        Workload(
            name: "Markdown", beestore: [options["beestore"], "rows", database, BigTable.name, "--format", "markdown"],
            sqlite3: [options["sqlite3"], "-markdown", database, select], target: nil, expectedLines: (rows + 2, rows + 2)),
    ]
}

/// The number of line breaks in a file, read in chunks.
func lineCount(of path: String) throws -> Int {
    let file = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
    defer { try? file.close() }
    var count = 0
    while let chunk = try file.read(upToCount: 1 << 20), !chunk.isEmpty {
        count += chunk.reduce(0) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
    }
    return count
}

func seconds(_ duration: Duration) -> String {
    String(format: "%.2f s", duration.seconds)
}

exit(runBenchmark("beestore-cli") { directory in
    let options = try commandLineOptions()
    for tool in [options["beestore"], options["sqlite3"], options["time"]] where !FileManager.default.isExecutableFile(atPath: tool) {
        throw BenchmarkFailure(
            "no executable at \(tool) (build beestore with: swift build -c release --product beestore; "
                + "GNU time measures peak memory)")
    }
    let database = directory.appendingPathComponent("big.sqlite").path
    print("Creating \(options.rows) rows…")
    try BigTable.create(at: database, rowCount: options.rows)
    let fileSize = (try FileManager.default.attributesOfItem(atPath: database)[.size] as? NSNumber)?.int64Value ?? 0
    print("\(database): \(fileSize / 1_000_000) MB; median of \(options.iterations) interleaved runs, output to /dev/null")

    var table = [
        "| workload | sqlite3 | beestore | beestore / sqlite3 | sqlite3 peak RSS | beestore peak RSS | target | verdict |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for workload in workloads(options, database: database) {
        print("running \(workload.name)…")
        // One untimed run each: warms the page cache and checks the output.
        for (command, expected) in [
            (workload.beestore, workload.expectedLines.beestore), (workload.sqlite3, workload.expectedLines.sqlite3),
        ] {
            let output = directory.appendingPathComponent("output").path
            _ = try measure(command, timeTool: options["time"], outputPath: output)
            let lines = try lineCount(of: output)
            if lines != expected {
                throw BenchmarkFailure("\(command.joined(separator: " ")): \(lines) lines, expected \(expected)")
            }
            try FileManager.default.removeItem(atPath: output)
        }
        var bee: [ProcessMeasurement] = []
        var shell: [ProcessMeasurement] = []
        for iteration in 0..<options.iterations {
            if iteration.isMultiple(of: 2) {
                bee.append(try measure(workload.beestore, timeTool: options["time"]))
                shell.append(try measure(workload.sqlite3, timeTool: options["time"]))
            } else {
                shell.append(try measure(workload.sqlite3, timeTool: options["time"]))
                bee.append(try measure(workload.beestore, timeTool: options["time"]))
            }
        }
        let beeTime = median(bee.map(\.duration))
        let shellTime = median(shell.map(\.duration))
        let ratio = beeTime / shellTime
        let beeMemory = bee.map(\.peakResidentKiB).max() ?? 0
        let shellMemory = shell.map(\.peakResidentKiB).max() ?? 0
        let verdict: String
        if let target = workload.target {
            let met = ratio <= target && beeMemory < 30 * 1024
            verdict = met ? "met" : "missed"
        } else {
            verdict = "–"
        }
        table.append(
            "| \(workload.name) | \(seconds(shellTime)) | \(seconds(beeTime)) | \(String(format: "%.2f×", ratio)) | "
                + "\(shellMemory / 1024) MB | \(beeMemory / 1024) MB | "
                + (workload.target.map { String(format: "≤ %.0f×, < 30 MB", $0) } ?? "–") + " | \(verdict) |")
    }
    return table
})
