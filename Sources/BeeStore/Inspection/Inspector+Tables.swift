extension Inspector {
    /// The database's tables and views (SQLite's own `sqlite_` tables excepted), sorted
    /// by name, with their row counts: nil for a view or virtual table that SQLite cannot
    /// read (a missing table, a module it lacks), and for a table not counted within the
    /// database's ``Configuration/statementTimeLimit``. A table it cannot count for another
    /// reason (a damaged file, an I/O error) is that ``DatabaseError``.
    public func tables() throws -> [TableSummary] {
        try database.read { connection in
            try connection.catalog.entries(types: ["table", "view"]).map { entry in
                let kind = TableKind(type: entry.type, sql: entry.sql)
                let count: Int?
                do {
                    count = try connection.fetchValue(
                        Int.self, Query(database: nil, table: entry.name).select(.countAll).selectStatement())
                } catch let error as DatabaseError where error.resultCode == .error || error.resultCode == .interrupt {
                    count = nil
                } catch is StatementTimeLimitExceeded {
                    count = nil
                }
                return TableSummary(name: entry.name, kind: kind, rowCount: count)
            }
        }
    }
}

extension QueryResult {
    /// A result listing tables: their name, kind and row count (`NULL` when unknown).
    public init(_ tables: [TableSummary]) {
        self.init(
            columnNames: ["name", "type", "rows"],
            rows: tables.map { table in
                [.text(table.name), .text(table.kind.rawValue), table.rowCount.map { .integer(Int64($0)) } ?? .null]
            })
    }
}
