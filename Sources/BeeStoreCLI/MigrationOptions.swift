import ArgumentParser
import BeeStore
import Foundation

/// The migrations the migration subcommands work with: a directory of SQL files, or, for
/// the demo's database or when asked, the example migrations built into the tool.
struct MigrationOptions: ParsableArguments {
    @Option(
        name: .customLong("dir"),
        help: ArgumentHelp(
            "The directory of SQL migrations, files named like 0001_create_nodes.sql.",
            discussion: """
                By default, Migrations in the current directory. A database that beestore \
                demo built uses the example migrations built into beestore.
                """))
    var directory: String?

    @Flag(help: "Use the example app's migrations built into beestore, those of beestore demo.")
    var demo = false

    /// The default directory, used when it exists.
    static let defaultDirectory = "Migrations"

    func validate() throws {
        if directory != nil && demo { throw ValidationError("pass either --dir or --demo, not both") }
    }

    /// Where the migrations of the database at `path` come from: `--dir`, the built-in
    /// ones with `--demo` or for a database the demo built, else `Migrations` when it is a
    /// directory here. Anything else is a usage error: the example migrations are never
    /// applied to a database by default.
    func source(forDatabaseAt path: String) throws -> MigrationSource {
        if let directory { return .directory(directory) }
        if demo || DemoCommand.isDemoDatabase(atPath: path) { return .builtIn }
        if FileKind(atPath: Self.defaultDirectory) == .directory { return .directory(Self.defaultDirectory) }
        throw CommandFailure(
            "no migrations for \(path): pass --dir DIR (or --demo for the example migrations built into beestore)",
            status: CommandFailure.usageStatus)
    }

    /// Writes one identifier a line, then a summary: "2 migrations applied", or `none`
    /// when there are no identifiers.
    static func report(_ identifiers: [String], as verb: String, none: String) throws {
        let count = identifiers.count
        let summary = count == 0 ? none : "\(count) \(count == 1 ? "migration" : "migrations") \(verb)"
        try Output.write((identifiers + [summary]).map { $0 + "\n" }.joined())
    }
}

/// Where migrations come from: a directory of SQL files, or the example migrations built
/// into the tool.
enum MigrationSource {
    case directory(String)
    case builtIn

    /// How messages name the source.
    var description: String {
        switch self {
        case .directory(let path): path
        case .builtIn: ExampleMigrations.description
        }
    }

    /// The migrations, in order.
    func migrations() throws -> [Migration] {
        switch self {
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

    /// A migrator for the database `open` returns, with the migrations registered. They
    /// are read first, so that a missing or malformed directory leaves no new database
    /// file behind.
    func migrator(opening open: () throws -> Database) throws -> Migrator {
        let migrations = try migrations()
        var migrator = Migrator(database: try open())
        for migration in migrations {
            try migrator.register(migration)
        }
        return migrator
    }
}
