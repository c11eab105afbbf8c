extension Query {
    /// Runs the `SELECT` and returns its rows ({Bee}'s `GET`).
    public func get() throws -> [Row] {
        let statement = try selectStatement()
        return try requireDatabase().fetchAll(statement.sql, statement.statementArguments)
    }

    /// The first row of the `SELECT`, if any (its limit becomes 1).
    public func first() throws -> Row? {
        let statement = try selectStatement(limit: 1)
        return try requireDatabase().fetchOne(statement.sql, statement.statementArguments)
    }

    /// Calls `body` with each selected row as it is read, without keeping the rows: memory
    /// stays the same whatever their number. Throwing from `body` stops the iteration;
    /// `body` may read the database, not write to it (a write throws).
    public func forEach(_ body: (Row) throws -> Void) throws {
        let statement = try selectStatement()
        try requireDatabase().withReader(inTransaction: false) { connection in
            try connection.cachedStatement(statement.sql).forEachRow(statement.statementArguments, body)
        }
    }

    /// The number of rows the `SELECT` returns ({Bee}'s `COUNT`).
    public func count() throws -> Int {
        try scalar(aggregateStatement("COUNT", nil), as: Int.self) ?? 0
    }

    /// Whether the `SELECT` returns at least one row.
    public func exists() throws -> Bool {
        try scalar(existsStatement(), as: Bool.self) ?? false
    }

    /// The largest value of `column` among the selected rows; nil when there is none.
    public func max<T: DatabaseValueConvertible>(_ column: String, as type: T.Type = T.self) throws -> T? {
        try scalar(aggregateStatement("MAX", column), as: type)
    }

    /// The smallest value of `column` among the selected rows; nil when there is none.
    public func min<T: DatabaseValueConvertible>(_ column: String, as type: T.Type = T.self) throws -> T? {
        try scalar(aggregateStatement("MIN", column), as: type)
    }

    /// The average of `column` among the selected rows; nil when there is none.
    public func avg(_ column: String) throws -> Double? {
        try scalar(aggregateStatement("AVG", column), as: Double.self)
    }

    /// The sum of `column` among the selected rows; nil when there is none.
    public func sum<T: DatabaseValueConvertible>(_ column: String, as type: T.Type = T.self) throws -> T? {
        try scalar(aggregateStatement("SUM", column), as: type)
    }

    /// Inserts one row with the values set by `set` ({Bee}'s `INSERT`) and returns its row id.
    ///
    /// For an upsert that updates or keeps an existing row, the row id is that row's,
    /// found by the conflict target's values; it is 0 when that row cannot be found (no
    /// conflict target, a target column not set, or a table without row ids).
    @discardableResult
    public func insert() throws -> Int64 {
        let statement = try insertStatement()
        guard let conflict else { return try run(statement).lastInsertRowID }
        return try requireWritableDatabase().write { connection in
            let previous = connection.lastInsertRowID
            try connection.execute(statement)
            // SQLite moves the last insert row id only when the upsert inserts.
            if connection.lastInsertRowID != previous { return connection.lastInsertRowID }
            // Without a target only DO NOTHING is allowed: a change is an insert under the same id.
            if conflict.columns.isEmpty { return connection.changes > 0 ? previous : 0 }
            guard let lookup = conflictingRowLookup(conflict.columns) else { return 0 }
            return try connection.fetchValue(Int64.self, lookup) ?? 0
        }
    }

    /// `SELECT rowid` of the row holding the set values of the conflict target's columns.
    private func conflictingRowLookup(_ target: [String]) -> SQLStatement? {
        var lookup = Query(database: database, table: table)
        for column in target {
            guard let assignment = assignments.first(where: { $0.column == column }) else { return nil }
            // `=`, never `IS`: a NULL in the target conflicts with nothing.
            lookup.conditions.add(.comparison(column: column, .equal, assignment.value), .and)
        }
        return lookup.select(sql: "rowid").limit(1).renderSelect()
    }

    /// Inserts one row, replacing any row it conflicts with (`INSERT OR REPLACE`), and
    /// returns its row id.
    @discardableResult
    public func insertOrReplace() throws -> Int64 {
        try run(insertStatement(orReplace: true)).lastInsertRowID
    }

    /// Updates the rows matching the conditions with the values set by `set` ({Bee}'s
    /// `UPDATE`) and returns how many changed.
    @discardableResult
    public func update() throws -> Int {
        try run(updateStatement()).changes
    }

    /// Adds `amount` to `column` in the rows matching the conditions (a `NULL` counts as
    /// 0), in one statement, together with the values set by `set`; returns how many
    /// rows changed. Rails' `update_counters`, GRDB's `updateAll(db, column += amount)`.
    ///
    /// ```swift
    /// try db.from("bookmark").where("id", id).increment("visits", by: 1)
    /// ```
    @discardableResult
    public func increment(_ column: String, by amount: Int = 1) throws -> Int {
        try run(incrementStatement(column, by: amount.databaseValue)).changes
    }

    /// Adds a real `amount` to `column`, as the integer `increment` does.
    @discardableResult
    public func increment(_ column: String, by amount: Double) throws -> Int {
        try run(incrementStatement(column, by: amount.databaseValue)).changes
    }

    /// Deletes the rows matching the conditions ({Bee}'s `DELETE`) and returns how many were deleted.
    @discardableResult
    public func delete() throws -> Int {
        try run(deleteStatement()).changes
    }

    /// Deletes every row of the table, whatever the conditions ({Bee}'s `EMPTY`), and
    /// returns how many were deleted.
    @discardableResult
    public func empty() throws -> Int {
        try Query(database: database, table: table).delete()
    }

    /// Deletes every row and restarts the table's `AUTOINCREMENT` numbering ({Bee}'s
    /// `TRUNCATE`), in one transaction; returns how many rows were deleted.
    @discardableResult
    public func truncate() throws -> Int {
        let database = try requireWritableDatabase()
        return try database.write { _ in
            let deleted = try empty()
            let hasSequence = try database.from("sqlite_master")
                .where("type", "table").where("name", "sqlite_sequence").exists()
            if hasSequence {
                try database.from("sqlite_sequence").where("name", table).delete()
            }
            return deleted
        }
    }

    private func scalar<T: DatabaseValueConvertible>(_ statement: SQLStatement, as type: T.Type) throws -> T? {
        try requireDatabase().fetchValue(type, statement.sql, statement.statementArguments)
    }

    private func run(_ statement: SQLStatement) throws -> (lastInsertRowID: Int64, changes: Int) {
        try requireWritableDatabase().writeWithoutTransaction { connection in
            try connection.execute(statement)
            return (connection.lastInsertRowID, connection.changes)
        }
    }
}
