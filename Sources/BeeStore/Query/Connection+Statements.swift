/// Running the builder's statements on a connection: the SQL and its arguments, as rendered.
extension Connection {
    /// Runs `statement`.
    func execute(_ statement: SQLStatement) throws {
        try execute(statement.sql, statement.statementArguments)
    }

    /// Runs `statement` and returns all its rows.
    func fetchAll(_ statement: SQLStatement) throws -> [Row] {
        try fetchAll(statement.sql, statement.statementArguments)
    }

    /// Runs `statement` and returns its first row, if any.
    func fetchOne(_ statement: SQLStatement) throws -> Row? {
        try fetchOne(statement.sql, statement.statementArguments)
    }

    /// Runs `statement` and converts the first column of its first row; nil when there is
    /// no row or the value is `NULL`.
    func fetchValue<T: DatabaseValueConvertible>(_ type: T.Type, _ statement: SQLStatement) throws -> T? {
        try fetchValue(type, statement.sql, statement.statementArguments)
    }
}
