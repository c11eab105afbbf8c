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

extension ForeignKeySchema {
    /// The foreign keys of `table` (already resolved to its exact name), in declaration order.
    static func foreignKeys(of table: String, in connection: Connection) throws -> [ForeignKeySchema] {
        let rows = try connection.fetchAll(
            "SELECT id, \"from\", \"to\", \"table\", on_update, on_delete FROM pragma_foreign_key_list(?) ORDER BY id DESC, seq",
            [table])
        var groups: [(id: Int, first: Row, rows: [Row])] = []
        for row in rows {
            let id = try row.decode(Int.self, at: 0)
            if let last = groups.last, last.id == id {
                groups[groups.count - 1].rows.append(row)
            } else {
                groups.append((id, row, [row]))
            }
        }
        return try groups.map { group in
            ForeignKeySchema(
                columns: try group.rows.map { try $0.decode(String.self, at: 1) },
                referencedTable: try group.first.decode(String.self, at: 3),
                referencedColumns: try group.rows.compactMap { try $0.decode(String?.self, at: 2) },
                onUpdate: try group.first.decode(String.self, at: 4), onDelete: try group.first.decode(String.self, at: 5))
        }
    }
}
