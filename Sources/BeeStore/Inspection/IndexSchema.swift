/// An index of a table, as `PRAGMA index_list` and `PRAGMA index_info` describe it.
public struct IndexSchema: Sendable, Hashable {
    /// Why an index exists.
    public enum Origin: String, Sendable, Hashable {
        /// A `CREATE INDEX` statement.
        case createIndex = "c"
        /// A `UNIQUE` constraint.
        case uniqueConstraint = "u"
        /// A `PRIMARY KEY` constraint.
        case primaryKey = "pk"
    }

    /// The index's name (`sqlite_autoindex_…` for one SQLite made for a constraint).
    public let name: String

    /// The indexed columns in key order; an indexed expression appears as `<expression>`.
    public let columns: [String]

    /// Whether the index enforces uniqueness.
    public let isUnique: Bool

    /// What created the index.
    public let origin: Origin

    /// Whether the index covers only the rows matching a `WHERE` clause.
    public let isPartial: Bool
}

extension IndexSchema {
    /// The indexes of `table` (already resolved to its exact name), sorted by name.
    static func indexes(of table: String, in connection: Connection) throws -> [IndexSchema] {
        let rows = try connection.fetchAll(
            "SELECT name, \"unique\", origin, partial FROM pragma_index_list(?) ORDER BY name", [table])
        return try rows.map { row in
            let name = try row.decode(String.self, at: 0)
            let columns = try connection.fetchAll(
                "SELECT name FROM pragma_index_info(?) ORDER BY seqno", [name]
            ).map { try $0.decode(String?.self, at: 0) ?? "<expression>" }
            return IndexSchema(
                name: name, columns: columns, isUnique: try row.decode(Bool.self, at: 1),
                origin: Origin(rawValue: try row.decode(String.self, at: 2)) ?? .createIndex,
                isPartial: try row.decode(Bool.self, at: 3))
        }
    }
}
