/// How ``Inspector/importRows(from:format:into:options:progress:)`` matches records with the rows
/// a table has, and what it does with text that is not UTF-8.
///
/// ```swift
/// // Import a file again without duplicating its rows: update those already there.
/// let options = ImportOptions(key: ["id"], onConflict: .upsert)
/// try inspector.importRows(from: data, format: .csv, into: "track", options: options)
/// ```
public struct ImportOptions: Sendable, Hashable {
    /// The columns that identify a row: the primary key of a table the import creates,
    /// and the conflict target of ``onConflict`` (a table that exists must have a
    /// `PRIMARY KEY` or a `UNIQUE` index, not a partial one, of exactly these columns).
    /// Empty, the table's own primary key.
    public var key: [String]

    /// What a record whose key a row of the table has already does.
    public var onConflict: ImportConflict

    /// What text of the file that is not valid UTF-8 becomes.
    public var invalidUTF8: InvalidUTF8Handling

    /// Whether columns of the file that an existing table lacks are added to it (typed as
    /// a new table's columns are), rather than refused.
    public var addsMissingColumns: Bool

    /// Options with every part given or left as its default: no key of its own, a
    /// conflict is an error, and so are text that is not UTF-8 and a column the table
    /// does not have.
    public init(
        key: [String] = [], onConflict: ImportConflict = .fail, invalidUTF8: InvalidUTF8Handling = .refuse,
        addsMissingColumns: Bool = false
    ) {
        self.key = key
        self.onConflict = onConflict
        self.invalidUTF8 = invalidUTF8
        self.addsMissingColumns = addsMissingColumns
    }
}

/// What an import does with a record whose key a row of the table has already (see
/// ``ImportOptions/key``). Every choice but ``fail`` needs a key, and refuses a record
/// without a value for each of its columns (`NULL` matches no row, so the record would be
/// added again on every import).
public enum ImportConflict: String, Sendable, Hashable, CaseIterable {
    /// The record is refused, as SQLite refuses it (``ImportError/rejected(line:message:)``),
    /// and the import rolled back.
    case fail
    /// The record replaces the row, as SQLite's `INSERT OR REPLACE` would: each column
    /// takes the record's value, or its default when the record has none (but for
    /// primary key columns, which keep theirs). The row is updated in place: it keeps
    /// its row id, rows that refer to it stay, and a record that conflicts with another
    /// row on a different `UNIQUE` constraint is refused rather than deleting that row.
    case replace
    /// The record is left out; the row stays as it is.
    case ignore
    /// The columns the record has are updated in the row; its other columns stay as
    /// they are. A record that is new is inserted.
    case upsert
}

/// What an import does with text that is not valid UTF-8: a quoted or unquoted CSV field,
/// a JSON string, or the text of a JSON object or array.
public enum InvalidUTF8Handling: String, Sendable, Hashable, CaseIterable {
    /// The import stops with ``ImportError/invalidUTF8(line:column:)``, naming the record
    /// and its column.
    case refuse
    /// The bytes are kept as they are, as a blob. (Column names must be UTF-8 whatever
    /// the choice.)
    case blob
}
