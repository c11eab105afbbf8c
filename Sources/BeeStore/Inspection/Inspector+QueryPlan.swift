extension Inspector {
    /// The query plan of one statement. When `arguments` is empty, its parameters are
    /// bound to `NULL`: the plan does not depend on their values.
    public func queryPlan(for sql: String, arguments: StatementArguments = []) throws -> QueryPlan {
        try database.read { connection in
            let statement = try connection.makeStatement("EXPLAIN QUERY PLAN " + sql)
            let bound = arguments.isEmpty
                ? StatementArguments(values: Array(repeating: .null, count: statement.parameterCount)) : arguments
            let rows = try statement.fetchAll(bound).map { row in
                (id: try row.decode(Int.self, at: 0), parentID: try row.decode(Int.self, at: 1),
                 detail: try row.decode(String.self, at: 3))
            }
            return QueryPlan(sql: sql, rows: rows)
        }
    }
}
