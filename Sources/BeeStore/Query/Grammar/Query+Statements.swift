/// Writes that return rows (`RETURNING`), insert several rows in one statement, or insert
/// the rows of a select.
extension Query {
    /// Inserts the row `set` describes and returns the `returning` expressions of the
    /// inserted row: `INSERT … RETURNING id, created_at` (SQLite 3.35 or later).
    ///
    /// ```swift
    /// let row = try db.from("player").set("name", "Arthur").insert(returning: .column("id"))
    /// ```
    public func insert(returning expressions: SQLExpression...) throws -> Row {
        try insertReturning(expressions) { $0 }
    }

    /// Updates the matching rows as ``update()`` does and returns the `returning`
    /// expressions of each updated row.
    public func update(returning expressions: SQLExpression...) throws -> [Row] {
        try run(updateStatement(returning: expressions)) { $0 }
    }

    /// Deletes the matching rows as ``delete()`` does and returns the `returning`
    /// expressions of each deleted row.
    public func delete(returning expressions: SQLExpression...) throws -> [Row] {
        try run(deleteStatement(returning: expressions)) { $0 }
    }

    /// Inserts the row `set` describes and returns the value of `expression` for it,
    /// decoded as a `T`: `INSERT … RETURNING id`.
    ///
    /// ```swift
    /// let id = try db.from("player").set("name", "Arthur").insert(returning: .column("id"), as: Int64.self)
    /// ```
    public func insert<T: DatabaseValueConvertible>(returning expression: SQLExpression, as type: T.Type) throws -> T {
        try insertReturning([expression]) { try $0.decode(type, at: 0) }
    }

    /// Updates the matching rows as ``update()`` does and returns the value of
    /// `expression` for each updated row, decoded as a `T`.
    ///
    /// ```swift
    /// let names = try db.from("player").set("score", 0).where("team", "red")
    ///     .update(returning: .column("name"), as: String.self)
    /// ```
    public func update<T: DatabaseValueConvertible>(returning expression: SQLExpression, as type: T.Type) throws -> [T] {
        try run(updateStatement(returning: [expression])) { try $0.decode(type, at: 0) }
    }

    /// Deletes the matching rows as ``delete()`` does and returns the value of
    /// `expression` for each deleted row, decoded as a `T`.
    public func delete<T: DatabaseValueConvertible>(returning expression: SQLExpression, as type: T.Type) throws -> [T] {
        try run(deleteStatement(returning: [expression])) { try $0.decode(type, at: 0) }
    }

    /// The inserted row's `returning` expressions, as `transform` makes them.
    private func insertReturning<T>(_ returning: [SQLExpression], _ transform: (Row) throws -> T) throws -> T {
        // An upsert that does nothing returns no row; an insert returns one.
        guard let value = try run(insertStatement(orReplace: false, returning: returning), transform).first else {
            throw QueryError.noRowReturned(table: table)
        }
        return value
    }

    /// Runs a statement that returns rows and makes each into a `T` in its transaction:
    /// a row that `transform` cannot make undoes the whole statement.
    private func run<T>(_ statement: SQLStatement, _ transform: (Row) throws -> T) throws -> [T] {
        try requireWritableDatabase().write { connection in
            try connection.fetchAll(statement).map(transform)
        }
    }

    /// `INSERT INTO table (a, b) VALUES (?, ?), (?, ?), …`: every row in one statement
    /// (per 500 rows, in one transaction); returns how many were inserted. Every row
    /// gives the same columns, or the insert is refused before anything is written.
    ///
    /// ```swift
    /// try db.from("player").insert(rows: [["name": "Arthur", "score": 100], ["name": "Barbara", "score": 80]])
    /// ```
    @discardableResult
    public func insert(rows: [[String: (any DatabaseValueConvertible)?]]) throws -> Int {
        let statements = try insertStatements(rows: rows)
        return try requireWritableDatabase().write { connection in
            try statements.reduce(0) { inserted, statement in
                try connection.execute(statement)
                return inserted + connection.changes
            }
        }
    }

    /// The statements of ``insert(rows:)``: one per 500 rows.
    func insertStatements(rows: [[String: (any DatabaseValueConvertible)?]]) throws -> [SQLStatement] {
        try validateTable()
        guard let first = rows.first, !first.isEmpty else { throw QueryError.noValuesToInsert(table: table) }
        let columns = first.keys.sorted()
        for row in rows where Set(row.keys) != Set(columns) {
            throw QueryError.mismatchedRows(table: table, expected: columns, found: row.keys.sorted())
        }
        return stride(from: 0, to: rows.count, by: 500).map { start in
            var renderer = SQLRenderer(scope: [table], dialect: dialect)
            renderer.append("INSERT INTO ")
            renderer.appendTable(table)
            renderer.append(" (")
            renderer.appendWrittenColumns(columns)
            renderer.append(") VALUES ")
            for (index, row) in rows[start..<Swift.min(start + 500, rows.count)].enumerated() {
                renderer.append(index > 0 ? ", (" : "(")
                renderer.bindList(columns.map { (row[$0] ?? nil)?.databaseValue ?? .null })
                renderer.append(")")
            }
            return renderer.statement
        }
    }

    /// `INSERT INTO table (columns) SELECT …`: inserts the rows `select` returns, its
    /// columns in the order of `columns`; returns how many were inserted.
    @discardableResult
    public func insert(columns: [String], from select: Query) throws -> Int {
        let statement = try insertStatement(columns: columns, from: select)
        return try requireWritableDatabase().write { connection in
            try connection.execute(statement)
            return connection.changes
        }
    }

    /// The statement of ``insert(columns:from:)``.
    func insertStatement(columns: [String], from select: Query) throws -> SQLStatement {
        try validateTable()
        guard !columns.isEmpty else { throw QueryError.noValuesToInsert(table: table) }
        var renderer = SQLRenderer(scope: [table], dialect: dialect)
        renderer.append("INSERT INTO ")
        renderer.appendTable(table)
        renderer.append(" (")
        renderer.appendWrittenColumns(columns)
        renderer.append(") ")
        select.renderSubquery(into: &renderer)
        return renderer.statement
    }
}
