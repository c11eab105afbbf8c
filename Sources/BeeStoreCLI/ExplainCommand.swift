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
        let plan: QueryPlan
        do {
            plan = try database.inspector().queryPlan(for: sql, arguments: try arguments.statementArguments())
        } catch let error as DatabaseError where error.resultCode == .misuse {
            // The one misuse a prepared statement reports: text after the first statement.
            throw CommandFailure("explain takes one statement, and the SQL holds several", status: CommandFailure.usageStatus)
        }
        try output.write(plan)
    }
}
