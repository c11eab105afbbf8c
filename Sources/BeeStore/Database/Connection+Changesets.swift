import CSQLite

extension Connection {
    /// Runs `body` and returns the changes it made to `tables` (every table when nil) of
    /// the main database, as a ``Changeset``.
    ///
    /// SQLite's session extension names rows by their primary key, and cannot record the
    /// changes to a table without one: naming such a table, or writing to one while
    /// recording every table, throws ``ChangesetError/noPrimaryKey(table:)`` rather than
    /// return a changeset that leaves changes out. Run the call in a transaction (as
    /// `Database.recordChanges(in:_:)` does) so that the writes roll back with it.
    public func recordChanges(in tables: [String]? = nil, _ body: (Connection) throws -> Void) throws -> Changeset {
        for table in tables ?? [] { try requirePrimaryKey(table) }
        // The session extension takes the pre-update hook over, and takes what was there
        // for a session of its own: the change tracker hands the hook over until the
        // recorder is gone, which it is when `record` returns.
        changeTracker?.pauseRowFollowing(on: handle)
        defer { changeTracker?.resumeRowFollowing(on: handle) }
        return try record(in: tables, body)
    }

    private func record(in tables: [String]?, _ body: (Connection) throws -> Void) throws -> Changeset {
        let recorder = try ChangeRecorder(on: handle, tables: tables)
        try body(self)
        if tables == nil {
            for table in recorder.writtenTables.sorted() { try requirePrimaryKey(table) }
        }
        // Recording reads the rows changed with statements of its own, which the time limit watches.
        state.timeLimit?.start()
        return try recorder.changeset()
    }

    private func requirePrimaryKey(_ table: String) throws {
        let shape = try primaryKeyShape(of: table)
        if shape.columnCount > 0 && shape.keyColumnCount == 0 { throw ChangesetError.noPrimaryKey(table: table) }
    }

    /// Applies `changeset` to this connection's main database in a transaction (a
    /// savepoint when one is open), calling `resolve` for each change that does not fit
    /// (see ``ChangesetConflict``): all or nothing.
    ///
    /// - Throws: ``ChangesetError/conflict(_:table:)`` when `resolve` answers
    ///   ``ChangesetConflict/Resolution/abort``, ``ChangesetError/replaceNotAllowed(_:table:)``
    ///   for a replace of a conflict without a row to replace, what `resolve` throws, and
    ///   ``ChangesetError/malformed``: nothing is applied then.
    public func apply(
        _ changeset: Changeset, onConflict resolve: (ChangesetConflict) throws -> ChangesetConflict.Resolution
    ) throws {
        try transaction { _ in
            try withoutActuallyEscaping(resolve) { resolve in
                let handler = ChangesetConflictHandler(resolve)
                let code = try changeset.withBytes { count, bytes in
                    state.timeLimit?.start()
                    // Unretained: the handler lives until the apply, which alone calls it, returns.
                    return sqlite3changeset_apply(handle, count, bytes, nil, { context, code, iterator in
                        guard let context, let iterator else { return SQLITE_CHANGESET_ABORT }
                        return Unmanaged<ChangesetConflictHandler>.fromOpaque(context).takeUnretainedValue()
                            .decide(code, iterator)
                    }, Unmanaged.passUnretained(handler).toOpaque())
                }
                if let failure = handler.failure { throw failure }
                guard code == SQLITE_OK else {
                    throw code & 0xFF == SQLITE_CORRUPT ? ChangesetError.malformed : state.error(code: code, sql: nil)
                }
            }
        }
    }

    /// Applies `changeset` like `apply(_:onConflict:)` with a handler, one resolution for
    /// every conflict: ``ChangesetConflict/Resolution/omit`` leaves out what does not fit,
    /// ``ChangesetConflict/Resolution/replace`` lets the changeset's rows win (a change whose
    /// row is gone is left out, a broken constraint aborts),
    /// ``ChangesetConflict/Resolution/abort`` (the default) stops at the first conflict. Broken
    /// foreign keys always abort.
    public func apply(_ changeset: Changeset, onConflict resolution: ChangesetConflict.Resolution = .abort) throws {
        try apply(changeset) { resolution.applied(to: $0.kind) }
    }
}

extension Database {
    /// Runs `body` in a write transaction and returns the changes it made to `tables`
    /// (every table when nil), as `Connection.recordChanges(in:_:)` does. When `body` or
    /// the recording throws, the writes are rolled back.
    ///
    /// ```swift
    /// let changes = try db.recordChanges(in: ["note"]) { connection in
    ///     try connection.execute("UPDATE note SET body = ? WHERE id = ?", ["Buy milk", 1])
    /// }
    /// try db.apply(changes.inverted())  // undo
    /// ```
    public func recordChanges(in tables: [String]? = nil, _ body: (Connection) throws -> Void) throws -> Changeset {
        try write { try $0.recordChanges(in: tables, body) }
    }

    /// Applies `changeset` on the writer, all or nothing, as `Connection.apply(_:onConflict:)`
    /// with a handler does.
    public func apply(
        _ changeset: Changeset, onConflict resolve: (ChangesetConflict) throws -> ChangesetConflict.Resolution
    ) throws {
        try write { try $0.apply(changeset, onConflict: resolve) }
    }

    /// Applies `changeset` on the writer, all or nothing, with one resolution for every
    /// conflict, as `Connection.apply(_:onConflict:)` with a resolution does.
    public func apply(_ changeset: Changeset, onConflict resolution: ChangesetConflict.Resolution = .abort) throws {
        try write { try $0.apply(changeset, onConflict: resolution) }
    }
}
