import CSQLite

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Collects what a connection changes, through SQLite's update, pre-update, commit and
/// rollback hooks: changes accumulate during a transaction, move to the committed ones
/// when it commits, and are dropped when it rolls back. A savepoint of
/// ``Connection/transaction(_:_:)`` that rolls back drops the changes made inside it
/// (SQLite's hooks do not report savepoints).
///
/// The update hook names the tables changed. While rows are followed (while someone
/// observes the database, see ``followRows(_:on:)``), the pre-update hook also gives each
/// row's id and, for an update, the columns whose values changed; a row the pre-update
/// hook reported without the update hook following it (a `WITHOUT ROWID` table, a row
/// deleted by `REPLACE`) counts as a change of every row of its table, and so does a row
/// the update hook reported without the pre-update hook (a changeset recorder, which
/// takes the pre-update hook over while it records).
///
/// An authorizer turns off SQLite's truncate optimisation (a `DELETE` without `WHERE`
/// that would otherwise bypass the hooks), so every deleted row is seen, and notes the
/// statements that change a table's layout.
final class ChangeTracker {
    // The state a write touches, in the hooks and between its statements, is read and
    // written only by the thread holding the connection, and no access overlaps another
    // (none spans a call into SQLite): the runtime's exclusivity checks, five a write
    // transaction of about 88 instructions each (callgrind: about 440 of a one-row write
    // transaction), are left out.
    @exclusivity(unchecked) private var pending = PendingChanges()
    @exclusivity(unchecked) private var committed = PendingChanges()  // the connection's thread only, as above
    /// ``pending`` as it was when each open savepoint began, innermost last.
    @exclusivity(unchecked) private var savepointStarts: [PendingChanges] = []
    /// The table or view a `DROP` being compiled removes: its deletion must not be ignored.
    private var droppedTable: String?
    /// Whether the authorizer also refuses `ATTACH` and `DETACH` (see ``AttachRefusal``).
    let refusesAttach: Bool
    /// Whether the pre-update hook follows rows and columns.
    @exclusivity(unchecked) private var followsRows = false
    /// The table of the row the pre-update hook reported last, until the update hook
    /// reports it too.
    @exclusivity(unchecked) private var awaitedTable: String?
    /// The names of each table's columns, in order, as of ``columnNamesVersion``.
    private var columnNames: [String: [String]] = [:]
    private var columnNamesVersion: Int?

    init(refusesAttach: Bool) {
        self.refusesAttach = refusesAttach
    }

    /// Installs the hooks on `handle`; the tracker must outlive the connection's use of them.
    func install(on handle: OpaquePointer) {
        let context = Unmanaged.passUnretained(self).toOpaque()
        sqlite3_update_hook(handle, { context, _, _, table, _ in
            guard let context, let table else { return }
            // Called for every row written: the tracker outlives the hooks (see above), so
            // it is used without the retain and release that `takeUnretainedValue()` costs.
            Unmanaged<ChangeTracker>.fromOpaque(context)._withUnsafeGuaranteedRef { $0.recordChange(in: table) }
        }, context)
        sqlite3_commit_hook(handle, { context in
            guard let context else { return 0 }
            let tracker = Unmanaged<ChangeTracker>.fromOpaque(context).takeUnretainedValue()
            tracker.closeAwaitedRow()
            if tracker.committed.isEmpty {
                swap(&tracker.committed, &tracker.pending)
                tracker.pending.removeAll()
            } else {
                tracker.committed.formUnion(tracker.pending)
                tracker.pending.removeAll()
            }
            tracker.transactionEnded()
            return 0
        }, context)
        sqlite3_rollback_hook(handle, { context in
            guard let context else { return }
            let tracker = Unmanaged<ChangeTracker>.fromOpaque(context).takeUnretainedValue()
            tracker.pending.removeAll()
            tracker.transactionEnded()
        }, context)
        installAuthorizer(on: handle)
    }

    /// Installs the tracker's authorizer on `handle` (again, after another took its place).
    func installAuthorizer(on handle: OpaquePointer) {
        sqlite3_set_authorizer(handle, { context, action, table, _, _, _ in
            guard let context else { return SQLITE_OK }
            let tracker = Unmanaged<ChangeTracker>.fromOpaque(context).takeUnretainedValue()
            if tracker.refusesAttach, AttachRefusal.refuses(action) { return SQLITE_DENY }
            guard let table else { return SQLITE_OK }
            return tracker.authorize(action, String(cString: table))
        }, Unmanaged.passUnretained(self).toOpaque())
    }

