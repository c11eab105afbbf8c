import ArgumentParser
import BeeStore

/// `beestore migrations DB`: where each migration of a directory stands in a database.
struct MigrationsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "migrations",
        abstract: "List the migrations of a directory and whether the database applied them.",
        discussion: """
            Each migration is applied, pending, changed (applied, but its file changed since) \
            or unknown (applied, but not in the directory). The database file must exist; \
            it is opened read-only.
            """)

    @OptionGroup var database: DatabaseOptions
    @OptionGroup var source: MigrationOptions
    @OptionGroup var output: OutputOptions

    func run() throws {
        let migrator = try source.source(forDatabaseAt: database.database).migrator { try database.openExisting() }
        try output.write(QueryResult(try migrator.status()))
    }
}

extension QueryResult {
    /// A result listing migrations: their identifier, state and the time they were
    /// applied (UTC, `NULL` when pending).
    init(_ statuses: [MigrationStatus]) {
        self.init(
            columnNames: ["migration", "state", "applied at"],
            rows: statuses.map { status in
                [.text(status.identifier), .text(status.state.rawValue), status.appliedAt?.databaseValue ?? .null]
            })
    }
}
