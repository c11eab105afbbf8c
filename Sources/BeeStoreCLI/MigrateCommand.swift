import ArgumentParser
import BeeStore

/// `beestore migrate DB`: applies a directory's pending migrations, creating the database
/// file when it is missing.
struct MigrateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "migrate",
        abstract: "Apply the pending migrations of a directory, creating the database file if needed.",
        discussion: """
            Each migration runs in its own transaction and is recorded in the database's \
            beestore_migrations table; a failing migration is rolled back, and those applied \
            before it stay applied. An applied migration whose file changed since is refused \
            unless --accept-changed-checksums is given. Processes migrating one file at once \
            wait for each other's transactions (up to --timeout), and each lists only the \
            migrations it applied. With nothing to migrate, the file is left exactly as it \
            was; an existing file keeps its journal mode, a new one uses WAL.
            """)

    @OptionGroup var database: DatabaseOptions
    @OptionGroup var source: MigrationOptions

    @Option(name: .customLong("to"), help: "Apply migrations up to and including this one only.")
    var target: String?

    @Flag(help: "Record the new checksums of applied migrations that changed, instead of refusing them.")
    var acceptChangedChecksums = false

    func run() throws {
        let source = try self.source.source(forDatabaseAt: database.database)
        let isMissing = !database.isInMemory && FileKind(atPath: database.database) == .missing
        let open = { () throws -> Database in
            // An existing file keeps its journal mode; a new one gets the library's (WAL).
            FileKind(atPath: database.database) == .file
                ? try database.openExisting(allowingWrites: true) : try database.openCreatingIfMissing()
        }
        if isMissing, try source.migrations().isEmpty {
            return try MigrationOptions.report([], as: "applied", none: "nothing to migrate")
        }
        let migrator = try source.migrator(opening: open)
        // What this process applies: other processes may be migrating the file too.
        var applied: [String] = []
        do {
            try migrator.migrate(upTo: target, acceptingChangedChecksums: acceptChangedChecksums) { applied.append($0) }
        } catch {
            // Those applied before the failing migration stay applied: say which.
            if !applied.isEmpty {
                try MigrationOptions.report(applied, as: "applied", none: "")
            }
            throw error
        }
        try MigrationOptions.report(applied, as: "applied", none: "nothing to migrate")
    }
}
