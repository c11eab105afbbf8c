import ArgumentParser
import BeeStore
import Foundation

/// The database file argument shared by every subcommand, and how it is opened.
struct DatabaseOptions: ParsableArguments {
    @Argument(help: "The SQLite database file, or :memory: for a new, empty database that lasts as long as the command.")
    var database: String

    /// SQLite's name for a new, empty, private database, which every command but `demo`
    /// accepts as the `sqlite3` shell does: to run SQL that needs no file, or to try an
    /// import or migrations without keeping them.
    static let inMemory = ":memory:"

    /// Whether the database is `:memory:` rather than a file.
    var isInMemory: Bool {
        database == Self.inMemory
    }

    @Option(help: "Seconds to wait for a database another process has locked.")
    var timeout: Double = 5

    /// Opens the file for inspection: read-only unless `allowingWrites`, never created,
    /// its journal mode left as it is.
    func inspector(allowingWrites: Bool = false) throws -> Inspector {
        Inspector(try openExisting(allowingWrites: allowingWrites))
    }

    /// Opens the file, which must exist: read-only unless `allowingWrites`, its journal
    /// mode left as it is.
    func openExisting(allowingWrites: Bool = false) throws -> Database {
        try Database(path: database, configuration: existingFileConfiguration(allowingWrites: allowingWrites))
    }

    /// The configuration that opens the file, which must exist: read-only unless
    /// `allowingWrites`, never created, its journal mode left as it is.
    func existingFileConfiguration(allowingWrites: Bool = false) throws -> Configuration {
        switch isInMemory ? FileKind.file : FileKind(atPath: database) {
        case .missing: throw CommandFailure("no such file: \(database)")
        case .directory: throw CommandFailure("not a file: \(database)")
        case .file: break
        }
        var configuration = Configuration()
        configuration.readOnly = !allowingWrites
        configuration.createIfMissing = false
        configuration.journalMode = nil
        configuration.busyTimeout = timeout
        return configuration
    }

    /// Opens the file read-write with the library's default configuration (WAL mode),
    /// creating it when it is missing.
    func openCreatingIfMissing() throws -> Database {
        guard isInMemory || FileKind(atPath: database) != .directory else {
            throw CommandFailure("not a file: \(database)")
        }
        var configuration = Configuration()
        configuration.busyTimeout = timeout
        return try Database(path: database, configuration: configuration)
    }

    /// An inspector that may write: the file is created when missing, and keeps its
    /// journal mode when it exists (a new one is in SQLite's default rollback mode).
    func openForWriting() throws -> Inspector {
        guard !isInMemory, FileKind(atPath: database) == .missing else { return try inspector(allowingWrites: true) }
        var configuration = Configuration()
        configuration.journalMode = nil
        configuration.busyTimeout = timeout
        return Inspector(try Database(path: database, configuration: configuration))
    }

    func validate() throws {
        guard timeout >= 0 else { throw ValidationError("--timeout must not be negative") }
    }
}
