import ArgumentParser
import BeeStore

/// `beestore analyze-tables DB [TABLE…]`: per column, its nulls, distinct values and most
/// common values.
struct AnalyzeTablesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "analyze-tables",
        abstract: "Show, per column, the number of NULLs and of distinct values, and the most common values.")

    @OptionGroup var database: DatabaseOptions

    @Argument(help: "The tables to analyse (by default, every table).")
    var tables: [String] = []

    @Option(help: "Analyse only these columns (comma-separated; with one table).")
    var columns: String?

    @Option(help: "How many of the most common values to show.")
    var common = 5

    @Option(help: "Seconds a statement may run before the analysis stops.")
    var timeLimit: Double = 30

    @OptionGroup var output: OutputOptions

    func validate() throws {
        guard common >= 0 else { throw ValidationError("--common must not be negative") }
        guard timeLimit > 0 else { throw ValidationError("--time-limit must be positive") }
        guard columns == nil || tables.count == 1 else { throw ValidationError("--columns goes with one table") }
    }

    func run() throws {
        var configuration = try database.existingFileConfiguration()
        configuration.statementTimeLimitInterval = timeLimit
        let inspector = Inspector(try Database(path: database.database, configuration: configuration))
        defer { inspector.database.close() }
        let names = try tables.isEmpty ? inspector.tables().filter { $0.kind == .table }.map(\.name) : tables
        let columnNames = try columns.map { try NameList($0, option: "--columns").items.map(\.name) } ?? []
        let bar = ProgressBar(label: "Analysing")
        defer { bar.finish() }
        let analyses = try names.flatMap { table in
            try inspector.analyzeColumns(of: table, columns: columnNames, mostCommonCount: common, progress: bar.show)
        }
        bar.finish()
        try output.write(QueryResult(analyses))
    }
}
