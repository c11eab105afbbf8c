/// An index of a database, with the table it belongs to.
public struct TableIndex: Sendable, Hashable, Encodable {
    /// The indexed table, as the schema spells it.
    public let table: String

    /// The index.
    public let index: IndexSchema
}

/// A trigger or view of a database, with the SQL that created it.
public struct SchemaObject: Sendable, Hashable, Encodable {
    /// The object's name.
    public let name: String

    /// The table a trigger fires on (a view's own name, for a view).
    public let table: String

    /// The `CREATE TRIGGER` or `CREATE VIEW` statement.
    public let sql: String
}

extension Inspector {
    /// Every index of every table (those SQLite made for `UNIQUE` and `PRIMARY KEY`
    /// constraints included), sorted by table, then by name.
    public func indexes() throws -> [TableIndex] {
        try database.read { connection in
            try connection.catalog.entries(types: ["table"]).flatMap { table in
                try IndexSchema.indexes(of: table.name, in: connection).map { TableIndex(table: table.name, index: $0) }
            }
        }
    }

    /// Every trigger of the database, sorted by name.
    public func triggers() throws -> [SchemaObject] {
        try schemaObjects(ofType: "trigger")
    }

    /// Every view of the database, sorted by name.
    public func views() throws -> [SchemaObject] {
        try schemaObjects(ofType: "view")
    }

    private func schemaObjects(ofType type: String) throws -> [SchemaObject] {
        try database.read { connection in
            try connection.catalog.entries(types: [type]).map { entry in
                SchemaObject(name: entry.name, table: entry.tableName, sql: entry.sql ?? "")
            }
        }
    }
}

extension QueryResult {
    /// A result listing indexes: their table, name, keys (with `COLLATE` and `DESC` when
    /// they are not the defaults), whether they are unique, why they exist (`c`, `u`,
    /// `pk`, as SQLite says) and the condition of a partial one.
    public init(_ indexes: [TableIndex]) {
        self.init(
            columnNames: ["table", "name", "columns", "unique", "origin", "condition"],
            rows: indexes.map { entry in
                let index = entry.index
                return [
                    .text(entry.table), .text(index.name), .text(index.keys.map(\.described).joined(separator: ", ")),
                    .integer(index.isUnique ? 1 : 0), .text(index.origin.rawValue), index.condition.map(Value.text) ?? .null,
                ]
            })
    }

    /// A result listing triggers or views: their name, table and SQL.
    public init(_ objects: [SchemaObject]) {
        self.init(
            columnNames: ["name", "table", "sql"],
            rows: objects.map { [.text($0.name), .text($0.table), .text($0.sql)] })
    }
}
