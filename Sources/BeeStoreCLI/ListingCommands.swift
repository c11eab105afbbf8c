import ArgumentParser
import BeeStore

/// `beestore indexes DB`: every index of every table.
struct IndexesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "indexes", abstract: "List every index of every table, with its columns.")

    @OptionGroup var database: DatabaseOptions
    @OptionGroup var output: OutputOptions

    func run() throws {
        try output.write(QueryResult(try database.inspector().indexes()))
    }
}

/// `beestore triggers DB`: every trigger.
struct TriggersCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "triggers", abstract: "List every trigger, with its table and SQL.")

    @OptionGroup var database: DatabaseOptions
    @OptionGroup var output: OutputOptions

    func run() throws {
        try output.write(QueryResult(try database.inspector().triggers()))
    }
}

/// `beestore views DB`: every view.
struct ViewsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "views", abstract: "List every view, with its SQL.")

    @OptionGroup var database: DatabaseOptions
    @OptionGroup var output: OutputOptions

    func run() throws {
        try output.write(QueryResult(try database.inspector().views()))
    }
}
