import ArgumentParser
import BeeStore
import Foundation

/// The migrations the migration subcommands (and the demo) work with: a directory of SQL
/// files, or the example migrations built into the tool.
struct MigrationOptions: ParsableArguments {
    @Option(
        name: .customLong("dir"),
        help: ArgumentHelp(
            "The directory of SQL migrations, files named like 0001_create_nodes.sql.",
            discussion: """
                By default, Migrations in the current directory, or the example app's \
                migrations built into beestore where there is no such directory.
                """))
    var directory: String?

    /// The default directory, used when it exists.
    static let defaultDirectory = "Migrations"

    /// Where the migrations come from.
    enum Source {
        case directory(String)
        case builtIn

        /// How messages name the source.
        var description: String {
            switch self {
            case .directory(let path): path
            case .builtIn: ExampleMigrations.description
            }
        }
    }

    /// The source: `--dir`, else `Migrations` when it is a directory here (unless
    /// `preferringBuiltIn`), else the migrations built into the tool.
    func source(preferringBuiltIn: Bool = false) -> Source {
        if let directory { return .directory(directory) }
        if !preferringBuiltIn, FileKind(atPath: Self.defaultDirectory) == .directory {
            return .directory(Self.defaultDirectory)
        }
        return .builtIn
    }

    /// The migrations of `source`, in order.
    func migrations(from source: Source) throws -> [Migration] {
        switch source {
        case .builtIn:
            return try Migration.load(files: ExampleMigrations.files)
        case .directory(let directory):
            switch FileKind(atPath: directory) {
            case .missing: throw CommandFailure("no such migrations directory: \(directory)")
            case .file: throw CommandFailure("not a directory: \(directory)")
            case .directory: return try Migration.load(from: URL(fileURLWithPath: directory, isDirectory: true))
            }
        }
    }

    /// A migrator for the database `open` returns, with the migrations of `source`
    /// registered. They are read first, so that a missing or malformed directory leaves no
    /// new database file behind.
    func migrator(from source: Source, opening open: () throws -> Database) throws -> Migrator {
        let migrations = try migrations(from: source)
        var migrator = Migrator(database: try open())
        for migration in migrations {
            try migrator.register(migration)
        }
        return migrator
    }

    /// Writes one identifier a line, then a summary: "2 migrations applied", or `none`
    /// when there are no identifiers.
    static func report(_ identifiers: [String], as verb: String, none: String) throws {
        let count = identifiers.count
        let summary = count == 0 ? none : "\(count) \(count == 1 ? "migration" : "migrations") \(verb)"
        try Output.write((identifiers + [summary]).map { $0 + "\n" }.joined())
    }
}
