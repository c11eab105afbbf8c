/// What the values of one column are: how many rows, how many `NULL`s, how many distinct
/// values, and the most common ones.
public struct ColumnAnalysis: Sendable, Hashable {
    /// A value and the number of rows that hold it.
    public struct ValueCount: Sendable, Hashable {
        /// The value.
        public let value: Value
        /// The number of rows holding it.
        public let count: Int
    }

    /// The table, as the schema spells it.
    public let table: String
    /// The column, as the schema spells it.
    public let column: String
    /// The table's number of rows.
    public let rowCount: Int
    /// The number of rows whose value is `NULL`.
    public let nullCount: Int
    /// The number of distinct values other than `NULL` (as SQLite compares them: `1` and
    /// `1.0` are one value).
    public let distinctCount: Int
    /// The most common values other than `NULL`, the most common first (ties in the
    /// order of the values).
    public let mostCommonValues: [ValueCount]
}

extension Inspector {
    /// Analyses the columns of `table` (all, or those named in `columns`, matched as
    /// SQLite matches names): their `NULL`s, distinct values and `mostCommonCount` most
    /// common values, in one consistent read. Each statement runs under the database's
    /// ``Configuration/statementTimeLimit``: a column that takes longer stops the analysis
    /// with ``StatementTimeLimitExceeded``. `progress`, when given, is called after each
    /// column with the columns done, out of all.
    public func analyzeColumns(
        of table: String, columns: [String] = [], mostCommonCount: Int = 10, progress: ((ProgressReport) -> Void)? = nil
    ) throws -> [ColumnAnalysis] {
        try database.read { connection in
            var (table, names) = try connection.tableAndColumns(table, columns)
            if names.isEmpty { names = try connection.catalog.columns(of: table).map(\.name) }
            let rowCount = try connection.fetchValue(
                Int.self, Query(database: nil, table: table).select(.countAll).selectStatement()) ?? 0
            var analyses: [ColumnAnalysis] = []
            for name in names {
                // Written `table.column`, so that a column whose name holds a dot stays whole.
                let column = SQLExpression.column(table + "." + name)
                let counts = try connection.fetchOne(
                    Query(database: nil, table: table).select(.count(column), .count(column, distinct: true)).selectStatement())
                let common = try connection.fetchAll(
                    Query(database: nil, table: table).select(column, .countAll).where(column.isNotNull).groupBy(column)
                        .order(by: .countAll, .descending).order(by: column).limit(mostCommonCount).selectStatement())
                analyses.append(ColumnAnalysis(
                    table: table, column: name, rowCount: rowCount, nullCount: rowCount - (try counts?.decode(Int.self, at: 0) ?? 0),
                    distinctCount: try counts?.decode(Int.self, at: 1) ?? 0,
                    mostCommonValues: try common.map { row in
                        ColumnAnalysis.ValueCount(value: row[0], count: try row.decode(Int.self, at: 1))
                    }))
                progress?(ProgressReport(completedUnitCount: analyses.count, totalUnitCount: names.count))
            }
            return analyses
        }
    }
}

extension QueryResult {
    /// A result of column analyses: table, column, rows, nulls, distinct values, and the
    /// most common values, each with its count (`AC/DC (12)`), as table cells show values.
    public init(_ analyses: [ColumnAnalysis]) {
        self.init(
            columnNames: ["table", "column", "rows", "nulls", "distinct", "most_common"],
            rows: analyses.map { analysis in
                [
                    .text(analysis.table), .text(analysis.column), .integer(Int64(analysis.rowCount)),
                    .integer(Int64(analysis.nullCount)), .integer(Int64(analysis.distinctCount)),
                    .text(analysis.mostCommonValues.map { "\($0.value.cellText) (\($0.count))" }.joined(separator: ", ")),
                ]
            })
    }
}
