/// The options of a benchmark that runs tools as processes: `--rows N`, `--iterations N`,
/// and the path of each tool it runs (`--beestore PATH`, `--sqlite3 PATH`, …).
public struct ToolOptions {
    /// The rows of the benchmark's table.
    public var rows: Int
    /// The timed runs of each tool.
    public var iterations: Int
    /// The path of each tool, by the name of its option (`beestore` for `--beestore`).
    public var paths: [String: String]

    /// The options `arguments` give, over the defaults: `rows`, `iterations`, and a
    /// path for each tool in `paths` (no other tool is an option).
    public init(_ arguments: [String], rows: Int, iterations: Int, paths: [String: String]) throws {
        (self.rows, self.iterations, self.paths) = (rows, iterations, paths)
        var arguments = arguments[...]
        while let option = arguments.popFirst() {
            guard let value = arguments.popFirst() else { throw BenchmarkFailure("\(option) needs a value") }
            let name = String(option.drop { $0 == "-" })
            switch name {
            case "rows", "iterations":
                guard let count = Int(value), count > 0 else { throw BenchmarkFailure("bad \(option) \(value)") }
                if name == "rows" { self.rows = count } else { self.iterations = count }
            case _ where paths[name] != nil:
                self.paths[name] = value
            default:
                throw BenchmarkFailure("unknown option \(option)")
            }
        }
    }

    /// The path of the tool `name`.
    public subscript(_ name: String) -> String {
        paths[name] ?? name
    }
}
