extension Query {
    /// The values of one column in the rows the query selects, in order, converted to
    /// `T` (Rails' `pluck`, GRDB's `select(column).fetchAll`): the query's own selection
    /// is replaced by `column`, its conditions, ordering, paging and `distinct()` stay.
    /// Ask for an optional type when the column holds `NULL`s; a value that does not
    /// convert is a ``ConversionError`` naming the column.
    ///
    /// ```swift
    /// let titles = try db.from("bookmark").orderAsc("title").pluck("title", as: String.self)
    /// ```
    public func pluck<T: DatabaseValueConvertible>(_ column: String, as type: T.Type = T.self) throws -> [T] {
        let statement = try pluckStatement(column)
        return try requireDatabase().withReader(inTransaction: false) { connection in
            let prepared = try connection.cachedStatement(statement.sql)
            return try prepared.run(statement.statementArguments) {
                var values: [T] = []
                while try prepared.step() {
                    do {
                        values.append(try T(databaseValue: prepared.value(at: 0)))
                    } catch let error as ConversionError {
                        throw error.inColumn(column)
                    }
                }
                return values
            }
        }
    }

    /// The `SELECT` of `column` alone, with the query's conditions, ordering, paging and
    /// `distinct()`: what ``pluck(_:as:)`` runs.
    package func pluckStatement(_ column: String) throws -> SQLStatement {
        try with { $0.selection = [.column(column)] }.selectStatement()
    }
}
