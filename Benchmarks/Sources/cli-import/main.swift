import BeeStore
import BenchmarkSupport
import Foundation

/// `cli-import [--rows N] [--iterations N] [--beestore PATH] [--sqlite3 PATH] [--sqlite-utils PATH] [--time PATH]`
///
/// Times `beestore insert` of a CSV file of one table (1,000,000 rows by default) into a
/// new database against the `sqlite3` shell's `.import` and `sqlite-utils insert --csv`,
/// and reports each one's median time and peak resident memory. sqlite-utils is left out,
/// with a note, when it is not installed.
func commandLineOptions() throws -> ToolOptions {
    try ToolOptions(
        Array(CommandLine.arguments.dropFirst()), rows: 1_000_000, iterations: 5,
        paths: [
            "beestore": "../.build/release/beestore", "sqlite3": "/usr/bin/sqlite3", "sqlite-utils": "sqlite-utils",
            "time": "/usr/bin/time",
        ])
}

/// One tool's import of the file into a new database's table `big`.
struct Importer {
    let name: String
    let command: (_ database: String, _ csv: String) -> [String]
}

/// The executable `tool` names: a path, or a name found in `PATH`; nil when there is none.
func executable(_ tool: String) -> String? {
    guard !tool.contains("/") else { return FileManager.default.isExecutableFile(atPath: tool) ? tool : nil }
    let directories = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
    return directories.map { "\($0)/\(tool)" }.first(where: FileManager.default.isExecutableFile(atPath:))
}

/// Runs `importer` into a new database at `database` (any old one removed first).
func run(_ importer: Importer, database: String, csv: String, timeTool: String) throws -> ProcessMeasurement {
    for suffix in ["", "-journal", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: database + suffix) }
    return try measure(importer.command(database, csv), timeTool: timeTool)
}

func seconds(_ duration: Duration) -> String {
    String(format: "%.2f s", duration.seconds)
}

exit(runBenchmark("beestore-cli-import") { directory in
    let options = try commandLineOptions()
    for tool in ["beestore", "sqlite3", "time"] where executable(options[tool]) == nil {
        throw BenchmarkFailure(
            "no executable at \(options[tool]) (build beestore with: swift build -c release --product beestore; "
                + "GNU time measures peak memory)")
    }
    let source = directory.appendingPathComponent("source.sqlite").path
    let csv = directory.appendingPathComponent("big.csv").path
    print("Creating \(options.rows) rows…")
    try BigTable.create(at: source, rowCount: options.rows)
    _ = try measure(
        [options["sqlite3"], "-header", "-csv", source, "SELECT * FROM \(BigTable.name)"], timeTool: options["time"],
        outputPath: csv)
    let fileSize = (try FileManager.default.attributesOfItem(atPath: csv)[.size] as? NSNumber)?.int64Value ?? 0
    var importers = [
        Importer(name: "sqlite3 `.import --csv`") { [options["sqlite3"], $0, ".import --csv \($1) \(BigTable.name)"] },
        Importer(name: "beestore insert") { [options["beestore"], "insert", $0, BigTable.name, $1] },
    ]
    var notes: [String] = []
    if let sqliteUtils = executable(options["sqlite-utils"]) {
        importers.append(Importer(name: "sqlite-utils insert --csv") { [sqliteUtils, "insert", $0, BigTable.name, $1, "--csv"] })
    } else {
        notes.append("sqlite-utils is not installed (pip install sqlite-utils): its column is left out.")
    }
    print("\(csv): \(fileSize / 1_000_000) MB; median of \(options.iterations) interleaved runs")
    let database = directory.appendingPathComponent("imported.sqlite").path
    // One untimed run each: warms the page cache and checks the rows arrived.
    for importer in importers {
        print("checking \(importer.name)…")
        _ = try run(importer, database: database, csv: csv, timeTool: options["time"])
        let imported = try Database(path: database)
        let count = try imported.fetchValue(Int.self, "SELECT count(*) FROM \(BigTable.name)")
        imported.close()
        guard count == options.rows else { throw BenchmarkFailure("\(importer.name): \(count ?? 0) rows, expected \(options.rows)") }
    }
    var measurements = Array(repeating: [ProcessMeasurement](), count: importers.count)
    for iteration in 0..<options.iterations {
        // Each iteration in another order, so that no tool always runs after the same one.
        for index in importers.indices.map({ ($0 + iteration) % importers.count }) {
            measurements[index].append(try run(importers[index], database: database, csv: csv, timeTool: options["time"]))
        }
    }
    let shellTime = median(measurements[0].map(\.duration))
    var table = ["| tool | median time | / sqlite3 | peak RSS | target | verdict |", "|---|---|---|---|---|---|"]
    for (importer, runs) in zip(importers, measurements) {
        let time = median(runs.map(\.duration))
        let memory = (runs.map(\.peakResidentKiB).max() ?? 0) / 1024
        let ratio = time / shellTime
        let isBeeStore = importer.name.hasPrefix("beestore")
        table.append(
            "| \(importer.name) | \(seconds(time)) | \(String(format: "%.2f×", ratio)) | \(memory) MB | "
                + (isBeeStore ? "≤ 1.5×, < 50 MB | \(ratio <= 1.5 && memory < 50 ? "met" : "missed")" : "– | –") + " |")
    }
    return table + notes
})
