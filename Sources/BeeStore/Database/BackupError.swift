/// Why an online backup was refused or could not be put in place. SQLite's own failures
/// (a full disk, a source locked past the busy timeout) are ``DatabaseError``s, and an
/// error thrown by the progress handler to cancel the copy is rethrown as it is.
public enum BackupError: Error, Sendable, Equatable {
    /// A file exists at the destination path and the backup was not asked to replace it.
    case destinationExists(path: String)
    /// The destination file has a `-wal` or `-journal` file beside it that is not empty: a
    /// connection has it open, or changes were left there for SQLite to recover. Replacing the database under
    /// them would corrupt it.
    case destinationInUse(path: String)
    /// The source and the destination are the same database.
    case sameDatabase
    /// The copy could not be moved to the destination path (a missing directory, no
    /// permission); `reason` is the system's explanation.
    case cannotCreateDestination(path: String, reason: String)
}

extension BackupError: CustomStringConvertible {
    /// One sentence.
    public var description: String {
        switch self {
        case .destinationExists(let path): "the destination exists: \(path)"
        case .destinationInUse(let path): "the destination is in use (it has a -wal or -journal file): \(path)"
        case .sameDatabase: "the source and the destination are the same database"
        case .cannotCreateDestination(let path, let reason): "cannot create \(path): \(reason)"
        }
    }
}
