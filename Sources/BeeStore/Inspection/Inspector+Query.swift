extension Inspector {
    /// Runs one SQL statement and returns its result.
    ///
    /// Unless `allowingWrites` is true, a statement that would change the database is
    /// refused with an ``InspectionError/writeNotAllowed(sql:)`` before it runs. Allowed
    /// writes run without a surrounding transaction, so that statements such as `VACUUM`
    /// work.
    public func execute(
        _ sql: String, arguments: StatementArguments = [], allowingWrites: Bool = false
    ) throws -> QueryResult {
        guard allowingWrites else {
            return try database.read { connection in
                let statement = try connection.makeStatement(sql)
                guard statement.isReadOnly else { throw InspectionError.writeNotAllowed(sql: sql) }
                return QueryResult(statement, rows: try statement.fetchAll(arguments))
            }
        }
        return try database.writeWithoutTransaction { connection in
            let statement = try connection.makeStatement(sql)
            // `changes` keeps the count of the last INSERT, UPDATE or DELETE: a statement
            // that changed no row (CREATE TABLE, VACUUM) would report that one's.
            let totalChangesBefore = connection.totalChanges
            let rows = try statement.fetchAll(arguments)
            let changed = connection.totalChanges == totalChangesBefore ? 0 : connection.changes
            return QueryResult(statement, rows: rows, changedRowCount: statement.isReadOnly ? nil : changed)
        }
    }

    /// The rows of the table or view named `table` (matched case-insensitively) that
    /// `selection` picks. Unknown tables and columns throw an ``InspectionError``.
    public func rows(of table: String, matching selection: RowSelection = RowSelection()) throws -> QueryResult {
        try database.read { connection in
            let entry = try connection.tableEntry(named: table)
            let columns = try ColumnSchema.columns(of: entry.name, in: connection).map(\.name)
            let resolve = { (name: String) throws -> String in
                guard let column = columns.first(where: { $0.lowercased() == name.lowercased() }) else {
                    throw InspectionError.unknownColumn(name, table: entry.name)
                }
                return column.quotedIdentifier
            }
            var sql = "SELECT "
                + (selection.columns.isEmpty ? "*" : try selection.columns.map(resolve).joined(separator: ", "))
                + " FROM " + entry.name.quotedIdentifier
            var arguments = selection.arguments
            if let filter = selection.filter {
                sql += " WHERE (\(filter))"
            }
            if !selection.ordering.isEmpty {
                sql += " ORDER BY " + (try selection.ordering.map { key in
                    try resolve(key.column) + (key.isDescending ? " DESC" : " ASC")
                }.joined(separator: ", "))
            }
            if selection.limit != nil || selection.offset != nil {
                sql += " LIMIT ? OFFSET ?"
                arguments += [.integer(Int64(selection.limit ?? -1)), .integer(Int64(selection.offset ?? 0))]
            }
            let statement = try connection.makeStatement(sql)
            return QueryResult(statement, rows: try statement.fetchAll(StatementArguments(values: arguments)))
        }
    }
}

extension QueryResult {
    /// A result from a statement that ran and the rows it returned.
    fileprivate init(_ statement: Statement, rows: [Row], changedRowCount: Int? = nil) {
        self.init(columnNames: statement.columnNames, rows: rows.map(\.values), changedRowCount: changedRowCount)
    }
}
