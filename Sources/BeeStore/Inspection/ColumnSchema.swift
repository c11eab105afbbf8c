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
        let definitions = sql.map { SQLTokens($0).columnDefinitions } ?? [:]
        return try connection.catalog.columns(of: table).map { column in
            let parts = definitions[SQLName(column.name)]
            let generation = column.isWritable
                ? nil
                : ColumnGeneration(expression: parts?.generatedExpression ?? "", isStored: column.storage == .generatedStored)
            return ColumnSchema(
                name: column.name, declaredType: column.declaredType, isNotNull: column.isNotNull,
                defaultSQL: column.defaultSQL, primaryKeyPosition: column.primaryKeyPosition, generation: generation,
                collation: parts?.collation)
        }
    }
}
