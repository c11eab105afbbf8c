import BenchmarkSupport
import Foundation

/// The command line: see ``Options/usage``.
struct Options {
    static let usage = """
        usage: postgres-benchmarks [--url postgres://USER@HOST:PORT/DATABASE] [--iterations N] [--scale S]
                                   [--only 1,3] [--libraries nio,fluent,bee-rows] [--instructions]
          --url URL          the server (default: the BEESTORE_POSTGRES_URL variable); the program creates
                             and drops its tables (item, parent, child) there
          --iterations N     interleaved trials per library (median reported), default 5
          --scale S          multiplies every workload's size, default 1
          --only LIST        the workloads to run, by number (1 fetch, 2 insert, 3 lookups, 4 relations),
                             default all
          --libraries LIST   the libraries to run, by name (below), default all
          --instructions     also count the client process's instructions per operation with valgrind's
                             callgrind (all threads; the server is not counted): this executable runs
                             itself twice per workload and library under valgrind
          --trials N         no report: set up, run N checked trials and exit (what --instructions runs)
          -h, --help         this help

        libraries: \(Library.allCases.map { "\($0.option) (\($0.rawValue))" }.joined(separator: ", "))
        """

    var url = ProcessInfo.processInfo.environment["BEESTORE_POSTGRES_URL"]
    var iterations = 5
    var scale = 1.0
    var only: Set<String> = []
    var libraries = Library.allCases
    var showsHelp = false
    var countsInstructions = false
    /// With `--trials`: the number of trials of the one workload and library.
    var trials: Int?

    init(_ arguments: [String]) throws {
        var arguments = arguments[...]
        while let option = arguments.popFirst() {
            func value() throws -> String {
                guard let value = arguments.popFirst() else { throw BenchmarkFailure("\(option) needs a value") }
                return value
            }
            func count() throws -> Int {
                let text = try value()
                guard let count = Int(text), count > 0 else { throw BenchmarkFailure("bad \(option) \(text)") }
                return count
            }
            switch option {
            case "--help", "-h": showsHelp = true
            case "--instructions": countsInstructions = true
            case "--url": url = try value()
            case "--iterations": iterations = try count()
            case "--trials": trials = try count()
            case "--scale":
                let text = try value()
                guard let scale = Double(text), scale > 0 else { throw BenchmarkFailure("bad --scale \(text)") }
                self.scale = scale
            case "--only":
                only = Set(try value().split(separator: ",").map(String.init))
            case "--libraries":
                libraries = try value().split(separator: ",").map { name in
                    guard let library = Library(option: String(name)) else {
                        throw BenchmarkFailure("unknown library \(name): see --help")
                    }
                    return library
                }
            default:
                throw BenchmarkFailure("unknown option \(option)\n\(Self.usage)")
            }
        }
    }

    /// The options a child run under callgrind repeats: the server and the scale.
    var childArguments: [String] {
        ["--url", url ?? "", "--scale", "\(scale)"]
    }
}
