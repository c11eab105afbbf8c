import BeeStore
import Foundation
import GRDB

/// The command line: see ``Options/usage``.
struct Options {
    static let usage = """
        usage: beestore-benchmarks [--iterations N] [--scale S] [--only 1,3b,4] [--libraries raw,bee] [--instructions]
               beestore-benchmarks --cursor-memory N
               beestore-benchmarks --peak-memory N [--libraries raw,bee]
               beestore-benchmarks --tracing-cost N [--tracing-mode off|hook|logger]
               beestore-benchmarks --observed-writes N
          --iterations N     interleaved trials per library (median reported), default 7
          --scale S          multiplies every workload's size, default 1
          --only LIST        the workloads to run, by number (below), default all
          --libraries LIST   the libraries to run, by name (below), default all
          --instructions     also count each workload's instructions per operation with valgrind's
                             callgrind: this executable runs itself once per workload and library
                             under valgrind (valgrind must be on the PATH)
          --measure-once     one untimed and one timed trial, no notes: what --instructions runs
                             under callgrind
          --cursor-memory N  instead of the workloads: the resident memory of iterating N records with forEach
          --peak-memory N    instead of the workloads: the peak resident memory each library adds to fetch
                             N records into an array, each library in a process of its own (Linux)
          --tracing-cost N   instead of the workloads: N lookups with statement tracing off, with a trace
                             hook, and with a logger (median of --iterations runs each)
          --tracing-mode M   with --tracing-cost: only mode M, run once (for callgrind)
          --observed-writes N  instead of the workloads: N writes under 8 observed queries, observed by
                             the rows and columns they read and by whole tables: the fetches each made
          -h, --help         this help
        """

    var iterations = 7
    var scale = 1.0
    var only: Set<String> = []
    var libraries = Library.allCases
    var showsHelp = false
    var countsInstructions = false
    var measuresOnce = false
    /// The number of records of the cursor memory measurement, when it is asked for.
    var cursorMemoryCount: Int?
    /// The number of records of the peak memory measurement, when it is asked for.
    var peakMemoryCount: Int?
    /// In a peak memory child process: the file to fetch from.
    var memoryFixture: String?
    /// The number of lookups of the tracing cost measurement, when it is asked for.
    var tracingLookups: Int?
    /// The one tracing mode to measure, if not all.
    var tracingMode: String?
    /// The number of writes of the observation measurement, when it is asked for.
    var observedWrites: Int?

    init(_ arguments: [String]) throws {
        var arguments = arguments[...]
        while let option = arguments.popFirst() {
            func value() throws -> String {
                guard let value = arguments.popFirst() else { throw CheckFailure("\(option) needs a value") }
                return value
            }
            func count() throws -> Int {
                let text = try value()
                guard let count = Int(text), count > 0 else { throw CheckFailure("bad \(option) \(text)") }
                return count
            }
            switch option {
            case "--help", "-h":
                showsHelp = true
            case "--instructions":
                countsInstructions = true
            case "--measure-once":
                measuresOnce = true
            case "--iterations":
                iterations = try count()
            case "--scale":
                let text = try value()
                guard let scale = Double(text), scale > 0 else { throw CheckFailure("bad --scale \(text)") }
                self.scale = scale
            case "--cursor-memory":
                cursorMemoryCount = try count()
            case "--peak-memory":
                peakMemoryCount = try count()
            case "--memory-fixture":
                memoryFixture = try value()
            case "--tracing-cost":
                tracingLookups = try count()
            case "--tracing-mode":
                tracingMode = try value()
            case "--observed-writes":
                observedWrites = try count()
            case "--only":
                only = Set(try value().split(separator: ",").map(String.init))
            case "--libraries":
                libraries = try value().split(separator: ",").map { name in
                    guard let library = Library(option: String(name)) else {
                        throw CheckFailure("unknown library \(name): " + Library.allCases.map(\.option).joined(separator: ", "))
                    }
                    return library
                }
            default:
                throw CheckFailure("unknown option \(option)\n\(Self.usage)")
            }
        }
        if measuresOnce { iterations = 1 }
    }

    /// The usage, then the workloads at this scale and the libraries, by the names the options take.
    func help(_ workloads: [any Workload]) -> String {
        let numbers = workloads.map(\.number)
        let width = (numbers.map(\.count).max() ?? 0) + 2
        var lines = [Self.usage, "", "workloads (--only), at --scale \(scale):"]
        for (workload, number) in zip(workloads, numbers) {
            let compared = workload.libraries.map(\.option).joined(separator: ", ")
            lines.append("  " + number.padding(toLength: width, withPad: " ", startingAt: 0)
                + workload.name.dropFirst(number.count + 2) + " (" + compared + ")")
        }
        lines.append("")
        lines.append("libraries (--libraries):")
        let optionWidth = (Library.allCases.map(\.option.count).max() ?? 0) + 2
        for library in Library.allCases {
            lines.append("  " + library.option.padding(toLength: optionWidth, withPad: " ", startingAt: 0) + library.rawValue)
        }
        return lines.joined(separator: "\n")
    }
}

