/// An index of a table, as `PRAGMA index_list`, `PRAGMA index_xinfo` and its `CREATE
/// INDEX` statement describe it.
public struct IndexSchema: Sendable, Hashable, Encodable {
    /// Why an index exists.
    public enum Origin: String, Sendable, Hashable, Encodable {
        /// A `CREATE INDEX` statement.
        case createIndex = "c"
        /// A `UNIQUE` constraint.
        case uniqueConstraint = "u"
        /// A `PRIMARY KEY` constraint.
        case primaryKey = "pk"
    }

    /// The index's name (`sqlite_autoindex_…` for one SQLite made for a constraint).
    public let name: String

    /// The index's keys, in order.
    public let keys: [IndexKey]

    /// Whether the index enforces uniqueness.
    public let isUnique: Bool

    /// What created the index.
    public let origin: Origin

    /// The condition of a partial index (`WHERE …`, as written); nil for an index of every row.
    public let condition: String?

    /// The indexed columns in key order; an indexed expression appears as `<expression>`.
    public var columns: [String] {
        keys.map(\.name)
    }

    /// Whether the index covers only the rows matching a `WHERE` clause.
    public var isPartial: Bool {
        condition != nil
    }
}

/// One key of an index: a column or an expression, its collation and its order.
public struct IndexKey: Sendable, Hashable, Encodable {
    /// The column's name, or `<expression>` for an indexed expression.
    public let name: String

    /// The collation the key is compared with (`"BINARY"`, `"NOCASE"`).
    public let collation: String

    /// Whether the key is sorted in descending order.
    public let isDescending: Bool

    /// The key as the schema description shows it: its name, then `COLLATE` and `DESC`
    /// when they are not the defaults.
    var described: String {
        name + (collation.uppercased() == "BINARY" ? "" : " COLLATE " + collation) + (isDescending ? " DESC" : "")
    }
}

extension IndexSchema {
    /// The indexes of `table` (already resolved to its exact name), sorted by name.
    static func indexes(of table: String, in connection: Connection) throws -> [IndexSchema] {
        try connection.catalog.indexes(of: table).map { index in
            IndexSchema(
                name: index.name,
                keys: index.keys.map { key in
                    IndexKey(name: key.column ?? "<expression>", collation: key.collation, isDescending: key.isDescending)
                },
                isUnique: index.isUnique, origin: Origin(rawValue: index.origin) ?? .createIndex,
                condition: index.isPartial ? (index.sql.flatMap { SQLTokens($0).indexCondition } ?? "") : nil)
        }
    }
}
