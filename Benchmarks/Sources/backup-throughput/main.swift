import BenchmarkSupport
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `backup-throughput [--rows N] [--iterations N] [--pages-per-step N] [--beestore PATH] [--sqlite3 PATH] [--instructions]`
///
/// Times `beestore backup` against the `sqlite3` shell's `.backup` copying one database
/// (a 1,000,000-row table by default) to a new file, each run as a process, and reports
/// each one's median time and throughput; with `--instructions`, also the instructions
/// each copy runs, counted once under valgrind's callgrind.
struct Options {
    var rows = 1_000_000
    var iterations = 5
    var pagesPerStep: Int?
    var beestore = "../.build/release/beestore"
    var sqlite3 = "/usr/bin/sqlite3"
    var countsInstructions = false

    init(_ arguments: [String]) throws {
        var arguments = arguments[...]
        while let option = arguments.popFirst() {
            if option == "--instructions" {
                countsInstructions = true
                continue
            }
            guard let value = arguments.popFirst() else { throw BenchmarkFailure("\(option) needs a value") }
            switch option {
            case "--rows": rows = try Self.count(value, option)
            case "--iterations": iterations = try Self.count(value, option)
            case "--pages-per-step": pagesPerStep = try Self.count(value, option)
            case "--beestore": beestore = value
            case "--sqlite3": sqlite3 = value
            default: throw BenchmarkFailure("unknown option \(option)")
            }
        }
    }

    private static func count(_ value: String, _ option: String) throws -> Int {
        guard let count = Int(value), count > 0 else { throw BenchmarkFailure("bad \(option) \(value)") }
        return count
    }
}

/// Runs `command` to completion and returns its wall-clock time; a non-zero exit is an error.
func run(_ command: [String], quiet: Bool = true) throws -> Duration {
    let clock = ContinuousClock()
    let start = clock.now
    let pid = try spawn(command) { actions in
        if quiet { posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0) }
    }
    let status = try waitForExit(of: pid)
    guard status == 0 else { throw BenchmarkFailure("\(command.joined(separator: " ")) failed with status \(status)") }
    return clock.now - start
}

/// The instructions `command` runs, as valgrind's callgrind counts them.
func instructions(_ command: [String]) throws -> Int {
    let log = FileManager.default.temporaryDirectory.appendingPathComponent("callgrind-\(UUID().uuidString)").path
    defer { try? FileManager.default.removeItem(atPath: log) }
    _ = try run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", "--log-file=\(log)"] + command)
    let text = try String(contentsOfFile: log, encoding: .utf8)
    guard let line = text.split(separator: "\n").first(where: { $0.contains("Collected :") }),
          let count = line.split(separator: " ").last.flatMap({ Int($0) }) else {
        throw BenchmarkFailure("callgrind reported no count: \(text)")
    }
    return count
}

exit(runBenchmark("beestore-backup") { directory in
    let options = try Options(Array(CommandLine.arguments.dropFirst()))
    for tool in [options.beestore, options.sqlite3] where !FileManager.default.isExecutableFile(atPath: tool) {
        throw BenchmarkFailure("no executable at \(tool) (build beestore with: swift build -c release --product beestore)")
    }
    let database = directory.appendingPathComponent("big.sqlite").path
    let copy = directory.appendingPathComponent("copy.sqlite").path
    print("Creating \(options.rows) rows…")
    try BigTable.create(at: database, rowCount: options.rows)
    let size = (try FileManager.default.attributesOfItem(atPath: database)[.size] as? NSNumber)?.doubleValue ?? 0
    let steps = options.pagesPerStep.map { ["--pages-per-step", String($0)] } ?? []
    let tools: [(name: String, command: [String])] = [
        ("sqlite3 .backup", [options.sqlite3, database, ".backup '\(copy)'"]),
        ("beestore backup", [options.beestore, "backup", database, copy] + steps),
    ]
    print(String(format: "%@: %.0f MB; median of %d interleaved runs, each to a new file", database, size / 1e6, options.iterations))
    var times = Array(repeating: [Duration](), count: tools.count)
    for iteration in 0...options.iterations {
        // Iteration 0 warms the page cache and is not counted; the order alternates.
        for index in iteration.isMultiple(of: 2) ? [0, 1] : [1, 0] {
            try? FileManager.default.removeItem(atPath: copy)
            let time = try run(tools[index].command)
            if iteration > 0 { times[index].append(time) }
        }
    }
    var table = ["| tool | median | throughput | instructions |", "|---|---|---|---|"]
    for (index, tool) in tools.enumerated() {
        let time = median(times[index])
        var counted = "–"
        if options.countsInstructions {
            try? FileManager.default.removeItem(atPath: copy)
            counted = String(format: "%.1f M", Double(try instructions(tool.command)) / 1e6)
        }
        table.append(String(format: "| %@ | %.3f s | %.0f MB/s | %@ |", tool.name, time.seconds, size / 1e6 / time.seconds, counted))
    }
    return table
})