/// Every workload, in report order.
func makeWorkloads(_ sizes: Sizes) -> [any Workload] {
    let items = ItemFixture(count: sizes.fetchRows)
    let graph = Graph(parentCount: sizes.parents, childCount: sizes.childrenPerParent)
    return [
        FetchWorkload(fixture: items),
        InsertWorkload(count: sizes.insertRows, style: .oneTransaction),
        LookupWorkload(fixture: items, lookups: sizes.lookups, style: .queryBuilder),
        LookupWorkload(fixture: items, lookups: sizes.lookups, style: .find),
        RelationFetchWorkload(graph: graph),
        RelationSaveWorkload(graph: graph),
        InsertWorkload(count: sizes.writeTransactions, style: .transactionPerItem),
        ConcurrentReadWorkload(rowsPerReader: sizes.concurrentRowsPerReader),
        FullTextSearchWorkload(documents: sizes.documents, searches: sizes.searches),
        UpdateWorkload(fixture: items, updates: sizes.lookups, style: .wholeRow),
        UpdateWorkload(fixture: items, updates: sizes.lookups, style: .changedColumn),
        MemoryCacheWorkload(operations: sizes.memoryCacheOperations, keys: sizes.memoryCacheKeys),
        FileCacheWorkload(number: "5b", entries: sizes.fileCacheEntries, valueSize: 4 << 10),
        FileCacheWorkload(number: "5c", entries: sizes.fileCacheEntries, valueSize: 200 << 10),
    ]
}

/// Runs the selected workloads, counts their instructions when asked, and prints the tables.
func runWorkloads(_ workloads: [any Workload], options: Options, scratch: Scratch) throws {
    let unknown = options.only.subtracting(workloads.map(\.number))
    guard unknown.isEmpty else {
        throw CheckFailure("unknown workload \(unknown.sorted().joined(separator: ", ")): see --help")
    }
    let selected = workloads.filter { options.only.isEmpty || options.only.contains($0.number) }
    print("SQLite \(RawDatabase.version), \(ProcessInfo.processInfo.activeProcessorCount) cores, "
        + "median of \(options.iterations) interleaved iterations, scale \(options.scale)")
    var runner = Runner(iterations: options.iterations, libraries: options.libraries, scratch: scratch)
    runner.takesNotes = !options.measuresOnce
    var results: [WorkloadResult] = []
    for workload in selected {
        print("running \(workload.name)…")
        results.append(try runner.run(workload))
    }
    if options.countsInstructions {
        let counter = try InstructionCounter(scale: options.scale, scratch: scratch)
        for (index, workload) in selected.enumerated() where workload.isCountedInInstructions {
            for library in workload.libraries where options.libraries.contains(library) {
                print("counting the instructions of \(workload.number) with \(library.rawValue) under callgrind…")
                results[index].instructions[library] = try counter.count(workload, library: library)
            }
        }
    }
    print()
    print(Report.table(results))
    let notes = results.flatMap(\.notes)
    if !notes.isEmpty { print() }
    notes.forEach { print($0) }
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
        let workloads = makeWorkloads(Sizes(scale: options.scale))
        if options.showsHelp {
            print(options.help(workloads))
            return 0
        }
        if let count = options.cursorMemoryCount {
            print(try CursorMemory.run(count: count, scratch: scratch))
            return 0
        }
        if let count = options.peakMemoryCount {
            if let path = options.memoryFixture, let library = options.libraries.first {
                print(try PeakMemory.measure(library: library, path: path, count: count))
            } else {
                print(try PeakMemory.run(count: count, libraries: options.libraries, scratch: scratch))
            }
            return 0
        }
        if let writes = options.observedWrites {
            print(try ObservedWrites.run(writes: writes, scratch: scratch))
            return 0
        }
        if let lookups = options.tracingLookups {
            print(try TracingCost.run(
                lookups: lookups, iterations: options.iterations, mode: options.tracingMode, scratch: scratch))
            return 0
        }
        try runWorkloads(workloads, options: options, scratch: scratch)
        return 0
    } catch {
        print("FAILED: \(error)")
        return 1
    }
}

exit(main())
