import ArgumentParser
import BeeStore

/// The `beestore` command: inspects SQLite databases.
@main
struct BeeStoreCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "beestore",
        abstract: "Inspect SQLite databases with BeeStore.",
        version: BeeStoreVersion.current
    )

    func run() throws {
        print(Self.helpMessage())
    }
}
