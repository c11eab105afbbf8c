import ArgumentParser
import BeeStore

/// `beestore tables DB`: the tables and views with their row counts.
struct TablesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tables", abstract: "List the tables and views with their row counts.")

    @OptionGroup var database: DatabaseOptions
    @OptionGroup var output: OutputOptions

    func run() throws {
        try output.write(QueryResult(try database.inspector().tables()))
    }
}
