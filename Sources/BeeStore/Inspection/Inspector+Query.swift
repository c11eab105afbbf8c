extension Inspector {
    /// Runs SQL and returns the result of its statement.
    ///
    /// Unless `allowingWrites` is true, the SQL must be one statement that leaves the
    /// database unchanged: a statement that would change it is refused with an
    /// ``InspectionError/writeNotAllowed(sql:)`` before it runs, and several statements
    /// with an ``InspectionError/severalStatements(sql:)``. `EXPLAIN` runs nothing and is
    /// always allowed, and so is a `PRAGMA` that only reads a setting (`PRAGMA
    /// journal_mode`, without a value).
    ///
    /// Allowed writes run without a surrounding transaction, so that statements such as
    /// `VACUUM` work. Several statements then run in order, each taking the next of the
    /// positional `arguments` its placeholders need, and the result is the last one's. A
    /// transaction the SQL begins and does not end is rolled back, with an
    /// ``InspectionError/transactionLeftOpen(sql:)`` (or the error that stopped it).
    public func execute(
        _ sql: String, arguments: StatementArguments = [], allowingWrites: Bool = false
    ) throws -> QueryResult {
        var columnNames: [String] = []
        var rows: [[Value]] = []
        let changed = try run(sql, arguments: arguments, allowingWrites: allowingWrites) { statement, arguments in
            columnNames = statement.columnNames
            rows = try statement.fetchAll(arguments).map(\.values)
        }
        return QueryResult(columnNames: columnNames, rows: rows, changedRowCount: changed)
    }

    /// Runs SQL as ``execute(_:arguments:allowingWrites:)`` does without writing, and keeps
    /// the first `maximumRowCount` rows of its result: the rows after them are not read,
    /// and ``QueryResult/hasMoreRows`` tells whether there were any.
    public func execute(
        _ sql: String, arguments: StatementArguments = [], maximumRowCount: Int
    ) throws -> QueryResult {
        var columnNames: [String] = []
        var rows: [[Value]] = []
        var hasMoreRows = false
        _ = try run(sql, arguments: arguments, allowingWrites: false) { statement, arguments in
            columnNames = statement.columnNames
            try statement.forEachCursor(arguments) { _ in
                guard rows.count < maximumRowCount else {
                    hasMoreRows = true
                    return false
                }
                rows.append(statement.currentRow().values)
                return true
            }
        }
        return QueryResult(columnNames: columnNames, rows: rows, hasMoreRows: hasMoreRows)
    }

    /// The named parameters of the statement `sql` holds (`:name`, `@name`, `$name`), each
    /// once, in order, with their prefix: the values a caller of
    /// ``execute(_:arguments:allowingWrites:)`` names in its arguments. Positional `?`
    /// parameters are not listed.
    public func parameterNames(in sql: String) throws -> [String] {
        try database.read { connection in
            var names: [String] = []
            try connection.forEachStatement(in: sql) { statement, _ in
                for name in statement.parameterNames where !names.contains(name) { names.append(name) }
            }
            return names
        }
    }

    /// Runs SQL as ``execute(_:arguments:allowingWrites:)`` does, and writes the rows of
    /// its result to `writer` as SQLite steps them, without keeping them.
    @discardableResult
    public func execute(
        _ sql: String, arguments: StatementArguments = [], allowingWrites: Bool = false,
        writingTo writer: inout ResultWriter
    ) throws -> ResultSummary {
        var began = false
        let changed = try run(sql, arguments: arguments, allowingWrites: allowingWrites) { statement, arguments in
            writer.begin(columns: statement.columnNames)
            began = true
            try statement.forEachCursor(arguments) { try writer.write($0) }
        }
        if !began { writer.begin(columns: []) }
        return try writer.finish(changedRowCount: changed)
    }

    /// The rows of the table or view named `table` (ASCII letters in either case, as SQLite
    /// matches names) that `selection` picks. Unknown tables and columns throw an
    /// ``InspectionError``.
    public func rows(of table: String, matching selection: RowSelection = RowSelection()) throws -> QueryResult {
        try database.read { connection in
            let statement = try selectStatement(of: table, matching: selection, in: connection)
            let rows = try statement.statement.fetchAll(statement.arguments)
            return QueryResult(columnNames: statement.statement.columnNames, rows: rows.map(\.values))
        }
    }

    /// Writes the rows that `selection` picks in `table` to `writer` as SQLite steps
    /// them, without keeping them.
    @discardableResult
    public func writeRows(
        of table: String, matching selection: RowSelection = RowSelection(), to writer: inout ResultWriter
    ) throws -> ResultSummary {
        try database.read { connection in
            let statement = try selectStatement(of: table, matching: selection, in: connection)
            writer.begin(columns: statement.statement.columnNames)
            try statement.statement.forEachCursor(statement.arguments) { try writer.write($0) }
            return try writer.finish()
        }
    }

    /// The prepared `SELECT` of a row selection, and its arguments.
    private func selectStatement(
        of table: String, matching selection: RowSelection, in connection: Connection
    ) throws -> (statement: Statement, arguments: StatementArguments) {
        let entry = try connection.tableEntry(named: table)
        let columns = try ColumnSchema.columns(of: entry.name, in: connection).map(\.name)
        let select = try selection.statement(on: entry.name, columns: columns)
        return (try connection.makeStatement(select.sql), StatementArguments(values: select.arguments))
    }

    /// Runs the statements of `sql` under the rules of ``execute(_:arguments:allowingWrites:)``,
    /// handing the last one to `last` to run; returns how many rows the statements
    /// changed, or nil when none of them writes.
    private func run(
        _ sql: String, arguments: StatementArguments, allowingWrites: Bool,
        last: (Statement, StatementArguments) throws -> Void
    ) throws -> Int? {
        guard allowingWrites else {
            try database.read { connection in
                try connection.forEachStatement(in: sql) { statement, isLast in
                    guard isLast else { throw InspectionError.severalStatements(sql: sql) }
                    try Self.runReading(statement) { try last(statement, arguments) }
                }
            }
            return nil
        }
        return try database.writeWithoutTransaction { connection in
            // Inside a transaction of the caller's (a write on this thread), that one is left as it is.
            let ownsTransactions = !connection.isInTransaction
            defer {
                // A transaction the SQL began and did not end keeps nothing.
                if ownsTransactions, connection.isInTransaction { try? connection.execute("ROLLBACK") }
            }
            var remaining = arguments.values[...]
            var changed = 0
            var writes = false
            try connection.forEachStatement(in: sql) { statement, isLast in
                var taken = arguments
                if arguments.namedValues.isEmpty {
                    let count = isLast ? remaining.count : min(statement.parameterCount, remaining.count)
                    taken = StatementArguments(values: Array(remaining.prefix(count)))
                    remaining = remaining.dropFirst(count)
                }
                // `changes` keeps the count of the last INSERT, UPDATE or DELETE: a statement
                // that changed no row (CREATE TABLE, VACUUM) would report that one's.
                let totalChangesBefore = connection.totalChanges
                if isLast {
                    try last(statement, taken)
                } else {
                    try statement.execute(taken)
                }
                writes = writes || !statement.isReadOnly
                if connection.totalChanges != totalChangesBefore { changed += connection.changes }
            }
            if ownsTransactions, connection.isInTransaction { throw InspectionError.transactionLeftOpen(sql: sql) }
            return writes ? changed : nil
        }
    }

    /// Runs `body` with a statement that must not write: refused unless SQLite calls it
    /// read-only, it is an `EXPLAIN`, or it is a `PRAGMA` without a value (which only
    /// reads its setting; should it write all the same, SQLite's refusal is reported as
    /// ``InspectionError/writeNotAllowed(sql:)``).
    private static func runReading(_ statement: Statement, _ body: () throws -> Void) throws {
        if statement.isReadOnly || statement.isExplain {
            return try body()
        }
        guard statement.isPragma, SQLTokens(statement.sql).isPragmaWithoutValue else {
            throw InspectionError.writeNotAllowed(sql: statement.sql)
        }
        do {
            try body()
        } catch let error as DatabaseError where error.resultCode == .readOnly {
            throw InspectionError.writeNotAllowed(sql: statement.sql)
        }
    }
}
