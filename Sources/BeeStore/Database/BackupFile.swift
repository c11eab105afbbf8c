import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The destination file of a backup: a temporary file beside it receives the copy, and
/// takes the destination's name only once the copy is complete.
struct BackupFile {
    /// Where the copy goes.
    let path: String
    /// Whether an existing file at ``path`` is replaced.
    let replacingExisting: Bool
    /// The temporary file, in the destination's directory so that moving it is a rename.
    let temporaryPath: String

    init(path: String, replacingExisting: Bool) {
        self.path = path
        self.replacingExisting = replacingExisting
        let url = URL(fileURLWithPath: path)
        temporaryPath = url.deletingLastPathComponent()
            .appendingPathComponent(".\(url.lastPathComponent).backup-\(UUID().uuidString)").path
    }

    /// The files SQLite keeps beside a database file while it is open or after a crash.
    private static func sidecars(of path: String) -> [String] {
        ["-wal", "-journal"].map { path + $0 }
    }

    /// Throws the ``BackupError`` that forbids copying the database at `source` here.
    func checkDestination(source: String) throws {
        guard FileManager.default.fileExists(atPath: path) else { return }
        guard replacingExisting else { throw BackupError.destinationExists(path: path) }
        if FileIdentity.sameFile(path, source) { throw BackupError.sameDatabase }
        if Self.sidecars(of: path).contains(where: Self.holdsData(_:)) {
            throw BackupError.destinationInUse(path: path)
        }
    }

    /// Whether the file at `path` exists and is not empty (SQLite may leave an empty `-wal`
    /// or `-journal` file behind, which holds nothing to lose).
    private static func holdsData(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && status.st_size > 0
    }

    /// Runs `body` with a connection to the new, empty temporary file, closed when it returns.
    func withTemporaryConnection<T>(_ body: (Connection) throws -> T) throws -> T {
        var configuration = Configuration()
        configuration.journalMode = nil
        let connection: Connection
        do {
            connection = try Connection(
                path: temporaryPath, readOnly: false, configuration: configuration, counters: StatementCounters())
        } catch let error as DatabaseError where error.resultCode == .cantOpen {
            throw BackupError.cannotCreateDestination(path: path, reason: error.message)
        }
        return try withExtendedLifetime(connection) { try body(connection) }
    }

    /// Gives the complete copy its name: a hard link that fails when a file took the name
    /// meanwhile, or a rename over the file being replaced.
    func moveIntoPlace() throws {
        if replacingExisting {
            guard rename(temporaryPath, path) == 0 else { throw failure(errno) }
            return
        }
        guard link(temporaryPath, path) == 0 else {
            let code = errno
            throw code == EEXIST ? BackupError.destinationExists(path: path) : failure(code)
        }
    }

    private func failure(_ code: Int32) -> BackupError {
        .cannotCreateDestination(path: path, reason: String(cString: strerror(code)))
    }

    /// Removes the temporary file and what SQLite left beside it (nothing once renamed).
    func removeTemporaryFiles() {
        for file in [temporaryPath] + Self.sidecars(of: temporaryPath) {
            unlink(file)
        }
    }
}

/// Whether two paths name one file (the same device and inode).
enum FileIdentity {
    static func sameFile(_ first: String, _ second: String) -> Bool {
        var a = stat()
        var b = stat()
        guard stat(first, &a) == 0, stat(second, &b) == 0 else { return false }
        return a.st_dev == b.st_dev && a.st_ino == b.st_ino
    }
}
