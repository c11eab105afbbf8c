import CSQLite

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Collects the tables a connection changes, through SQLite's update, commit and
/// rollback hooks: changes accumulate during a transaction, move to ``committed`` when
/// it commits, and are dropped when it rolls back. A savepoint of
/// ``Connection/transaction(_:_:)`` that rolls back drops the changes made inside it
/// (SQLite's hooks do not report savepoints).
///
/// An authorizer turns off SQLite's truncate optimisation (a `DELETE` without `WHERE`
/// that would otherwise bypass the update hook), so every deleted row is seen. Changes
/// to `WITHOUT ROWID` tables are not reported by SQLite's update hook.
final class ChangeTracker {
    private var pending: Set<String> = []
    private var committed: Set<String> = []
    /// ``pending`` as it was when each open savepoint began, innermost last.
    private var savepointStarts: [Set<String>] = []
    /// The table or view a `DROP` being compiled removes: its deletion must not be ignored.
    private var droppedTable: String?
    /// Whether the authorizer also refuses `ATTACH` and `DETACH` (see ``AttachRefusal``).
    let refusesAttach: Bool

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
            if tracker.committed.isEmpty {
                swap(&tracker.committed, &tracker.pending)
            } else {
                tracker.committed.formUnion(tracker.pending)
                tracker.pending = []
            }
            tracker.transactionEnded()
            return 0
        }, context)
        sqlite3_rollback_hook(handle, { context in
            guard let context else { return }
            let tracker = Unmanaged<ChangeTracker>.fromOpaque(context).takeUnretainedValue()
            tracker.pending = []
            tracker.transactionEnded()
        }, context)
        sqlite3_set_authorizer(handle, { context, action, table, _, _, _ in
            guard let context else { return SQLITE_OK }
            let tracker = Unmanaged<ChangeTracker>.fromOpaque(context).takeUnretainedValue()
            if tracker.refusesAttach, AttachRefusal.refuses(action) { return SQLITE_DENY }
            guard let table else { return SQLITE_OK }
            return tracker.authorize(action, String(cString: table))
        }, context)
    }

    /// The name of the table changed last, as SQLite gives it and as a string, kept from
    /// one transaction to the next: a run of rows of one table costs a string comparison
    /// each, not a set insertion, and a transaction writing the same table as the one
    /// before needs no new string.
    private var lastTable: [CChar] = [0]
    private var lastTableName = ""
    /// Whether ``lastTableName`` is in ``pending``.
    private var lastTableIsPending = false

    private func recordChange(in table: UnsafePointer<CChar>) {
        if strcmp(table, lastTable) != 0 {
            lastTableName = String(cString: table)
            lastTable = Array(lastTableName.utf8CString)
            lastTableIsPending = false
        }
        guard !lastTableIsPending else { return }
        pending.insert(lastTableName)
        lastTableIsPending = true
    }

    /// ``pending`` was emptied when its transaction ended.
    private func transactionEnded() {
        savepointStarts.removeAll()
        lastTableIsPending = false
    }

    /// SQLITE_IGNORE on a row delete keeps the deletion but disables the truncate
    /// optimisation; a dropped table's deletion and SQLite's own tables are left alone.
    private func authorize(_ action: Int32, _ table: String) -> Int32 {
        switch action {
        case SQLITE_DROP_TABLE, SQLITE_DROP_TEMP_TABLE, SQLITE_DROP_VIEW, SQLITE_DROP_TEMP_VIEW, SQLITE_DROP_VTABLE:
            droppedTable = table
            return SQLITE_OK
        case SQLITE_DELETE where table != droppedTable && !table.hasPrefix("sqlite_"):
            return SQLITE_IGNORE
        default:
            return SQLITE_OK
        }
    }

    /// Called when a savepoint begins.
    func savepointBegan() {
        savepointStarts.append(pending)
    }

    /// Called when a savepoint is released or rolled back: rolled back, the tables only
    /// it changed are forgotten. (A whole transaction's rollback already cleared them.)
    func savepointEnded(rolledBack: Bool) {
        guard let start = savepointStarts.popLast() else { return }
        if rolledBack {
            pending = start
            lastTableIsPending = pending.contains(lastTableName)
        }
    }

    /// Removes the hooks from `handle`.
    func uninstall(from handle: OpaquePointer) {
        sqlite3_update_hook(handle, nil, nil)
        sqlite3_commit_hook(handle, nil, nil)
        sqlite3_rollback_hook(handle, nil, nil)
        sqlite3_set_authorizer(handle, nil, nil)
    }

    /// The tables changed by the transactions committed since the last call; statements
    /// run outside a transaction commit on their own and count too.
    func takeCommitted() -> Set<String> {
        var taken: Set<String> = []
        swap(&taken, &committed)
        return taken
    }
}
