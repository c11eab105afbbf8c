import BenchmarkSupport
import Foundation

/// Every workload at `scale`, in report order: the sizes of the SQLite benchmarks.
@BenchmarkActor
func makeWorkloads(scale: Double) -> [any Workload] {
    func scaled(_ count: Int) -> Int { max(1, Int((Double(count) * scale).rounded())) }
    return [
        FetchWorkload(count: scaled(200_000)),
        InsertWorkload(count: scaled(50_000)),
        LookupWorkload(rowCount: scaled(200_000), lookups: scaled(20_000)),
        RelationFetchWorkload(graph: Graph(parentCount: scaled(1_000), childCount: 10)),
    ]
}

/// Runs the selected workloads (or, with `--trials`, the one workload and library
/// untimed) and prints the tables.
@BenchmarkActor
func run(_ options: Options) async throws {
    guard let url = options.url, !url.isEmpty else {
        throw BenchmarkFailure("no server: give --url postgres://… or set BEESTORE_POSTGRES_URL")
    }
    let workloads = makeWorkloads(scale: options.scale)
    let unknown = options.only.subtracting(workloads.map(\.number))
    guard unknown.isEmpty else { throw BenchmarkFailure("unknown workload \(unknown.sorted()): see --help") }
    let selected = workloads.filter { options.only.isEmpty || options.only.contains($0.number) }
    let clients = try await Clients.connect(url: url)
    let runner = Runner(iterations: options.iterations, libraries: options.libraries, clients: clients)
    if let trials = options.trials {
        for workload in selected {
            for library in options.libraries { try await runner.runOnly(workload, library: library, count: trials) }
        }
        await clients.close()
        return
    }
    print("PostgreSQL \(try await clients.serverVersion()) on loopback, \(ProcessInfo.processInfo.activeProcessorCount) cores, "
        + "median of \(options.iterations) interleaved iterations, scale \(options.scale)")
    var results: [WorkloadResult] = []
    for workload in selected {
        print("running \(workload.name)…")
        results.append(try await runner.run(workload))
    }
    await clients.close()
    if options.countsInstructions {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("postgres-benchmarks-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let counter = try InstructionCounter(arguments: options.childArguments, directory: directory)
        for index in results.indices {
            for library in options.libraries {
                print("counting the instructions of \(selected[index].number) with \(library.rawValue) under callgrind…")
                results[index].instructions[library] = try counter.count(workload: selected[index].number, library: library)
            }
        }
    }
    print()
    print(Report.tables(results, libraries: options.libraries))
}

/// Parses the options and runs; returns the exit status.
@BenchmarkActor
func main() async -> Int32 {
    do {
        let options = try Options(Array(CommandLine.arguments.dropFirst()))
        if options.showsHelp {
            print(Options.usage)
        } else {
            try await run(options)
        }
        return 0
    } catch {
        print("FAILED: \(error)")
        return 1
    }
}

// The main thread waits on a semaphore while a detached task runs, rather than serving the main
// queue (an asynchronous top level): valgrind, which `--instructions` runs this program
// under, cannot follow the signal wait the main queue parks the main thread in.
Task.detached { exit(await main()) }
DispatchSemaphore(value: 0).wait()
