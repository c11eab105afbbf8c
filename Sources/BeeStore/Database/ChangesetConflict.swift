import CSQLite

/// A change of a changeset that does not fit the database it is applied to, handed to the
/// conflict handler of `Connection.apply(_:onConflict:)`, which decides what happens to it.
public struct ChangesetConflict: Sendable, Equatable {
    /// What does not fit.
    public enum Kind: String, Sendable, Equatable {
        /// The row to update or delete exists, but its values are not the changeset's old
        /// values (both sides changed it). ``ChangesetConflict/currentValues`` holds it.
        case data
        /// The row to update or delete does not exist.
        case notFound
        /// The row to insert exists already. ``ChangesetConflict/currentValues`` holds it.
        case conflict
        /// The change breaks a constraint (`UNIQUE`, `NOT NULL`, `CHECK`).
        case constraint
        /// Once every change is made, foreign keys are broken
        /// (``ChangesetConflict/foreignKeyViolationCount`` of them); there is no operation.
        case foreignKey
    }

    /// What the handler decides for one conflict.
    public enum Resolution: Sendable, Equatable {
        /// Leave the change out and go on.
        case omit
        /// Make the change anyway, replacing the database's row with the changeset's: for
        /// ``Kind/data`` and ``Kind/conflict`` only.
        case replace
        /// Stop: the apply is rolled back and throws ``ChangesetError/conflict(_:table:)``.
        case abort
    }

    /// What does not fit.
    public let kind: Kind
    /// The change that does not fit; nil for a ``Kind/foreignKey`` conflict, which is about
    /// the whole apply.
    public let operation: ChangesetOperation?
    /// The row in the database that the change collides with, for ``Kind/data`` and
    /// ``Kind/conflict``, one value per column.
    public let currentValues: [Value]?
    /// How many foreign keys are broken, for ``Kind/foreignKey``; otherwise 0.
    public let foreignKeyViolationCount: Int

    /// Creates a conflict.
    public init(kind: Kind, operation: ChangesetOperation?, currentValues: [Value]?, foreignKeyViolationCount: Int = 0) {
        self.kind = kind
        self.operation = operation
        self.currentValues = currentValues
        self.foreignKeyViolationCount = foreignKeyViolationCount
    }

    /// The table of the change, if there is one.
    public var table: String? {
        operation?.table
    }

    /// The conflict SQLite reports with `code` on `iterator`.
    init(code: Int32, iterator: OpaquePointer) throws {
        switch code {
        case SQLITE_CHANGESET_FOREIGN_KEY:
            var count: Int32 = 0
            try ChangesetError.check(sqlite3changeset_fk_conflicts(iterator, &count))
            self.init(kind: .foreignKey, operation: nil, currentValues: nil, foreignKeyViolationCount: Int(count))
        case SQLITE_CHANGESET_DATA, SQLITE_CHANGESET_CONFLICT:
            let operation = try ChangesetOperation(current: iterator)
            let columnCount = Int32(max(operation.oldValues.count, operation.newValues.count))
            let current = try (0..<columnCount).map {
                try ChangesetOperation.value(iterator, $0, sqlite3changeset_conflict) ?? .null
            }
            self.init(kind: code == SQLITE_CHANGESET_DATA ? .data : .conflict, operation: operation, currentValues: current)
        default:
            let kind: Kind = code == SQLITE_CHANGESET_NOTFOUND ? .notFound : .constraint
            self.init(kind: kind, operation: try ChangesetOperation(current: iterator), currentValues: nil)
        }
    }
}
