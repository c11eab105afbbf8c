/// Columns of a table whose repeated values ``Inspector/extractColumns(_:of:progress:)``
/// moves into a lookup table, as sqlite-utils' `extract` does: the lookup table gets an
/// `id` integer primary key and one row per distinct combination of values, and the
/// columns are replaced by one integer column referencing it.
///
/// ```swift
/// var extraction = ColumnExtraction(columns: ["Composer"])
/// extraction.lookupTable = "Composers"  // default: "Composer", the column's name
/// try inspector.extractColumns(extraction, of: "Track")
/// // Track.Composer_id references Composers.id; Composers(id, Composer) holds each composer once.
/// ```
public struct ColumnExtraction: Sendable, Hashable {
    /// The columns to extract, in the order the lookup table gets them.
    public var columns: [String]
    /// The lookup table: created when missing; an existing one must have an `INTEGER
    /// PRIMARY KEY` and the lookup columns. Nil for the columns' names joined by `_`.
    public var lookupTable: String?
    /// The new column referencing the lookup table, in place of the first extracted
    /// column. Nil for `<lookup table>_id`.
    public var foreignKeyColumn: String?
    /// The names the lookup table gives the columns, by column; the others keep theirs.
    public var lookupColumnNames: [String: String] = [:]

    /// An extraction of `columns`, with the default names.
    public init(columns: [String]) {
        self.columns = columns
    }
}

/// What ``Inspector/extractColumns(_:of:progress:)`` did.
public struct ExtractionSummary: Sendable, Hashable {
    /// The table whose columns were replaced, as the schema spells it.
    public let table: String
    /// The lookup table, as the schema spells it.
    public let lookupTable: String
    /// The column of `table` that now references the lookup table.
    public let foreignKeyColumn: String
    /// The rows added to the lookup table: the combinations of values it did not hold.
    public let addedLookupRowCount: Int
    /// Whether the lookup table was created.
    public let createdLookupTable: Bool
}

/// Why ``Inspector/extractColumns(_:of:progress:)`` refused to extract columns; nothing
/// was changed.
public enum ExtractionError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No column to extract, or one named twice.
    case badColumns(table: String)
    /// The lookup table is the table itself.
    case lookupIsTable(String)
    /// A column to extract is part of the table's primary key, of a `UNIQUE` constraint
    /// or of a foreign key.
    case keyColumn(column: String, table: String)
    /// The new column's name is taken by a column that stays.
    case existingColumn(column: String, table: String)
    /// The existing lookup table has no single `INTEGER PRIMARY KEY` column to reference.
    case noIntegerKey(table: String)
    /// Rows whose values SQLite compares as equal to a lookup row's but which differ from
    /// it (`1` and `1.0`; values an existing lookup table converts): replacing them by a
    /// reference would change them.
    case inexactValues(rowCount: Int, table: String, lookupTable: String)

    /// A sentence naming the table and what was wrong.
    public var description: String {
        switch self {
        case .badColumns(let table): "name each column of \(table) to extract once"
        case .lookupIsTable(let table): "the lookup table cannot be \(table) itself"
        case .keyColumn(let column, let table): "\(column) is part of a key of \(table): it cannot be extracted"
        case .existingColumn(let column, let table): "\(table) has a column named \(column) already"
        case .noIntegerKey(let table): "\(table) has no INTEGER PRIMARY KEY column for the new column to reference"
        case .inexactValues(let count, let table, let lookupTable):
            "\(count) \(count == 1 ? "row" : "rows") of \(table) hold values that \(lookupTable) would not keep exactly "
                + "(such as 1 and 1.0 in one column): nothing was changed"
        }
    }
}
