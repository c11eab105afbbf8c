#if PostgreSQL
import BeeStore
import BeeStorePostgreSQL

/// Loads the Chinook sample into an empty PostgreSQL database: its tables, read from the
/// sample with the `Inspector`, created in PostgreSQL's own types in foreign key order,
/// then their rows, bound as values, in one transaction.
struct ChinookLoader {
    /// The sample's tables.
    static let tables: Set<String> = [
        "Album", "Artist", "Customer", "Employee", "Genre", "Invoice", "InvoiceLine", "MediaType", "Playlist",
        "PlaylistTrack", "Track",
    ]

    let target: PostgreSQLDatabase

    /// Loads the sample unless the database has its tables already; a database with other
    /// tables is refused with ``ChinookError/otherTables(_:)``.
    func loadUnlessLoaded() throws {
        let existing = try target.tableNames()
        if Self.tables.isSubset(of: existing) { return }
        guard existing.isEmpty else { throw ChinookError.otherTables(existing) }
        let copy = try SampleCopy()
        defer { copy.remove() }
        let sample = try Database(path: copy.path)
        defer { sample.close() }
        let schemas = try Inspector(sample).schemas().filter { Self.tables.contains($0.name) }
        try target.transaction { connection in
            for schema in Self.inForeignKeyOrder(schemas) {
                try create(schema, on: connection)
                try copyRows(of: schema, from: sample, on: connection)
            }
        }
    }

    /// Each table after the tables it references (a reference to itself aside).
    static func inForeignKeyOrder(_ schemas: [TableSchema]) -> [TableSchema] {
        var ordered: [TableSchema] = []
        var pending = schemas.sorted { $0.name < $1.name }
        while let next = pending.firstIndex(where: { schema in
            schema.foreignKeys.allSatisfy { key in
                key.referencedTable == schema.name || ordered.contains { $0.name == key.referencedTable }
            }
        }) {
            ordered.append(pending.remove(at: next))
        }
        return ordered + pending
    }

    /// Creates the table of `schema` in PostgreSQL's types: an integer key is an identity,
    /// `NVARCHAR(n)` a `VARCHAR(n)`, `NUMERIC(10,2)` a `NUMERIC`, `DATETIME` a `TIMESTAMP`.
    private func create(_ schema: TableSchema, on connection: PostgreSQLConnection) throws {
        var table = target.table(schema.name)
        var timestamps: [String] = []
        for column in schema.columns {
            let type = try SampleColumnType(declared: column.declaredType, of: "\(schema.name).\(column.name)")
            table = table.field(column.name, type.columnType, size: type.size)
            if type.isTimestamp { timestamps.append(column.name) }
            if schema.primaryKey == [column.name] {
                table = table.primaryKey()
            } else if column.isNotNull {
                table = table.notNull()
            }
            if let key = schema.foreignKeys.first(where: { $0.columns == [column.name] }) {
                guard let referenced = key.referencedColumns.first, key.referencedColumns.count == 1 else {
                    throw ChinookError.unsupported("the foreign key of \(schema.name).\(column.name)")
                }
                table = table.references(key.referencedTable, column: referenced)
            }
        }
        if schema.primaryKey.count > 1 { table = table.primaryKey(columns: schema.primaryKey) }
        try target.create(table)
        for column in timestamps { try connection.changeToTimestamp(column, of: schema.name) }
    }

    /// Copies the rows of `schema`'s table, then moves its identity past the copied keys, so
    /// that the next row gets the key it would get in the sample.
    private func copyRows(of schema: TableSchema, from sample: Database, on connection: PostgreSQLConnection) throws {
        let rows = try sample.from(schema.name).get()
        for row in rows {
            var insert = target.from(schema.name)
            for (index, column) in row.columnNames.enumerated() { insert = insert.set(column, row[index]) }
            try insert.insert(in: target)
        }
        guard schema.primaryKey.count == 1, let key = schema.primaryKey.first else { return }
        let keys = try rows.map { try $0.decode(Int64.self, column: key) }
        if let last = keys.max() { try connection.moveIdentity(of: schema.name, column: key, past: last) }
    }
}

/// A column type of the sample, as declared there (`INTEGER`, `NVARCHAR(160)`,
/// `NUMERIC(10,2)`, `DATETIME`), and the type it gets in PostgreSQL.
struct SampleColumnType {
    let columnType: ColumnType
    private(set) var size: Int?
    private(set) var isTimestamp: Bool

    init(declared: String, of column: String) throws {
        let parts = declared.uppercased().split(whereSeparator: { $0 == "(" || $0 == ")" }).map(String.init)
        size = nil
        isTimestamp = false
        switch parts.first ?? "" {
        case "INTEGER": columnType = .integer
        case "NVARCHAR", "VARCHAR":
            columnType = .text
            size = parts.count > 1 ? Int(parts[1]) : nil
        case "NUMERIC": columnType = .numeric
        case "DATETIME":
            // A text column until it is changed to a TIMESTAMP: the query builder has no timestamp type.
            columnType = .text
            isTimestamp = true
        default: throw ChinookError.unsupported("the type \(declared) of \(column)")
        }
    }
}
#endif
