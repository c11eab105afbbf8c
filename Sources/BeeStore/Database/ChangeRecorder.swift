import CSQLite

/// A session of SQLite's session extension on one connection: it records the changes made
/// to some tables (or all) until it is deleted, and remembers which tables were written.
final class ChangeRecorder {
    private let session: OpaquePointer
    /// The tables written while recording every table, as SQLite reports them.
    private(set) var writtenTables: Set<String> = []

    /// Starts recording the changes to `tables` of the main database, or to every table when nil.
    init(on handle: OpaquePointer, tables: [String]?) throws {
        var session: OpaquePointer?
        try ChangesetError.check(sqlite3session_create(handle, "main", &session))
        guard let session else { throw ChangesetError.error(for: SQLITE_NOMEM) }
        self.session = session
        do {
            if let tables {
                for table in tables { try ChangesetError.check(sqlite3session_attach(session, table)) }
            } else {
                // Unretained: the recorder deletes the session, and with it the filter, in deinit.
                sqlite3session_table_filter(session, { context, table in
                    guard let context, let table else { return 1 }
                    Unmanaged<ChangeRecorder>.fromOpaque(context).takeUnretainedValue()
                        .writtenTables.insert(String(cString: table))
                    return 1
                }, Unmanaged.passUnretained(self).toOpaque())
                try ChangesetError.check(sqlite3session_attach(session, nil))
            }
        } catch {
            sqlite3session_delete(session)
            throw error
        }
    }

    deinit {
        sqlite3session_delete(session)
    }

    /// The changes recorded so far.
    func changeset() throws -> Changeset {
        var count: Int32 = 0
        var buffer: UnsafeMutableRawPointer?
        let code = sqlite3session_changeset(session, &count, &buffer)
        guard code == SQLITE_OK else {
            sqlite3_free(buffer)
            throw ChangesetError.error(for: code)
        }
        return Changeset(sqliteBuffer: buffer, count: count)
    }
}
