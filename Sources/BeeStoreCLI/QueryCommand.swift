import ArgumentParser
import BeeStore

/// `beestore query DB SQL`: runs one statement, read-only unless `--write` is given.
struct QueryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "query", abstract: "Run an SQL statement and show its result (read-only unless --write).")

    @OptionGroup var database: DatabaseOptions

    @Argument(help: "The SQL statement, with ? placeholders for --arg values.")
    var sql: String

    @OptionGroup var arguments: ArgumentOptions

    @Flag(help: "Allow a statement that changes the database.")
    var write = false

    @OptionGroup var output: OutputOptions

    func run() throws {
        let inspector = try database.inspector(allowingWrites: write)
        output.write(try inspector.execute(sql, arguments: arguments.statementArguments, allowingWrites: write))
    }
}
