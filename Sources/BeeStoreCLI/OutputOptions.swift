import ArgumentParser
import BeeStore

extension ResultFormat: ExpressibleByArgument {}

/// How commands that print rows format them.
struct OutputOptions: ParsableArguments {
    @Option(help: "The output format: table, json or csv.")
    var format: ResultFormat = .table

    @Option(help: "The widest a cell may be in the table format before it is cut.")
    var maxWidth = 40

    /// Writes `result` in the chosen format.
    func write(_ result: QueryResult) {
        Output.write(result.formatted(as: format, maximumCellWidth: maxWidth))
    }

    func validate() throws {
        guard maxWidth >= 2 else { throw ValidationError("--max-width must be at least 2") }
    }
}
