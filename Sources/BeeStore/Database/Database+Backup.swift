import Foundation

/// Online backup: a copy of a live database, made with SQLite's backup API while other
/// threads keep reading and writing it.
///
/// Which connection reads the source decides what the copy holds and whom it blocks:
///
/// - A WAL file database is read by one of its reader connections, in a read transaction
///   held for the whole copy. The copy is the snapshot of the moment the backup began;
///   the writer keeps committing meanwhile (WAL readers never block it), and its commits
///   are not in the copy. The write-ahead log cannot be checkpointed past that snapshot
///   until the backup ends, so it may grow during a long copy.
/// - Any other database (in memory, or a file in a rollback journal mode, whose readers
///   would block writers) is read by its writer connection, taken for one step at a time:
///   writes run between steps, and SQLite copies the pages they change into the backup,
///   so the copy is the database as it is when the last step ends. A write by another
///   process makes SQLite start the copy again.
///
/// Either way the copy is a consistent database, never a mix of two states.
extension Database {
    /// The default number of pages copied per step: 4 MiB with SQLite's default page size.
    public static let defaultBackupPagesPerStep = 1024

    /// Copies this database into `destination`, replacing its content, and returns the
    /// final progress.
    ///
    /// The destination's writer is held during the copy, and its content changes only when
    /// the last step completes: a copy that stops (a cancellation, an error) leaves it as it
    /// was. Its commit observers are not told of the new content.
    ///
    /// - Parameters:
    ///   - destination: the database whose content the copy replaces.
    ///   - pagesPerStep: how many pages each step copies (at least 1).
    ///   - progress: called after each step that leaves pages to copy; throw from it (for
    ///     example `CancellationError()`) to cancel the copy: the error is rethrown.
    /// - Throws: ``BackupError/sameDatabase``; a ``DatabaseError`` when SQLite fails (for
    ///   example a WAL destination whose page size differs from the source's), or when
    ///   called from inside a read or write of this database on the same thread.
    @discardableResult
    public func backup(
        to destination: Database, pagesPerStep: Int = defaultBackupPagesPerStep,
        progress: (BackupProgress) throws -> Void = { _ in }
    ) throws -> BackupProgress {
        guard destination !== self, !FileIdentity.sameFile(path, destination.path) else {
            throw BackupError.sameDatabase
        }
        return try destination.writeWithoutTransaction { target in
            try copy(into: target, pagesPerStep: pagesPerStep, progress: progress)
        }
    }

    /// Copies this database into a new file at `path`, and returns the final progress.
    ///
    /// The copy is written to a temporary file beside `path`, which takes its name only
    /// once complete: a copy that stops (a cancellation, an error) leaves nothing at `path`.
    /// The file keeps the source's journal mode.
    ///
    /// ```swift
    /// try db.backup(toPath: "backup.sqlite") { progress in
    ///     print("\(progress.copiedPageCount) of \(progress.totalPageCount) pages")
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - path: the file to create.
    ///   - replacingExisting: whether a database already at `path` is replaced. It must not
    ///     be open: one with a `-wal` or `-journal` file beside it that is not empty is refused.
    ///   - pagesPerStep: how many pages each step copies (at least 1).
    ///   - progress: called after each step that leaves pages to copy; throw from it to
    ///     cancel the copy: the error is rethrown.
    /// - Throws: ``BackupError`` when `path` exists (and `replacingExisting` is false), is
    ///   in use, is this database's own file, or cannot be created; a ``DatabaseError``
    ///   when SQLite fails, or when called from inside a read or write of this database on
    ///   the same thread.
    @discardableResult
    public func backup(
        toPath path: String, replacingExisting: Bool = false, pagesPerStep: Int = defaultBackupPagesPerStep,
        progress: (BackupProgress) throws -> Void = { _ in }
    ) throws -> BackupProgress {
        let file = BackupFile(path: path, replacingExisting: replacingExisting)
        try file.checkDestination(source: self.path)
        defer { file.removeTemporaryFiles() }
        let result = try file.withTemporaryConnection { target in
            try copy(into: target, pagesPerStep: pagesPerStep, progress: progress)
        }
        try file.moveIntoPlace()
        return result
    }

    /// Copies this database into `target` through the connection chosen as the type's
    /// documentation explains.
    private func copy(
        into target: Connection, pagesPerStep: Int, progress: (BackupProgress) throws -> Void
    ) throws -> BackupProgress {
        guard ThreadContext.current.entry(for: self) == nil else {
            throw DatabaseError(
                code: .misuse, message: "cannot back up a database from inside one of its own reads or writes")
        }
        let timeout = configuration.busyTimeout
        if usesWAL, let readers {
            return try readers.withConnection { reader in
                try reader.readTransaction {
                    try reader.startSnapshot()
                    return try BackupOperation(from: reader, to: target).run(
                        pagesPerStep: pagesPerStep, busyTimeout: timeout, access: .held, progress: progress)
                }
            }
        }
        // The connection object is kept between steps; its handle is used only inside the
        // writer's lock, through the access.
        let source = try writer.withConnection { $0 }
        return try BackupOperation(from: source, to: target).run(
            pagesPerStep: pagesPerStep, busyTimeout: timeout, access: .perStep(writer), progress: progress)
    }
}
