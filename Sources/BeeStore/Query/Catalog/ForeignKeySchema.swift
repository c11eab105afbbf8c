/// A foreign key of a table, as `PRAGMA foreign_key_list` describes it.
public struct ForeignKeySchema: Sendable, Hashable, Encodable {
    /// The referencing columns, in order.
    public let columns: [String]

    /// The referenced table.
    public let referencedTable: String

    /// The referenced columns, in order; empty when the key references the other table's primary key.
    public let referencedColumns: [String]

    /// The `ON UPDATE` action (`"NO ACTION"`, `"CASCADE"`, …).
    public let onUpdate: String

    /// The `ON DELETE` action (`"NO ACTION"`, `"CASCADE"`, …).
    public let onDelete: String
}
