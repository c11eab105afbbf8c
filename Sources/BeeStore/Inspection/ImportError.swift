/// Why an import stopped; nothing of it was kept (it runs in one transaction).
public enum ImportError: Error, Sendable, Equatable {
    /// A record of the file cannot be read: bad syntax, a wrong number of fields, a
    /// column the table does not have, a column name that is not UTF-8, no value for a
    /// key column.
    case badRecord(line: Int, reason: String)
    /// SQLite refused a record's row (a constraint, a type a `STRICT` table rejects).
    case rejected(line: Int, message: String)
    /// The file names no column: no CSV header, or a JSON file without records for a
    /// table that does not exist yet.
    case noColumns
    /// The CSV header, or a JSON record, names a column twice (names compared as SQLite
    /// compares them: ASCII letters in either case), so that one of its values would be lost.
    case duplicateColumn(line: Int, column: String)
    /// The value of `column` in the record on `line` is text that is not valid UTF-8
    /// (see ``InvalidUTF8Handling``).
    case invalidUTF8(line: Int, column: String)
    /// Existing rows are to be matched (``ImportOptions/onConflict``), and neither the
    /// options nor the table name a key to match them by.
    case noKey(table: String)
    /// The key of the options is not the table's primary key, nor the columns of one of
    /// its `UNIQUE` indexes, so that it matches no row for certain.
    case notAKey(columns: [String], table: String)
}

extension ImportError: CustomStringConvertible {
    /// One line naming the line of the file and what was wrong.
    public var description: String {
        switch self {
        case .badRecord(let line, let reason): "line \(line): \(reason)"
        case .rejected(let line, let message): "line \(line): \(message)"
        case .noColumns: "the file names no column to import"
        case .duplicateColumn(let line, let column): "line \(line): the column \(column) is named twice"
        case .invalidUTF8(let line, let column): "line \(line): the text of column \(column) is not valid UTF-8"
        case .noKey(let table): "\(table) has no primary key to match existing rows by: name the key columns"
        case .notAKey(let columns, let table):
            "(\(columns.joined(separator: ", "))) is neither the primary key of \(table) nor the columns of a unique index"
        }
    }
}
