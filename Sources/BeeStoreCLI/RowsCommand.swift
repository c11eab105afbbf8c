import ArgumentParser
import BeeStore
import Foundation

/// `beestore rows DB TABLE`: a table's rows, filtered, sorted and paged, written as they
/// are read.
struct RowsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rows",
        abstract: "Show the rows of a table or view.",
        discussion: """
            Rows are written as they are read, whatever their number. On a terminal, the \
            table format shows the first \(Terminal.pageRowCount) rows and says how to see more; \
            piped or redirected, it writes them all.
            """)

    @OptionGroup var database: DatabaseOptions

    @Argument(help: "The table or view.")
    var table: String

    @Option(name: .customLong("where"), help: "An SQL condition rows must match, with ? placeholders for --arg values.")
    var filter: String?

    @OptionGroup var arguments: ArgumentOptions

    @Option(help: "Columns to sort by, comma-separated, each optionally followed by asc or desc; a name in double quotes is taken as it is.")
    var order: String?

    @Option(parsing: .unconditional, help: "The most rows to show; -1 for all of them.")
    var limit: Int?

    @Option(parsing: .unconditional, help: "How many rows to skip first.")
    var offset: Int?

    @Option(help: "The columns to show, comma-separated; a name in double quotes is taken as it is (\"a,b\").")
    var columns: String?

    @OptionGroup var output: OutputOptions

    func validate() throws {
        guard (limit ?? 0) >= -1 else { throw ValidationError("--limit must be a number of rows, or -1 for all of them") }
        guard (offset ?? 0) >= 0 else { throw ValidationError("--offset must not be negative") }
    }

    func run() throws {
        var selection = RowSelection()
        selection.columns = try columns.map { try NameList($0, option: "--columns").items.map(\.name) } ?? []
        selection.filter = filter
        selection.arguments = try arguments.statementArguments().values
        selection.ordering = try order.map { try NameList($0, option: "--order", sortsBy: true).items.map(Self.ordering) } ?? []
        selection.limit = limit == -1 ? nil : limit
        selection.offset = offset
        var writer = output.streamingWriter(showsAll: limit != nil)
        let summary = try database.inspector().writeRows(of: table, matching: selection, to: &writer)
        let next = (offset ?? 0) + summary.rowCount
        try output.reportRowsNotShown(summary, hint: "pass --offset \(next) for the next page or --limit -1 for all, ")
    }

    /// A sort key: a column, ascending unless `desc` follows it.
    private static func ordering(_ item: NameList.Item) -> RowOrdering {
        RowOrdering(column: item.name, isDescending: item.direction == "desc")
    }
}
