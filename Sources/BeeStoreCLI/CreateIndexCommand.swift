import ArgumentParser
import BeeStore

/// `beestore create-index DB TABLE COLUMNS`: an index on one or more columns.
struct CreateIndexCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "create-index", abstract: "Create an index of a table on one or more columns.")

    @OptionGroup var database: DatabaseOptions

    @Argument(help: "The table to index.")
    var table: String

    @Argument(help: "The columns to index, in key order: comma-separated or as separate arguments.")
    var columns: [String]

    @Option(help: "The index's name (by default, <table>_on_<columns>).")
    var name: String?

    @Flag(help: "Refuse rows with the same values in the indexed columns.")
    var unique = false

    @Flag(help: "Leave an index of the same name as it is rather than failing.")
    var ifNotExists = false

    func run() throws {
        let names = try columns.flatMap { try NameList($0, option: "columns").items.map(\.name) }
        let inspector = try database.inspector(allowingWrites: true)
        defer { inspector.database.close() }
        let index = try inspector.createIndex(on: table, columns: names, unique: unique, named: name, ifNotExists: ifNotExists)
        try Output.write("Created the index \(index).\n")
    }
}
