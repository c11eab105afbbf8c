import CSQLite

/// Turns SQLite's conflict callbacks during `sqlite3changeset_apply` into calls of a Swift
/// handler, and keeps the error that stopped the apply.
final class ChangesetConflictHandler {
    private let resolve: (ChangesetConflict) throws -> ChangesetConflict.Resolution
    /// Why the apply was aborted: the handler's own error, or the conflict it aborted on.
    private(set) var failure: (any Error)?

    init(_ resolve: @escaping (ChangesetConflict) throws -> ChangesetConflict.Resolution) {
        self.resolve = resolve
    }

    /// SQLite's answer (`SQLITE_CHANGESET_OMIT`, `_REPLACE` or `_ABORT`) to the conflict
    /// `code` on the change `iterator` is on.
    func decide(_ code: Int32, _ iterator: OpaquePointer) -> Int32 {
        do {
            let conflict = try ChangesetConflict(code: code, iterator: iterator)
            switch try resolve(conflict) {
            case .omit:
                return SQLITE_CHANGESET_OMIT
            case .replace where conflict.kind == .data || conflict.kind == .conflict:
                return SQLITE_CHANGESET_REPLACE
            case .replace:
                failure = ChangesetError.replaceNotAllowed(conflict.kind, table: conflict.table)
            case .abort:
                failure = ChangesetError.conflict(conflict.kind, table: conflict.table)
            }
        } catch {
            failure = error
        }
        return SQLITE_CHANGESET_ABORT
    }
}

extension ChangesetConflict.Resolution {
    /// What this resolution, chosen for every conflict at once, means for a conflict of
    /// `kind`: ``replace`` omits a change whose row is gone and aborts on a broken
    /// constraint, which it cannot replace; every resolution aborts on broken foreign keys.
    func applied(to kind: ChangesetConflict.Kind) -> Self {
        switch (self, kind) {
        case (_, .foreignKey): .abort
        case (.replace, .notFound): .omit
        case (.replace, .constraint): .abort
        default: self
        }
    }
}
