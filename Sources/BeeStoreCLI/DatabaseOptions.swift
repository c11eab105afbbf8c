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
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: database, isDirectory: &isDirectory) else {
            throw CommandFailure("no such file: \(database)")
        }
        guard !isDirectory.boolValue else {
            throw CommandFailure("not a file: \(database)")
        }
        var configuration = Configuration()
        configuration.readOnly = !allowingWrites
        configuration.createIfMissing = false
        configuration.journalMode = nil
        configuration.busyTimeout = timeout
        return Inspector(try Database(path: database, configuration: configuration))
    }

    func validate() throws {
        guard timeout >= 0 else { throw ValidationError("--timeout must not be negative") }
    }
}
