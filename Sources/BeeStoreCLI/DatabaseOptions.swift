import ArgumentParser
import BeeStore
import Foundation

/// The database file argument shared by every subcommand, and how it is opened.
struct DatabaseOptions: ParsableArguments {
    @Argument(help: "The SQLite database file.")
    var database: String

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
        switch FileKind(atPath: database) {
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
        guard FileKind(atPath: database) != .directory else {
            throw CommandFailure("not a file: \(database)")
        }
        var configuration = Configuration()
        configuration.busyTimeout = timeout
        return try Database(path: database, configuration: configuration)
    }

    /// An inspector that may write: the file is created when missing, and keeps its
    /// journal mode when it exists (a new one is in SQLite's default rollback mode).
    func openForWriting() throws -> Inspector {
        guard FileKind(atPath: database) == .missing else { return try inspector(allowingWrites: true) }
        var configuration = Configuration()
        configuration.journalMode = nil
        configuration.busyTimeout = timeout
        return Inspector(try Database(path: database, configuration: configuration))
    }

    func validate() throws {
        guard timeout >= 0 else { throw ValidationError("--timeout must not be negative") }
    }
}
