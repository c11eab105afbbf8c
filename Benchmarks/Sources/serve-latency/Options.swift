import BenchmarkSupport

/// `serve-latency [--rows N] [--iterations N] [--warm-up N] [--clients N] [--seconds S]
/// [--beestore PATH] [--datasette PATH] [--chinook PATH]`
struct Options {
    var rows = 2_000_000
    var iterations = 20
    var warmUp = 3
    var clients = 16
    var seconds = 5
    var beestore = "../.build/release/beestore"
    var datasette = "datasette"
    var chinook = "../Tests/BeeStoreTests/Fixtures/chinook.sqlite"

    init(_ arguments: [String]) throws {
        var arguments = arguments[...]
        while let option = arguments.popFirst() {
            guard let value = arguments.popFirst() else { throw BenchmarkFailure("\(option) needs a value") }
            switch option {
            case "--rows": rows = try Self.count(value, option, minimum: 1)
            case "--iterations": iterations = try Self.count(value, option, minimum: 1)
            case "--warm-up": warmUp = try Self.count(value, option, minimum: 0)
            case "--clients": clients = try Self.count(value, option, minimum: 1)
            case "--seconds": seconds = try Self.count(value, option, minimum: 1)
            case "--beestore": beestore = value
            case "--datasette": datasette = value
            case "--chinook": chinook = value
            default: throw BenchmarkFailure("unknown option \(option)")
            }
        }
    }

    private static func count(_ value: String, _ option: String, minimum: Int) throws -> Int {
        guard let count = Int(value), count >= minimum else { throw BenchmarkFailure("bad \(option) \(value)") }
        return count
    }
}
