/// A column of a table or view, as `PRAGMA table_xinfo` and the table's `CREATE`
/// statement describe it.
public struct ColumnSchema: Sendable, Hashable, Encodable {
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

    /// How the column is computed, when it is generated (`GENERATED ALWAYS AS …`).
    public let generation: ColumnGeneration?

    /// The collation named by the column's `COLLATE` clause (`"NOCASE"`), if any.
    public let collation: String?

    /// Whether the column is generated (`GENERATED ALWAYS AS …`).
    public var isGenerated: Bool {
        generation != nil
    }
}

/// How a generated column is computed.
public struct ColumnGeneration: Sendable, Hashable, Encodable {
    /// The expression, as written between the parentheses of `AS (…)`.
    public let expression: String

    /// Whether the value is stored in the table (`STORED`) rather than computed when it
    /// is read (`VIRTUAL`, the default).
    public let isStored: Bool
}

extension ColumnSchema {
    /// The columns of `table` (already resolved to its exact name), hidden columns of
    /// virtual tables excepted; generated expressions and collations are read from the
    /// table's `CREATE` statement `sql`.
    static func columns(of table: String, sql: String? = nil, in connection: Connection) throws -> [ColumnSchema] {
        let rows = try connection.fetchAll(
            "SELECT name, type, \"notnull\", dflt_value, pk, hidden FROM pragma_table_xinfo(?) WHERE hidden <> 1 ORDER BY cid",
            [table])
        let definitions = sql.map { SQLTokens($0).columnDefinitions } ?? [:]
        return try rows.map { row in
            let name = try row.decode(String.self, at: 0)
            let position = try row.decode(Int.self, at: 4)
            let hidden = try row.decode(Int.self, at: 5)
            let parts = definitions[SQLName(name)]
            return ColumnSchema(
                name: name, declaredType: try row.decode(String?.self, at: 1) ?? "",
                isNotNull: try row.decode(Bool.self, at: 2), defaultSQL: try row.decode(String?.self, at: 3),
                primaryKeyPosition: position > 0 ? position : nil,
                generation: hidden > 1
                    ? ColumnGeneration(expression: parts?.generatedExpression ?? "", isStored: hidden == 3) : nil,
                collation: parts?.collation)
        }
    }
}
