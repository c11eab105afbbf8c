extension Query {
    /// Runs the `SELECT` and returns its rows ({Bee}'s `GET`).
    public func get() throws -> [Row] {
        let statement = try selectStatement()
        return try requireDatabase().fetchAll(statement.sql, statement.statementArguments)
    }

    /// The first row of the `SELECT`, if any (its limit becomes 1).
    public func first() throws -> Row? {
        let statement = try limit(1).selectStatement()
        return try requireDatabase().fetchOne(statement.sql, statement.statementArguments)
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
    @discardableResult
    public func insert() throws -> Int64 {
        try run(insertStatement()).lastInsertRowID
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
        let database = try requireDatabase()
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
        try requireDatabase().writeWithoutTransaction { connection in
            try connection.execute(statement.sql, statement.statementArguments)
            return (connection.lastInsertRowID, connection.changes)
        }
    }
}
