/// What committed transactions changed in one table: the rows inserted or deleted (all
/// their columns changed), the rows updated and the columns their updates changed.
struct TableChanges: Sendable, Equatable {
    var insertedOrDeleted = RowIDs.none
    var updated = RowIDs.none
    /// The columns updates changed; nil for any column.
    var updatedColumns: Set<SQLName>? = []

    /// A change of which nothing is known: any row, any column.
    static let everything = TableChanges(insertedOrDeleted: .every, updated: .every, updatedColumns: nil)

    mutating func formUnion(_ other: TableChanges) {
        insertedOrDeleted.formUnion(other.insertedOrDeleted)
        updated.formUnion(other.updated)
        if let columns = other.updatedColumns {
            updatedColumns?.formUnion(columns)
        } else {
            updatedColumns = nil
        }
    }
}

/// The changes of the transactions a write committed, table by table, as the writer
/// connection's change tracking saw them (see ``ChangeTracker``).
struct DatabaseChanges: Sendable {
    /// The tables changed, by name.
    var tables: [SQLName: TableChanges] = [:]
    /// Whether a statement that may change the layout of tables or views (`ALTER TABLE`,
    /// `DROP`, `CREATE VIEW`) was compiled: observations work out again what they read.
    var changedSchema = false

    /// Whether nothing was changed.
    var isEmpty: Bool { tables.isEmpty && !changedSchema }
}
