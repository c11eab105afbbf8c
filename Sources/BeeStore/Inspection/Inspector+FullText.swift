/// Full-text search of any table, as sqlite-utils' `enable-fts` and `search` make it: an
/// external-content FTS5 table named `<table>_fts` indexes some of its columns.
extension Inspector {
    /// The name of the full-text index of `table` that ``enableFullTextSearch(on:columns:tokenizer:synchronized:)`` makes.
    public static func fullTextTableName(of table: String) -> String {
        table + "_fts"
    }

    /// Makes a full-text index of `columns` of `table` (``fullTextTableName(of:)``): an
    /// external-content FTS5 table that refers to its rows by their row id, and indexes
    /// the rows it has; `synchronized`, triggers keep the index in step with every
    /// insert, update and delete (else ``FullTextTable/rebuild()`` indexes the rows
    /// again). Returns the index's name; in one transaction.
    @discardableResult
    public func enableFullTextSearch(
        on table: String, columns: [String], tokenizer: FullTextTokenizer? = nil, synchronized: Bool = true
    ) throws -> String {
        try database.write { connection in
            let (name, columns) = try connection.tableAndColumns(table, columns)
            guard let rowID = try connection.rowIDName(of: name) else { throw InspectionError.noRowID(table: name) }
            var index = FullTextTable(database: nil, name: Self.fullTextTableName(of: name))
            for column in columns { index = index.column(column) }
            if let tokenizer { index = index.tokenizer(tokenizer) }
            index = synchronized ? index.synchronized(with: name, rowID: rowID) : index.indexing(name, rowID: rowID)
            for statement in try index.createStatements() { try connection.execute(statement) }
            return index.name
        }
    }

    /// Drops the full-text index of `table` and its triggers; the table is left as it is.
    public func disableFullTextSearch(on table: String) throws {
        try database.write { connection in
            let index = try connection.fullTextIndex(of: table)
            for statement in try FullTextTable(database: nil, name: index.name).dropStatements() {
                try connection.execute(statement)
            }
        }
    }

    /// Writes the rows of `table` whose full-text index holds every word of `text`, the
    /// best match first (by `bm25`), at most `limit` of them: any text is searched for as
    /// words (see ``FullTextPattern/init(matchingAllTokensIn:)``), quotes, `-`, `*`,
    /// `NEAR(` and parentheses included, and text without a word finds no row.
    @discardableResult
    public func writeSearchResults(
        of table: String, matching text: String, limit: Int? = nil, to writer: inout ResultWriter
    ) throws -> ResultSummary {
        try database.read { connection in
            let index = try connection.fullTextIndex(of: table)
            let columns = try ColumnSchema.columns(of: index.table, in: connection).map(\.name)
            guard let rowID = try connection.rowIDName(of: index.table) else { throw InspectionError.noRowID(table: index.table) }
            var query = Query(database: nil, table: index.name)
            for column in columns { query = query.select(.exactColumn(column, of: index.table)) }
            query = query.join(index.table, on: .exactColumn(rowID, of: index.table) == .exactColumn("rowid", of: index.name))
            if let pattern = FullTextPattern(matchingAllTokensIn: text) {
                query = query.where(SQLExpression.exactColumn(index.name).match(pattern)).order(by: .bm25(index.name))
            } else {
                query = query.where(SQLExpression.value(false))
            }
            if let limit { query = query.limit(limit) }
            let select = try query.selectStatement()
            let statement = try connection.makeStatement(select.sql)
            writer.begin(columns: statement.columnNames)
            try statement.forEachCursor(StatementArguments(values: select.arguments)) { try writer.write($0) }
            return try writer.finish()
        }
    }
}

extension Connection {
    /// The table named `table` and the name of its full-text index, or an
    /// ``InspectionError`` when either is missing.
    fileprivate func fullTextIndex(of table: String) throws -> (table: String, name: String) {
        let name = try tableAndColumns(table, []).table
        guard let index = try catalog.entry(named: Inspector.fullTextTableName(of: name), types: ["table"]) else {
            throw InspectionError.noFullTextIndex(table: name)
        }
        return (name, index.name)
    }
}
