import CSQLite

/// Why a changeset could not be recorded, read or applied. SQLite's other failures are
/// ``DatabaseError``s, and an error thrown by a conflict handler is rethrown as it is.
public enum ChangesetError: Error, Sendable, Equatable {
    /// The bytes are not a valid changeset (truncated, or not a changeset at all).
    case malformed
    /// The table has no primary key: SQLite's session extension cannot name its rows, and
    /// would leave its changes out of the changeset.
    case noPrimaryKey(table: String)
    /// A conflict stopped the apply, as the conflict handler asked; nothing was applied.
    case conflict(ChangesetConflict.Kind, table: String?)
    /// The conflict handler answered ``ChangesetConflict/Resolution/replace`` to a conflict
    /// that has no row to replace (only ``ChangesetConflict/Kind/data`` and
    /// ``ChangesetConflict/Kind/conflict`` do); nothing was applied.
    case replaceNotAllowed(ChangesetConflict.Kind, table: String?)

    /// Throws ``malformed`` for SQLite's "corrupt" codes, a ``DatabaseError`` for its other failures.
    static func check(_ code: Int32) throws {
        guard code != SQLITE_OK else { return }
        throw error(for: code)
    }

    /// The error for a failed call into the session extension.
    static func error(for code: Int32) -> any Error {
        if code & 0xFF == SQLITE_CORRUPT { return ChangesetError.malformed }
        return DatabaseError(code: ResultCode(rawValue: code), message: String(cString: sqlite3_errstr(code)))
    }
}

extension ChangesetError: CustomStringConvertible {
    /// One sentence.
    public var description: String {
        switch self {
        case .malformed: "the changeset is malformed"
        case .noPrimaryKey(let table): "\(table) has no primary key: its changes cannot be recorded"
        case .conflict(let kind, let table): "a \(kind) conflict on \(table ?? "a table") stopped the apply"
        case .replaceNotAllowed(let kind, let table):
            "a \(kind) conflict on \(table ?? "a table") has no row to replace"
        }
    }
}
