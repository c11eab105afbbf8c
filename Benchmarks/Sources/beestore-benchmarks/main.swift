import BeeStore
import Foundation
import GRDB

/// `beestore-benchmarks [--iterations N] [--scale S] [--only 1,3b] [--libraries bee,grdb,raw,foundation] [--cursor-memory N]`
struct Options {
    static let usage = """
        usage: beestore-benchmarks [--iterations N] [--scale S] [--only 1,3b,4] [--libraries bee,grdb,raw,foundation]
               beestore-benchmarks --cursor-memory N
               beestore-benchmarks --tracing-cost N [--tracing-mode off|hook|logger]
          --iterations N   interleaved trials per library (median reported), default 7
          --scale S        multiplies every workload's size, default 1
          --only LIST      the workloads to run, by number (1, 2, 3, 3b, 4, 4b, 5a, 5b, 5c)
          --libraries LIST the libraries to run: bee, grdb, raw, foundation
          --cursor-memory N  instead of the workloads: the resident memory of iterating N records with forEach
          --tracing-cost N   instead of the workloads: N lookups with statement tracing off, with a trace
                             hook, and with a logger (median of --iterations runs each)
          --tracing-mode M   with --tracing-cost: only mode M, run once (for callgrind)
        """
    var iterations = 7
    var scale = 1.0
    var only: Set<String> = []
    var libraries = Library.allCases
    /// The number of records of the cursor memory measurement, when it is asked for.
    var cursorMemoryCount: Int?
    /// The number of lookups of the tracing cost measurement, when it is asked for.
    var tracingLookups: Int?
    /// The one tracing mode to measure, if not all.
    var tracingMode: String?

    init(_ arguments: [String]) throws {
        var arguments = arguments[...]
        while let option = arguments.popFirst() {
            if option == "--help" || option == "-h" {
                throw CheckFailure(Self.usage)
            }
            guard let value = arguments.popFirst() else { throw CheckFailure("\(option) needs a value") }
            switch option {
            case "--iterations":
                guard let count = Int(value), count > 0 else { throw CheckFailure("bad --iterations \(value)") }
                iterations = count
            case "--scale":
                guard let scale = Double(value), scale > 0 else { throw CheckFailure("bad --scale \(value)") }
                self.scale = scale
            case "--cursor-memory":
                guard let count = Int(value), count > 0 else { throw CheckFailure("bad --cursor-memory \(value)") }
                cursorMemoryCount = count
            case "--tracing-cost":
                guard let count = Int(value), count > 0 else { throw CheckFailure("bad --tracing-cost \(value)") }
                tracingLookups = count
            case "--tracing-mode":
                tracingMode = value
            case "--only":
                only = Set(value.split(separator: ",").map(String.init))
            case "--libraries":
                libraries = try value.split(separator: ",").map { name in
                    switch name.lowercased() {
                    case "raw": .raw
                    case "grdb": .grdb
                    case "bee", "beestore": .beeStore
                    case "foundation": .foundation
                    default: throw CheckFailure("unknown library \(name)")
                    }
                }
            default:
                throw CheckFailure("unknown option \(option)")
            }
        }
    }
}

/// Every workload, in report order.
func makeWorkloads(_ sizes: Sizes) -> [any Workload] {
    let items = ItemFixture(count: sizes.fetchRows)
    let graph = Graph(parentCount: sizes.parents, childCount: sizes.childrenPerParent)
    return [
        FetchWorkload(fixture: items),
        InsertWorkload(count: sizes.insertRows),
        LookupWorkload(fixture: items, lookups: sizes.lookups, style: .queryBuilder),
        LookupWorkload(fixture: items, lookups: sizes.lookups, style: .find),
        RelationFetchWorkload(graph: graph),
        RelationSaveWorkload(graph: graph),
        MemoryCacheWorkload(operations: sizes.memoryCacheOperations, keys: sizes.memoryCacheKeys),
        FileCacheWorkload(number: "5b", entries: sizes.fileCacheEntries, valueSize: 4 << 10),
        FileCacheWorkload(number: "5c", entries: sizes.fileCacheEntries, valueSize: 200 << 10),
    ]
}

func main() -> Int32 {
    let scratch: Scratch
    do {
        scratch = try Scratch()
    } catch {
        print("error: \(error)")
        return 1
    }
    defer { scratch.removeAll() }
    do {
        let options = try Options(Array(CommandLine.arguments.dropFirst()))
        if let count = options.cursorMemoryCount {
            print(try CursorMemory.run(count: count, scratch: scratch))
            return 0
        }
        if let lookups = options.tracingLookups {
            print(try TracingCost.run(
                lookups: lookups, iterations: options.iterations, mode: options.tracingMode, scratch: scratch))
            return 0
        }
        print("SQLite \(RawDatabase.version), \(ProcessInfo.processInfo.activeProcessorCount) cores, "
            + "median of \(options.iterations) interleaved iterations")
        let runner = Runner(iterations: options.iterations, libraries: options.libraries, scratch: scratch)
        var results: [WorkloadResult] = []
        for workload in makeWorkloads(Sizes(scale: options.scale)) {
            let number = String(workload.name.prefix { $0 != "." })
            guard options.only.isEmpty || options.only.contains(number) else { continue }
            print("running \(workload.name)…")
            results.append(try runner.run(workload))
        }
        print()
        print(Report.table(results))
        let notes = results.flatMap(\.notes)
        if !notes.isEmpty { print() }
        notes.forEach { print($0) }
        return 0
    } catch {
        print("FAILED: \(error)")
        return 1
    }
}

exit(main())
