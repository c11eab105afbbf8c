import ArgumentParser
import BeeStore
import Foundation

/// `beestore dump DB`: the database as SQL text that the sqlite3 shell replays.
struct DumpCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "dump",
        abstract: "Write the database as SQL that the sqlite3 shell replays into an identical database.",
        discussion: """
            The same schema (tables, indexes, views, triggers, virtual tables), rows with \
            the same values, types and row ids, sqlite_sequence, sqlite_stat1 and \
            user_version, in one transaction: beestore dump app.sqlite | sqlite3 copy.sqlite. \
            Rows are written as they are read.
            """)

    @OptionGroup var database: DatabaseOptions

    func run() throws {
        try database.inspector().dump(to: FileHandle.standardOutput)
    }
}
