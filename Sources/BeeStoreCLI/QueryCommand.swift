import ArgumentParser
import BeeStore

/// `beestore query DB SQL`: runs a statement, read-only unless `--write` is given, and
/// writes its rows as they are read.
struct QueryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "query",
        abstract: "Run an SQL statement and show its result (read-only unless --write).",
        discussion: """
            Without --write the file is opened read-only and the SQL must be one statement \
            that changes nothing (EXPLAIN, and a PRAGMA that only reads its setting, are \
            fine). With --write, several statements separated by ; run in order, each \
            taking the --arg values its placeholders need, and the last one's result is \
            shown. Rows are written as they are read; on a terminal, the table format shows \
            the first \(Terminal.pageRowCount) rows and says how to see more.
            """)

    @OptionGroup var database: DatabaseOptions

    @Argument(help: "The SQL statement, with ? placeholders for --arg values.")
    var sql: String

    @OptionGroup var arguments: ArgumentOptions

    @Flag(help: "Allow statements that change the database, and several statements.")
    var write = false

    @OptionGroup var output: OutputOptions

    func run() throws {
        let inspector = try database.inspector(allowingWrites: write)
        var writer = output.streamingWriter(showsAll: false)
        let summary = try inspector.execute(
            sql, arguments: try arguments.statementArguments(), allowingWrites: write, writingTo: &writer)
        try output.reportRowsNotShown(summary, hint: "add a LIMIT and OFFSET to the SQL, ")
    }
}
