import BenchmarkSupport
import Foundation

/// Times `beestore serve` against Datasette on the same files, over keep-alive HTTP from
/// this process: pages of Chinook, the first and a deep page of a big table, and
/// concurrent clients. See the package's README.
func main() -> Int32 {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("beestore-serve-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    do {
        let options = try Options(Array(CommandLine.arguments.dropFirst()))
        guard FileManager.default.isExecutableFile(atPath: options.beestore) else {
            throw BenchmarkFailure(
                "no executable at \(options.beestore) (build it in the repository's root: swift build -c release --product beestore)")
        }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let chinook = directory.appendingPathComponent("chinook.sqlite").path
        try FileManager.default.copyItem(atPath: options.chinook, toPath: chinook)

        print("Chinook: \(options.warmUp) warm-up and \(options.iterations) timed requests each, interleaved…")
        let (chinookTimings, hammerResults) = try measureChinook(options, database: chinook, logs: directory)

        print("Creating \(options.rows) rows…")
        let big = directory.appendingPathComponent("\(BigTable.name).sqlite").path
        try BigTable.create(at: big, rowCount: options.rows)
        print("First and deep pages…")
        let deepTimings = try measureDeepPages(options, database: big, logs: directory)

        print()
        print(chinookTable(chinookComparisons, chinookTimings).joined(separator: "\n"))
        print()
        print(deepPageTable(rows: options.rows, deepTimings).joined(separator: "\n"))
        print()
        print(hammerTable(clients: options.clients, hammerResults).joined(separator: "\n"))
        for (server, result) in hammerResults {
            if let firstError = result.firstError { print("\(server), first error: \(firstError)") }
        }
        return 0
    } catch {
        print("FAILED: \(error)")
        return 1
    }
}

/// Starts both servers on `path`, hands them to `body`, and stops them.
func withServers<Result>(
    _ options: Options, database path: String, logs: URL, _ body: (ServerProcess, ServerProcess) throws -> Result
) throws -> Result {
    let beestore = try ServerProcess.beestore(
        executable: options.beestore, database: path, logPath: logs.appendingPathComponent("beestore.log").path)
    defer { beestore.stop() }
    let datasette = try ServerProcess.datasette(
        executable: options.datasette, database: path, logPath: logs.appendingPathComponent("datasette.log").path)
    defer { datasette.stop() }
    return try body(beestore, datasette)
}

/// The Chinook requests, one connection per server, then the concurrent clients on the
/// Track page, one server after the other.
func measureChinook(_ options: Options, database: String, logs: URL) throws -> (
    [(beestore: Timing, datasette: Timing)], [(server: String, result: HammerResult)]
) {
    try withServers(options, database: database, logs: logs) { beestore, datasette in
        let beestoreConnection = beestore.connection()
        let datasetteConnection = datasette.connection()
        var timings: [(beestore: Timing, datasette: Timing)] = []
        for comparison in chinookComparisons {
            print("  \(comparison.name)")
            let pair = try timeInterleaved(
                [
                    TimedRequest(
                        label: beestore.name, connection: beestoreConnection, target: comparison.beestore,
                        expectation: comparison.beestoreExpects),
                    TimedRequest(
                        label: datasette.name, connection: datasetteConnection, target: comparison.datasette,
                        expectation: comparison.datasetteExpects),
                ], warmUp: options.warmUp, iterations: options.iterations)
            timings.append((pair[0], pair[1]))
        }
        print("  connections opened: beestore serve \(beestoreConnection.connects), Datasette \(datasetteConnection.connects)")
        beestoreConnection.disconnect()
        datasetteConnection.disconnect()
        let track = chinookComparisons[0]
        var results: [(server: String, result: HammerResult)] = []
        for (server, target, expectation) in [
            (beestore, track.beestore, track.beestoreExpects), (datasette, track.datasette, track.datasetteExpects),
        ] {
            print("  \(options.clients) clients on \(server.name) for \(options.seconds) s")
            results.append(
                (
                    server.name,
                    hammer(
                        port: server.port, headers: server.headers, target: target, expectation: expectation,
                        clients: options.clients, duration: .seconds(options.seconds))
                ))
        }
        return (timings, results)
    }
}

/// The first page of the big table and a page 100 rows before its end, on each server
/// (Datasette names the database and the table `big`).
func measureDeepPages(_ options: Options, database: String, logs: URL) throws -> [(
    server: String, first: Timing, deep: Timing, deepURL: String
)] {
    try withServers(options, database: database, logs: logs) { beestore, datasette in
        let after = max(options.rows - 100, 0)
        let name = BigTable.name
        let lastRow = Expectation(status: 200, contains: [">user \(options.rows)<"])
        let firstRow = Expectation(status: 200, contains: [">user 1<"])
        let urls = [
            (beestore, "/table?name=\(name)", "/table?name=\(name)&_after=i\(after)"),
            (datasette, "/\(name)/\(name)", "/\(name)/\(name)?_next=\(after)"),
        ]
        var requests: [TimedRequest] = []
        for (server, first, deep) in urls {
            let connection = server.connection()
            requests.append(TimedRequest(label: server.name, connection: connection, target: first, expectation: firstRow))
            requests.append(TimedRequest(label: server.name, connection: connection, target: deep, expectation: lastRow))
        }
        let timings = try timeInterleaved(requests, warmUp: options.warmUp, iterations: options.iterations)
        return urls.enumerated().map { index, url in
            (url.0.name, timings[2 * index], timings[2 * index + 1], url.2)
        }
    }
}

exit(main())
