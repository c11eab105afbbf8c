import CSQLite

/// One row change of a ``Changeset``: the table, whether the row was inserted, updated or
/// deleted, and its values before and after.
///
/// Values are in the order of the table's columns; a changeset does not hold column names
/// (read them from the schema). An update holds the primary key and the columns it changed:
/// the others are nil in both ``oldValues`` and ``newValues``.
public struct ChangesetOperation: Sendable, Equatable {
    /// What happened to the row.
    public enum Kind: Sendable, Equatable {
        /// The row was inserted: ``newValues`` holds it.
        case insert
        /// The row was updated: ``oldValues`` and ``newValues`` hold its key and changed columns.
        case update
        /// The row was deleted: ``oldValues`` holds it.
        case delete
    }

    /// The table's name.
    public let table: String
    /// What happened to the row.
    public let kind: Kind
    /// The row's values before the change, one per column (empty for an insert).
    public let oldValues: [Value?]
    /// The row's values after the change, one per column (empty for a delete).
    public let newValues: [Value?]
    /// Whether each column is part of the table's primary key.
    public let primaryKeyColumns: [Bool]

    /// Creates an operation.
    public init(table: String, kind: Kind, oldValues: [Value?], newValues: [Value?], primaryKeyColumns: [Bool]) {
        self.table = table
        self.kind = kind
        self.oldValues = oldValues
        self.newValues = newValues
        self.primaryKeyColumns = primaryKeyColumns
    }

    /// The operation an iterator of SQLite's session extension is on.
    init(current iterator: OpaquePointer) throws {
        var name: UnsafePointer<CChar>?
        var columnCount: Int32 = 0
        var code: Int32 = 0
        var indirect: Int32 = 0
        try ChangesetError.check(sqlite3changeset_op(iterator, &name, &columnCount, &code, &indirect))
        // SQLite's array of one flag per column (`columnCount` of them), valid until the
        // iterator moves: read at once, below.
        var keyFlags: UnsafeMutablePointer<UInt8>?
        try ChangesetError.check(sqlite3changeset_pk(iterator, &keyFlags, nil))
        let columns = 0..<columnCount
        let kind: Kind = code == SQLITE_INSERT ? .insert : code == SQLITE_DELETE ? .delete : .update
        self.init(
            table: name.map { String(cString: $0) } ?? "",
            kind: kind,
            oldValues: kind == .insert ? [] : try columns.map { try Self.value(iterator, $0, sqlite3changeset_old) },
            newValues: kind == .delete ? [] : try columns.map { try Self.value(iterator, $0, sqlite3changeset_new) },
            primaryKeyColumns: columns.map { (keyFlags?[Int($0)] ?? 0) != 0 })
    }

    /// One value read by `read` (`sqlite3changeset_old`, `_new` or `_conflict`); nil where
    /// the changeset holds none.
    static func value(
        _ iterator: OpaquePointer, _ column: Int32,
        _ read: (OpaquePointer?, Int32, UnsafeMutablePointer<OpaquePointer?>?) -> Int32
    ) throws -> Value? {
        var value: OpaquePointer?
        try ChangesetError.check(read(iterator, column, &value))
        return value.map(Value.init(copying:))
    }
}
