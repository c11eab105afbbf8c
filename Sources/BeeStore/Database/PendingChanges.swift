/// One table's changes as the pre-update hook reports them, columns by their index in
/// the table (see ``ChangeTracker``).
struct RowChanges {
    var insertedOrDeleted = RowIDs.none
    var updated = RowIDs.none
    /// The indexes of the columns updates changed.
    var updatedColumns: Set<Int> = []
    /// Whether an update changed a column that has no index of its own (the row id).
    var updatedEveryColumn = false

    mutating func formUnion(_ other: RowChanges) {
        insertedOrDeleted.formUnion(other.insertedOrDeleted)
        updated.formUnion(other.updated)
        updatedColumns.formUnion(other.updatedColumns)
        updatedEveryColumn = updatedEveryColumn || other.updatedEveryColumn
    }
}

/// The changes of a transaction not yet reported: the tables the update hook saw, the
/// rows and columns the pre-update hook saw when rows are followed, and the tables whose
/// rows were not all seen.
struct PendingChanges {
    /// The tables the update hook reported (every table with a row id), each once, in
    /// the order first reported. An array: a transaction changes a few tables, and a set
    /// cost a hash and an allocation at every transaction (about 1,000 instructions of a
    /// one-row write transaction).
    var tables: [String] = []
    /// The rows and columns changed, by table, while rows are followed.
    var rows: [String: RowChanges] = [:]
    /// Tables some of whose changes were not followed row by row.
    var unfollowed: Set<String> = []
    /// Whether a statement that may change a table's layout was compiled.
    var changedSchema = false

    var isEmpty: Bool { tables.isEmpty && rows.isEmpty && !changedSchema }

    /// Forgets every change, keeping the storage for the next transaction's.
    mutating func removeAll() {
        if !tables.isEmpty { tables.removeAll(keepingCapacity: true) }
        if !rows.isEmpty { rows.removeAll(keepingCapacity: true) }
        if !unfollowed.isEmpty { unfollowed.removeAll(keepingCapacity: true) }
        changedSchema = false
    }

    mutating func formUnion(_ other: PendingChanges) {
        for table in other.tables where !tables.contains(table) { tables.append(table) }
        rows.merge(other.rows) { mine, theirs in
            var merged = mine
            merged.formUnion(theirs)
            return merged
        }
        unfollowed.formUnion(other.unfollowed)
        changedSchema = changedSchema || other.changedSchema
    }

    /// Every table changed so far stops being followed row by row.
    mutating func stopFollowingRows() {
        unfollowed.formUnion(tables)
        unfollowed.formUnion(rows.keys)
    }

    /// The changes by table and column name: `columnNames` gives the names of a table's
    /// columns in order, or nil when they cannot be read.
    func described(columnNames: (String) -> [String]?) -> DatabaseChanges {
        var changes = DatabaseChanges()
        changes.changedSchema = changedSchema
        for table in tables where rows[table] == nil {
            changes.tables[SQLName(table)] = .everything
        }
        for (table, row) in rows {
            guard !changedSchema, !unfollowed.contains(table) else {
                changes.tables[SQLName(table)] = .everything
                continue
            }
            var change = TableChanges(insertedOrDeleted: row.insertedOrDeleted, updated: row.updated)
            if row.updatedEveryColumn {
                change.updatedColumns = nil
            } else if !row.updatedColumns.isEmpty {
                if let names = columnNames(table), row.updatedColumns.allSatisfy({ $0 < names.count }) {
                    change.updatedColumns = Set(row.updatedColumns.map { SQLName(names[$0]) })
                } else {
                    change.updatedColumns = nil
                }
            }
            changes.tables[SQLName(table), default: TableChanges()].formUnion(change)
        }
        return changes
    }
}
