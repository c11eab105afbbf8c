/// A request the inspected database cannot answer: a missing table or column, or a
/// statement that would write where writes are not allowed.
public enum InspectionError: Error, Sendable, Equatable {
    /// The database has no table or view of this name.
    case unknownTable(String)
    /// The table or view has no column of this name.
    case unknownColumn(String, table: String)
    /// The statement would change the database, and writes were not allowed.
    case writeNotAllowed(sql: String)
    /// The SQL holds several statements, which run only where writes are allowed.
    case severalStatements(sql: String)
    /// A value written on a command line cannot be read.
    case badArgument(String, reason: String)
    /// The SQL began a transaction it did not end (`BEGIN` without `COMMIT`): what it
    /// did was rolled back.
    case transactionLeftOpen(sql: String)
    /// An index of this name exists already.
    case existingIndex(String)
    /// A `NOT NULL` column added to a table needs a default other than `NULL` for the
    /// rows the table has.
    case notNullWithoutDefault(column: String, table: String)
    /// The table has no full-text index (`<table>_fts`) to search or drop.
    case noFullTextIndex(table: String)
    /// The table has no row id (`WITHOUT ROWID`, or columns named `rowid`, `_rowid_` and
    /// `oid`) by which a full-text index could refer to its rows.
    case noRowID(table: String)
}

extension InspectionError: CustomStringConvertible {
    /// One line naming what was wrong.
    public var description: String {
        switch self {
        case .unknownTable(let name):
            "no such table: \(name)"
        case .unknownColumn(let column, let table):
            "no such column: \(column) in \(table)"
        case .writeNotAllowed(let sql):
            "the statement would change the database: \(sql)"
        case .badArgument(let argument, let reason):
            "cannot read the argument \(argument): \(reason)"
        case .severalStatements(let sql):
            "several statements run only where writes are allowed: \(sql)"
        case .transactionLeftOpen(let sql):
            "the SQL begins a transaction it does not end (add COMMIT): nothing was kept: \(sql)"
        case .existingIndex(let name):
            "an index named \(name) exists already"
        case .notNullWithoutDefault(let column, let table):
            "the NOT NULL column \(column) added to \(table) needs a default other than NULL"
        case .noFullTextIndex(let table):
            "\(table) has no full-text index: make one with enable-fts"
        case .noRowID(let table):
            "\(table) has no row id for a full-text index to refer to"
        }
    }
}
