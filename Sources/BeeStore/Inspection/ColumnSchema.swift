/// A column of a table or view, as `PRAGMA table_xinfo` describes it.
public struct ColumnSchema: Sendable, Hashable {
    /// The column's name.
    public let name: String

    /// The declared type (`"INTEGER"`, `"NVARCHAR(160)"`), empty when none was declared.
    public let declaredType: String

    /// Whether the column is declared `NOT NULL`.
    public let isNotNull: Bool

    /// The default value's SQL expression (`"0"`, `"'draft'"`, `"CURRENT_TIMESTAMP"`), if any.
    public let defaultSQL: String?

    /// The column's 1-based position in the primary key, or nil when it is not part of it.
    public let primaryKeyPosition: Int?

    /// Whether the column is generated (`GENERATED ALWAYS AS …`).
    public let isGenerated: Bool
}

extension ColumnSchema {
    /// The columns of `table` (already resolved to its exact name), hidden columns of
    /// virtual tables excepted.
    static func columns(of table: String, in connection: Connection) throws -> [ColumnSchema] {
        let rows = try connection.fetchAll(
            "SELECT name, type, \"notnull\", dflt_value, pk, hidden FROM pragma_table_xinfo(?) WHERE hidden <> 1 ORDER BY cid",
            [table])
        return try rows.map { row in
            let position = try row.decode(Int.self, at: 4)
            return ColumnSchema(
                name: try row.decode(String.self, at: 0), declaredType: try row.decode(String?.self, at: 1) ?? "",
                isNotNull: try row.decode(Bool.self, at: 2), defaultSQL: try row.decode(String?.self, at: 3),
                primaryKeyPosition: position > 0 ? position : nil, isGenerated: try row.decode(Int.self, at: 5) > 1)
        }
    }
}
