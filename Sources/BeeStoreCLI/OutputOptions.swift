import ArgumentParser
import BeeStore
import Foundation

extension ResultFormat: ExpressibleByArgument {}

/// How commands that print rows format them.
struct OutputOptions: ParsableArguments {
    @Option(help: "The output format: table, json, csv or markdown.")
    var format: ResultFormat = .table

    @Option(parsing: .unconditional, help: "The widest a cell may be in the table format before it is cut.")
    var maxWidth = 40

    /// Writes `result`, held in memory, in the chosen format.
    func write(_ result: QueryResult) throws {
        try Output.write(result.formatted(as: format, maximumCellWidth: maxWidth))
    }

    /// A writer of rows, as they come, to standard output. On a terminal the table format
    /// shows a first page only, unless `showsAll` (the rows asked for were limited).
    func streamingWriter(showsAll: Bool) -> ResultWriter {
        let paged = format == .table && !showsAll && Terminal.isStandardOutput
        return ResultWriter(
            format: format, output: FileHandle.standardOutput,
            options: ResultWriter.Options(maximumCellWidth: maxWidth, rowLimit: paged ? Terminal.pageRowCount : nil))
    }

    /// After a first page, says how to see the rest (`hint`, then piping the output).
    func reportRowsNotShown(_ summary: ResultSummary, hint: String) throws {
        guard summary.hasMoreRows else { return }
        try Output.write("To see more rows: \(hint)pipe the output (| less) or choose --format csv, json or markdown.\n")
    }

    func validate() throws {
        guard maxWidth >= 2 else { throw ValidationError("--max-width must be at least 2") }
    }
}