    /// Starts or stops following rows and columns, before a write on `handle`. Changes
    /// made so far in an open transaction count as changes of whole tables.
    func followRows(_ follows: Bool, on handle: OpaquePointer) {
        if follows, pauses == 0 {
            installPreUpdateHook(on: handle)
        } else if followsRows, pauses == 0 {
            sqlite3_preupdate_hook(handle, nil, nil)
        }
        if follows != followsRows {
            pending.stopFollowingRows()
            followsRows = follows
        }
    }

    /// How many changeset recorders hold the pre-update hook.
    @exclusivity(unchecked) private var pauses = 0

    /// Removes the pre-update hook while a changeset recorder needs it: rows the update
    /// hook reports meanwhile count as changes of every row of their table.
    func pauseRowFollowing(on handle: OpaquePointer) {
        pauses += 1
        if pauses == 1, followsRows {
            closeAwaitedRow()
            sqlite3_preupdate_hook(handle, nil, nil)
        }
    }

    /// Installs the pre-update hook again once the last recorder is gone.
    func resumeRowFollowing(on handle: OpaquePointer) {
        pauses -= 1
        if pauses == 0, followsRows { installPreUpdateHook(on: handle) }
    }

    private func installPreUpdateHook(on handle: OpaquePointer) {
        let context = Unmanaged.passUnretained(self).toOpaque()
        sqlite3_preupdate_hook(handle, { context, handle, operation, _, table, oldKey, newKey in
            guard let context, let handle, let table else { return }
            // Called for every row written while rows are followed; unretained as above.
            Unmanaged<ChangeTracker>.fromOpaque(context)._withUnsafeGuaranteedRef {
                $0.recordRow(handle, operation, table, oldKey, newKey)
            }
        }, context)
    }

    /// The name of the table changed last, as SQLite gives it and as a string, kept from
    /// one transaction to the next: a run of rows of one table costs a string comparison
    /// each, not a set insertion, and a transaction writing the same table as the one
    /// before needs no new string.
    @exclusivity(unchecked) private var lastTable: [CChar] = [0]  // the connection's thread only, as above
    @exclusivity(unchecked) private var lastTableName = ""  // the connection's thread only, as above
    /// Whether ``lastTableName`` is in ``pending``.
    @exclusivity(unchecked) private var lastTableIsPending = false

    private func recordChange(in table: UnsafePointer<CChar>) {
        let name = tableName(table)
        if followsRows {
            if awaitedTable == nil { pending.unfollowed.insert(name) }
            awaitedTable = nil
        }
        guard !lastTableIsPending else { return }
        pending.tables.append(lastTableName)
        lastTableIsPending = true
    }

    /// ``lastTableName``, made `table` first when it is another.
    private func tableName(_ table: UnsafePointer<CChar>) -> String {
        if strcmp(table, lastTable) != 0 {
            lastTableName = String(cString: table)
            lastTable = Array(lastTableName.utf8CString)
            lastTableIsPending = pending.tables.contains(lastTableName)
        }
        return lastTableName
    }

    /// Notes the row `operation` changes: its id and, for an update, the columns whose
    /// values differ.
    private func recordRow(
        _ handle: OpaquePointer, _ operation: Int32, _ table: UnsafePointer<CChar>, _ oldKey: Int64, _ newKey: Int64
    ) {
        closeAwaitedRow()
        let name = tableName(table)
        awaitedTable = name
        switch operation {
        case SQLITE_INSERT:
            pending.rows[name, default: RowChanges()].insertedOrDeleted.insert(newKey)
        case SQLITE_DELETE:
            pending.rows[name, default: RowChanges()].insertedOrDeleted.insert(oldKey)
        default:
            recordUpdate(handle, of: name, oldKey, newKey)
        }
    }

    private func recordUpdate(_ handle: OpaquePointer, of table: String, _ oldKey: Int64, _ newKey: Int64) {
        var changes = pending.rows.removeValue(forKey: table) ?? RowChanges()
        defer { pending.rows[table] = changes }
        changes.updated.insert(oldKey)
        if newKey != oldKey {
            changes.updated.insert(newKey)
            changes.updatedEveryColumn = true
        }
        guard !changes.updatedEveryColumn else { return }
        for index in 0..<sqlite3_preupdate_count(handle) {
            var old: OpaquePointer?
            var new: OpaquePointer?
            guard sqlite3_preupdate_old(handle, index, &old) == SQLITE_OK,
                sqlite3_preupdate_new(handle, index, &new) == SQLITE_OK, let old, let new
            else {
                changes.updatedEveryColumn = true
                return
            }
            if !Self.same(old, new) { changes.updatedColumns.insert(Int(index)) }
        }
    }

