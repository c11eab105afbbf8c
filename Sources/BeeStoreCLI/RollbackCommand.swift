import ArgumentParser
import BeeStore

/// `beestore rollback DB`: reverts the most recent migrations with their down parts.
struct RollbackCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rollback",
        abstract: "Roll back the most recently applied migrations using their down parts.",
        discussion: """
            Give either --steps N (the N most recent migrations) or --to ID (every migration \
            applied after ID, which stays applied). Migrations are rolled back newest first, \
            each in its own transaction; nothing is rolled back when one of them has no down \
            part or is not in the directory.
            """)

    @OptionGroup var database: DatabaseOptions
    @OptionGroup var source: MigrationOptions

    @Option(help: "How many of the most recently applied migrations to roll back.")
    var steps: Int?

    @Option(name: .customLong("to"), help: "Roll back every migration applied after this one, which stays applied.")
    var target: String?

    func validate() throws {
        switch (steps, target) {
        case (nil, nil):
            throw ValidationError("pass --steps N or --to ID")
        case (.some, .some):
            throw ValidationError("pass either --steps or --to, not both")
        case (let steps?, nil) where steps < 1:
            throw ValidationError("--steps must be at least 1")
        default:
            break
        }
    }

    func run() throws {
        let migrator = try source.source(forDatabaseAt: database.database).migrator {
            try database.openExisting(allowingWrites: true)
        }
        let rolledBack = try target.map { try migrator.rollback(to: $0) } ?? migrator.rollback(steps: steps ?? 1)
        try MigrationOptions.report(rolledBack, as: "rolled back", none: "nothing to roll back")
    }
}
