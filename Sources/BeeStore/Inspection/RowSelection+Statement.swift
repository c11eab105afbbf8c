extension RowSelection {
    /// The `SELECT` of this selection on `table`, rendered by the query builder: columns
    /// are given as `table.column` so that a column name holding a dot stays one name.
    /// `columns` are the table's own column names, which the selection's names are
    /// matched against as SQLite matches names (ASCII letters in either case).
    func statement(on table: String, columns: [String]) throws -> SQLStatement {
        let resolve = { (name: String) throws -> String in
            guard let column = columns.first(where: { $0.isSameSQLName(as: name) }) else {
                throw InspectionError.unknownColumn(name, table: table)
            }
            return table + "." + column
        }
        var query = Query(database: nil, table: table)
        for column in self.columns {
            query = query.select(try resolve(column))
        }
        if let filter {
            query = query.where(sql: filter, arguments)
        }
        for key in ordering {
            query = query.order(by: try resolve(key.column), key.isDescending ? .descending : .ascending)
        }
        if let limit {
            query = query.limit(limit)
        }
        if let offset {
            query = query.offset(offset)
        }
        return try query.selectStatement()
    }
}
