/// Writes a result's rows in a ``ResultFormat`` to a ``ByteOutput`` as they come, in
/// chunks, without keeping them: ``Inspector`` hands it each row as SQLite steps it, so
/// memory stays the same whatever the number of rows. (The table and Markdown formats
/// keep the first rows, up to a batch, to settle the column widths.)
///
/// ```swift
/// var writer = ResultWriter(format: .csv, output: FileHandle.standardOutput)
/// let summary = try inspector.writeRows(of: "Track", to: &writer)
/// ```
public struct ResultWriter {
    /// Choices of the table formats and of how many rows to write.
    public struct Options: Sendable, Hashable {
        /// The widest a cell may be in the table format, in terminal columns, before it
        /// is cut with an ellipsis.
        public var maximumCellWidth: Int

        /// The most rows to write, such as a terminal's first page; the rows after it are
        /// not read, and ``ResultSummary/hasMoreRows`` tells whether there were any. Nil
        /// for every row.
        public var rowLimit: Int?

        /// How many rows the table formats keep to settle their column widths.
        public var batchSize: Int

        /// Options for a writer.
        public init(maximumCellWidth: Int = 40, rowLimit: Int? = nil, batchSize: Int = 1000) {
            self.maximumCellWidth = maximumCellWidth
            self.rowLimit = rowLimit
            self.batchSize = batchSize
        }
    }

    /// The format rows are written in.
    public let format: ResultFormat

    /// The options the writer was made with.
    public let options: Options

    private var buffer: OutputBuffer
    private var columnNames: [String] = []
    private var rowCount = 0
    private var hasMoreRows = false
    private var csv: CSVRowFormat?
    private var json: JSONRowFormat?
    private var aligned: AlignedRowFormat?

    /// A writer of rows in `format` to `output`.
    public init(format: ResultFormat, output: any ByteOutput, options: Options = Options()) {
        self.format = format
        self.options = options
        self.buffer = OutputBuffer(output)
    }

    /// Starts a result with these columns (none for a statement that returns no rows);
    /// the table formats settle their widths on `batchSize` rows, or the options' batch.
    mutating func begin(columns: [String], batchSize: Int? = nil) {
        let batchSize = batchSize ?? options.batchSize
        columnNames = columns
        rowCount = 0
        hasMoreRows = false
        switch format {
        case .csv:
            let csv = CSVRowFormat()
            csv.writeHeader(columns, into: &buffer)
            self.csv = csv
        case .json:
            json = JSONRowFormat(columns: columns)
        case .table:
            aligned = AlignedRowFormat(
                columns: columns, style: .table(maximumCellWidth: options.maximumCellWidth), batchSize: batchSize)
        case .markdown:
            aligned = AlignedRowFormat(columns: columns, style: .markdown, batchSize: batchSize)
        }
    }

    /// Writes one row; returns false, without writing it, once the row limit is reached:
    /// the caller stops reading rows.
    mutating func write(_ row: some ColumnValues) throws -> Bool {
        if let limit = options.rowLimit, rowCount >= limit {
            hasMoreRows = true
            return false
        }
        let count = min(row.columnCount, columnNames.count)
        switch format {
        case .csv: csv?.writeRow(row, columnCount: count, into: &buffer)
        case .json: json?.writeRow(row, columnCount: count, isFirst: rowCount == 0, into: &buffer)
        case .table, .markdown: aligned?.writeRow(row, columnCount: count, into: &buffer)
        }
        rowCount += 1
        try buffer.flushIfFull()
        return true
    }

    /// Ends the result, writes what is left and returns what was written.
    mutating func finish(changedRowCount: Int? = nil) throws -> ResultSummary {
        let summary = ResultSummary(
            columnNames: columnNames, rowCount: rowCount, hasMoreRows: hasMoreRows, changedRowCount: changedRowCount)
        switch format {
        case .csv: break
        case .json: json?.writeEnd(rowCount: rowCount, into: &buffer)
        case .table, .markdown: aligned?.writeEnd(summary: summary, into: &buffer)
        }
        try buffer.flush()
        return summary
    }

    /// Writes a whole result held in memory.
    @discardableResult
    public mutating func write(_ result: QueryResult) throws -> ResultSummary {
        // All rows are at hand: the widths are settled on all of them.
        begin(columns: result.columnNames, batchSize: max(result.rows.count, options.batchSize))
        for values in result.rows {
            guard try write(ValueRow(values: values, columnCount: values.count)) else { break }
        }
        return try finish(changedRowCount: result.changedRowCount)
    }
}
