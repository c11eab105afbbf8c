import ArgumentParser
import BeeStore
import Foundation

/// `beestore rows DB TABLE`: a table's rows, filtered, sorted and paged.
struct RowsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rows", abstract: "Show the rows of a table or view.")

    @OptionGroup var database: DatabaseOptions

    @Argument(help: "The table or view.")
    var table: String

    @Option(name: .customLong("where"), help: "An SQL condition rows must match, with ? placeholders for --arg values.")
    var filter: String?

    @OptionGroup var arguments: ArgumentOptions

    @Option(help: "Columns to sort by, comma-separated, each optionally followed by asc or desc.")
    var order: String?

    @Option(help: "The most rows to show.")
    var limit: Int?

    @Option(help: "How many rows to skip first.")
    var offset: Int?

    @Option(help: "The columns to show, comma-separated.")
    var columns: String?

    @OptionGroup var output: OutputOptions

    func validate() throws {
        guard (limit ?? 0) >= 0, (offset ?? 0) >= 0 else {
            throw ValidationError("--limit and --offset must not be negative")
        }
    }

    func run() throws {
        var selection = RowSelection()
        selection.columns = Self.list(columns)
        selection.filter = filter
        selection.arguments = arguments.statementArguments.values
        selection.ordering = Self.list(order).map(RowOrdering.init(parsing:))
        selection.limit = limit
        selection.offset = offset
        output.write(try database.inspector().rows(of: table, matching: selection))
    }

    /// The trimmed, non-empty items of a comma-separated option.
    private static func list(_ text: String?) -> [String] {
        (text ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }
}
