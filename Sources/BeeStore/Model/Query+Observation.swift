import Dispatch

extension Query {
    /// The tables the query reads: its own and those it joins.
    package var observedTables: Set<String> {
        Set([table] + joins.map(\.table))
    }

    /// Observes the query's rows: `onChange` is called on `queue` with them at once, then
    /// after each committed transaction that changed a table the query reads; when
    /// `removingDuplicates`, rows equal to the ones delivered last are not delivered
    /// again. Runs until the token is cancelled or the database is released. Rows are
    /// delivered on `queue` (by default a serial queue of the observation's own).
    ///
    /// ```swift
    /// let token = try db.from("player").orderDesc("score").limit(10).observe(removingDuplicates: true) { rows in
    ///     print(rows.map { $0["name"] })
    /// }
    /// ```
    public func observe(
        on queue: DispatchQueue? = nil,
        removingDuplicates: Bool = false,
        onError: @escaping @Sendable (any Error) -> Void = { _ in },
        onChange: @escaping @Sendable ([Row]) -> Void
    ) throws -> ObservationToken {
        let database = try requireDatabase()
        let statement = try selectStatement()
        return database.observe(
            tables: observedTables, on: queue, removingDuplicates: removingDuplicates,
            fetch: { try $0.fetchAll(statement.sql, statement.statementArguments) }, onError: onError, onChange: onChange)
    }

    /// The query's rows as an asynchronous sequence: now, then after each committed
    /// transaction that changed a table the query reads (when `removingDuplicates`, only
    /// when they differ from the rows before).
    public func values(removingDuplicates: Bool = false) throws -> AsyncThrowingStream<[Row], any Error> {
        let database = try requireDatabase()
        let statement = try selectStatement()
        return database.values(tables: observedTables, removingDuplicates: removingDuplicates) {
            try $0.fetchAll(statement.sql, statement.statementArguments)
        }
    }
}