    /// Whether two values are stored alike: of one type, and equal in value or bytes.
    private static func same(_ left: OpaquePointer, _ right: OpaquePointer) -> Bool {
        let type = sqlite3_value_type(left)
        guard type == sqlite3_value_type(right) else { return false }
        switch type {
        case SQLITE_NULL:
            return true
        case SQLITE_INTEGER:
            return sqlite3_value_int64(left) == sqlite3_value_int64(right)
        case SQLITE_FLOAT:
            return sqlite3_value_double(left).bitPattern == sqlite3_value_double(right).bitPattern
        default:
            let count = sqlite3_value_bytes(left)
            guard count == sqlite3_value_bytes(right) else { return false }
            guard count > 0 else { return true }
            guard let leftBytes = sqlite3_value_blob(left), let rightBytes = sqlite3_value_blob(right) else { return false }
            return memcmp(leftBytes, rightBytes, Int(count)) == 0
        }
    }

    /// A row the pre-update hook reported that the update hook did not follow: its table
    /// has no row id or the row was removed without the update hook, so its changes
    /// count as changes of every row.
    private func closeAwaitedRow() {
        guard let table = awaitedTable else { return }
        awaitedTable = nil
        pending.unfollowed.insert(table)
        pending.rows[table, default: RowChanges()].insertedOrDeleted = .every
    }

    /// ``pending`` was emptied when its transaction ended.
    private func transactionEnded() {
        savepointStarts.removeAll()
        lastTableIsPending = false
        awaitedTable = nil
    }

    /// SQLITE_IGNORE on a row delete keeps the deletion but disables the truncate
    /// optimisation; a dropped table's deletion and SQLite's own tables are left alone.
    /// A statement that may change a table's or view's layout is noted.
    private func authorize(_ action: Int32, _ table: String) -> Int32 {
        switch action {
        case SQLITE_DROP_TABLE, SQLITE_DROP_TEMP_TABLE, SQLITE_DROP_VIEW, SQLITE_DROP_TEMP_VIEW, SQLITE_DROP_VTABLE:
            droppedTable = table
            pending.changedSchema = true
            return SQLITE_OK
        case SQLITE_ALTER_TABLE, SQLITE_CREATE_VIEW, SQLITE_CREATE_TEMP_VIEW:
            pending.changedSchema = true
            return SQLITE_OK
        case SQLITE_DELETE where table != droppedTable && !table.hasPrefix("sqlite_"):
            return SQLITE_IGNORE
        default:
            return SQLITE_OK
        }
    }

    /// Called when a savepoint begins.
    func savepointBegan() {
        closeAwaitedRow()
        savepointStarts.append(pending)
    }

    /// Called when a savepoint is released or rolled back: rolled back, the changes
    /// only it made are forgotten. (A whole transaction's rollback already cleared them.)
    func savepointEnded(rolledBack: Bool) {
        closeAwaitedRow()
        guard let start = savepointStarts.popLast() else { return }
        if rolledBack {
            pending = start
            lastTableIsPending = pending.tables.contains(lastTableName)
        }
    }

    /// Removes the hooks from `handle`.
    func uninstall(from handle: OpaquePointer) {
        sqlite3_update_hook(handle, nil, nil)
        sqlite3_preupdate_hook(handle, nil, nil)
        sqlite3_commit_hook(handle, nil, nil)
        sqlite3_rollback_hook(handle, nil, nil)
        sqlite3_set_authorizer(handle, nil, nil)
    }

    /// Whether a transaction committed changes since they were last taken or dropped.
    var hasCommitted: Bool { !committed.isEmpty }

    /// Forgets the committed changes, when no one observes them.
    func dropCommitted() {
        committed.removeAll()
    }

    /// The changes of the transactions committed since the last call, by table and column
    /// name; statements run outside a transaction commit on their own and count too. The
    /// names of the columns changed are read with `columnNames` (a table's columns in
    /// order, nil when they cannot be read), once per table and schema version
    /// `schemaVersion`.
    func takeCommitted(schemaVersion: () -> Int?, columnNames read: (String) -> [String]?) -> DatabaseChanges {
        var taken = PendingChanges()
        swap(&taken, &committed)
        guard !taken.isEmpty else { return DatabaseChanges() }
        if taken.rows.values.contains(where: { !$0.updatedColumns.isEmpty }) {
            let version = schemaVersion()
            if version == nil || version != columnNamesVersion {
                columnNames = [:]
                columnNamesVersion = version
            }
        }
        return taken.described { table in
            if let names = columnNames[table] { return names }
            let names = read(table)
            if let names, columnNamesVersion != nil { columnNames[table] = names }
            return names
        }
    }
}
