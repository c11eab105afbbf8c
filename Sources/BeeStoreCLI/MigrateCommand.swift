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
            unless --accept-changed-checksums is given. With nothing to migrate, the file \
            is left exactly as it was; an existing file keeps its journal mode, a new one \
            uses WAL.
            """)

    @OptionGroup var database: DatabaseOptions
    @OptionGroup var source: MigrationOptions

    @Option(name: .customLong("to"), help: "Apply migrations up to and including this one only.")
    var target: String?

    @Flag(help: "Record the new checksums of applied migrations that changed, instead of refusing them.")
    var acceptChangedChecksums = false

    func run() throws {
        let source = try self.source.source(forDatabaseAt: database.database)
        let open = { () throws -> Database in
            // An existing file keeps its journal mode; a new one gets the library's (WAL).
            FileKind(atPath: database.database) == .file
                ? try database.openExisting(allowingWrites: true) : try database.openCreatingIfMissing()
        }
        if FileKind(atPath: database.database) == .missing, try source.migrations().isEmpty {
            return try MigrationOptions.report([], as: "applied", none: "nothing to migrate")
        }
        let migrator = try source.migrator(opening: open)
        let appliedBefore = try Self.appliedIdentifiers(of: migrator)
        let applied: [String]
        do {
            applied = try migrator.migrate(upTo: target, acceptingChangedChecksums: acceptChangedChecksums)
        } catch {
            // Those applied before the failing migration stay applied: say which.
            let appliedSince = (try? Self.appliedIdentifiers(of: migrator))?.filter { !appliedBefore.contains($0) } ?? []
            if !appliedSince.isEmpty {
                try MigrationOptions.report(appliedSince, as: "applied", none: "")
            }
            throw error
        }
        try MigrationOptions.report(applied, as: "applied", none: "nothing to migrate")
    }

    /// The identifiers of the migrations the database has applied, in the migrator's order.
    private static func appliedIdentifiers(of migrator: Migrator) throws -> [String] {
        try migrator.status().filter { $0.state != .pending }.map(\.identifier)
    }
}
