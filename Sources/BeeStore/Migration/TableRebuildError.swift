/// Why ``Connection/rebuildTable(_:definition:columnValues:progress:)`` refused to rebuild a table.
public enum TableRebuildError: Error, CustomStringConvertible {
    /// The database has no table of that name.
    case noSuchTable(String)

    /// `columnValues` names columns the new definition does not have.
    case unknownColumns(table: String, columns: [String])

    /// No column of the new definition gets a value from the old table, so its rows would be lost.
    case nothingToCopy(table: String)

    /// The rebuild runs inside a transaction with foreign keys enforced: dropping the old
    /// table would delete or cascade into the rows that refer to it. Rebuild outside a
    /// transaction, or inside a migration (which suspends enforcement).
    case foreignKeysEnforced(table: String)

    /// A sentence naming the table and what was wrong.
    public var description: String {
        switch self {
        case .noSuchTable(let table):
            "no table named \(table)"
        case .unknownColumns(let table, let columns):
            "the new definition of \(table) has no column named \(columns.joined(separator: ", "))"
        case .nothingToCopy(let table):
            "no column of the new definition of \(table) takes a value from the old table"
        case .foreignKeysEnforced(let table):
            "cannot rebuild \(table) inside a transaction while foreign keys are enforced"
        }
    }
}
