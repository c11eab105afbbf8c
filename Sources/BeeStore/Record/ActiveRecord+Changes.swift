/// Dirty tracking for value-type records: a copy kept from when the record was loaded
/// (or last saved) says what changed, and an update writes only that.
///
/// A record is a plain `Codable` value with no hidden state, so nothing is remembered
/// behind the app's back (fetches and saves stay as fast as without tracking): the app
/// keeps the copy it loaded, edits another, and compares them, as with GRDB's
/// `updateChanges(_:from:)`. The closure form, ``ActiveRecord/updateChanges(in:_:)``,
/// keeps the copy for the length of one edit.
extension ActiveRecord {
    /// The columns whose values differ from those of `old`, in the table's column order,
    /// each with both values as a save stores them (Rails' `changes`). A belongs-to
    /// property counts as its foreign key column; to-many relations are not columns.
    public func changes(from old: Self) throws -> [ColumnChange] {
        try RecordChanges(from: old, to: self).columnChanges
    }

    /// The names of the columns whose values differ from those of `old` (Rails' `changed`).
    public func changedColumns(from old: Self) throws -> [String] {
        try changes(from: old).map(\.column)
    }

    /// Whether a column's value differs from that of `old` (Rails' `changed?`).
    public func hasChanges(from old: Self) throws -> Bool {
        try !RecordChanges(from: old, to: self).changed.isEmpty
    }

    /// Updates only the columns whose values differ from those of `old`, the copy loaded
    /// (or last saved), in the row with `old`'s key; returns false, writing nothing and
    /// calling no hook, when nothing changed. Two connections or processes that change
    /// different columns of one row both keep their change.
    ///
    /// The update finds the row only while each column it changes still holds the value
    /// `old` has: when another connection changed one of them since, nothing is written
    /// and ``RecordError/staleRecord(record:id:columns:)`` names them (fetch the record
    /// again and redo the edit). ``update(in:updatingRelated:)`` writes every column
    /// whatever the row holds. A record with a lock version (see
    /// ``RecordMapping/lockVersion(_:)``) is found by its version instead: the update
    /// gives the row the next version, and finds it only while it holds `old`'s
    /// (``RecordError/versionConflict(record:id:expectedVersion:)`` otherwise); a change
    /// of the version alone is no change. No row with the key is ``RecordError/notFound(record:id:)``;
    /// `old` without a key is ``RecordError/notSaved(record:)``.
    ///
    /// The hooks run as for an update (``validate()``, ``willSave(in:)``, ``willUpdate(in:)``,
    /// then ``didUpdate(in:)`` and ``didSave(in:)``) in one transaction, and `updatedAt`
    /// is set (see ``ActiveRecord``). Only the row's own columns are written: a
    /// belongs-to relation's record must have its key (``RecordError/notSaved(record:)``
    /// otherwise); related records are not saved.
    @discardableResult
    public mutating func updateChanges(in database: (any DatabaseProvider)? = nil, from old: Self) throws -> Bool {
        let database = try Self.resolveForWriting(database)
        _ = try SchemaSynchronizer.ensure(Self.self, on: database)
        guard let (pending, key) = try RecordChanges.pending(from: old, to: self) else { return false }
        var changes = pending
        let (edited, schema) = (self, pending.schema)
        self = try database.write { connection in
            try edited.validate()
            try edited.willSave(in: database)
            try edited.willUpdate(in: database)
            let saved = try changes.write(
                edited, key: key, in: .sqlite,
                run: { statement in
                    try connection.execute(statement)
                    return connection.changes
                },
                rowExists: { try connection.rowExists($0, of: schema) })
            try saved.didUpdate(in: database)
            try saved.didSave(in: database)
            return saved
        }
        return true
    }

    /// Edits a copy of the record with `edit`, then updates the columns it changed as
    /// ``updateChanges(in:from:)`` does, and keeps the saved copy. Returns whether
    /// anything was written; when the update throws, the record stays as it was.
    ///
    /// ```swift
    /// try player.updateChanges(in: db) { $0.score += 10 }   // UPDATE player SET score = ? WHERE …
    /// ```
    @discardableResult
    public mutating func updateChanges(
        in database: (any DatabaseProvider)? = nil, _ edit: (inout Self) throws -> Void
    ) throws -> Bool {
        try updateChanges(editing: edit) { edited, old in try edited.updateChanges(in: database, from: old) }
    }

    /// Edits a copy of the record with `edit`, writes it with `update` (given the copy
    /// and the record as it was), and keeps the copy once `update` returns: the closure
    /// form of ``updateChanges(in:from:)`` on any database. Returns what `update` returns.
    package mutating func updateChanges(
        editing edit: (inout Self) throws -> Void, with update: (inout Self, Self) throws -> Bool
    ) throws -> Bool {
        var edited = self
        try edit(&edited)
        let written = try update(&edited, self)
        self = edited
        return written
    }
}
