/// Why an import stopped; nothing of it was kept (it runs in one transaction).
public enum ImportError: Error, Sendable, Equatable {
    /// A record of the file cannot be read: bad syntax, a wrong number of fields, a
    /// column the table does not have.
    case badRecord(line: Int, reason: String)
    /// SQLite refused a record's row (a constraint, a type a `STRICT` table rejects).
    case rejected(line: Int, message: String)
    /// The file names no column: no CSV header, or a JSON file without records for a
    /// table that does not exist yet.
    case noColumns
}

extension ImportError: CustomStringConvertible {
    /// One line naming the line of the file and what was wrong.
    public var description: String {
        switch self {
        case .badRecord(let line, let reason): "line \(line): \(reason)"
        case .rejected(let line, let message): "line \(line): \(message)"
        case .noColumns: "the file names no column to import"
        }
    }
}
