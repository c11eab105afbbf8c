import ArgumentParser
import BeeStore

/// `beestore stats DB`: file, page and journal figures, and each table's and index's size.
struct StatsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stats", abstract: "Show file, page and journal figures and the size of each table and index.")

    @OptionGroup var database: DatabaseOptions

    @OptionGroup var output: DocumentOptions

    func run() throws {
        try output.write(try database.inspector().storageStatistics())
    }
}
