import ArgumentParser
import BeeStore
import Foundation

/// The directory of SQL migrations shared by the migration subcommands, and how a
/// migrator is built from it.
struct MigrationOptions: ParsableArguments {
    @Option(
        name: .customLong("dir"),
        help: "The directory of SQL migrations, files named like 0001_create_nodes.sql.")
    var directory = "Migrations"

    /// A migrator for the database `open` returns, with the directory's migrations
    /// registered. The directory is read first, so that a missing or malformed one leaves
    /// no new database file behind.
    func migrator(opening open: () throws -> Database) throws -> Migrator {
        switch FileKind(atPath: directory) {
        case .missing: throw CommandFailure("no such migrations directory: \(directory)")
        case .file: throw CommandFailure("not a directory: \(directory)")
        case .directory: break
        }
        let migrations = try Migration.load(from: URL(fileURLWithPath: directory, isDirectory: true))
        var migrator = Migrator(database: try open())
        for migration in migrations {
            try migrator.register(migration)
        }
        return migrator
    }

    /// Writes one identifier a line, then a summary: "2 migrations applied", or `none`
    /// when there are no identifiers.
    static func report(_ identifiers: [String], as verb: String, none: String) {
        let count = identifiers.count
        let summary = count == 0 ? none : "\(count) \(count == 1 ? "migration" : "migrations") \(verb)"
        Output.write((identifiers + [summary]).map { $0 + "\n" }.joined())
    }
}
