/// A row whose foreign key references a missing parent row, as `PRAGMA foreign_key_check` reports it.
public struct ForeignKeyViolation: Sendable, Hashable, Encodable, CustomStringConvertible {
    /// The table holding the row.
    public let table: String

    /// The row's `rowid`; nil for a `WITHOUT ROWID` table.
    public let rowID: Int64?

    /// The table the foreign key references.
    public let referencedTable: String

    /// The index of the foreign key in `PRAGMA foreign_key_list` of ``table``.
    public let foreignKeyIndex: Int

    /// Creates a violation report.
    public init(table: String, rowID: Int64?, referencedTable: String, foreignKeyIndex: Int) {
        self.table = table
        self.rowID = rowID
        self.referencedTable = referencedTable
        self.foreignKeyIndex = foreignKeyIndex
    }

    /// `node row 3 has no parent in section`.
    public var description: String {
        "\(table) row \(rowID.map(String.init) ?? "?") has no parent in \(referencedTable)"
    }
}
