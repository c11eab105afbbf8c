import ArgumentParser
import BeeStore

/// `beestore explain DB SQL`: the query plan as a tree, full table scans flagged.
struct ExplainCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "explain", abstract: "Show a statement's query plan as a tree, flagging full table scans.")

    @OptionGroup var database: DatabaseOptions

    @Argument(help: "The SQL statement to explain.")
    var sql: String

    @OptionGroup var arguments: ArgumentOptions
    @OptionGroup var output: DocumentOptions

    func run() throws {
        let plan = try database.inspector().queryPlan(for: sql, arguments: try arguments.statementArguments())
        try output.write(plan)
    }
}
