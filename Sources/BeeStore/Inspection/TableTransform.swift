/// Changes to the columns of a table that ``Inspector/transformTable(_:_:progress:)`` makes at
/// once, through the table rebuild. Columns are named as the table names them before the
/// change (ASCII letters in either case).
///
/// ```swift
/// var transform = TableTransform()
/// transform.columnTypes["Milliseconds"] = .real
/// transform.renamedColumns["Bytes"] = "Size"
/// transform.droppedColumns = ["Composer"]
/// try inspector.transformTable("Track", transform)
/// ```
public struct TableTransform: Sendable, Hashable {
    /// New declared types, by column.
    public var columnTypes: [String: ColumnType] = [:]
    /// New names, by column.
    public var renamedColumns: [String: String] = [:]
    /// Columns to drop, with the foreign keys made of them.
    public var droppedColumns: [String] = []
    /// Columns to put first, in this order; the others follow in their order.
    public var columnOrder: [String] = []
    /// Columns to make `NOT NULL` (true) or to let hold `NULL` (false).
    public var notNull: [String: Bool] = [:]
    /// New defaults, by column; `NULL` removes a column's default.
    public var defaultValues: [String: Value] = [:]
    /// Foreign keys to add.
    public var addedForeignKeys: [AddedForeignKey] = []

    /// No change: set the properties that say what to change.
    public init() {}
}

/// A foreign key that ``TableTransform/addedForeignKeys`` adds to a table.
public struct AddedForeignKey: Sendable, Hashable {
    /// The referencing columns of the table, in order.
    public var columns: [String]
    /// The referenced table.
    public var referencedTable: String
    /// The referenced columns, in order: its primary key, or the columns of a `UNIQUE`
    /// constraint or index; empty for its primary key.
    public var referencedColumns: [String]
    /// What a referencing row does when the referenced one is deleted; nil for SQLite's
    /// default, `NO ACTION`.
    public var onDelete: ForeignKeyAction?

    /// A foreign key from `columns` to `referencedColumns` of `referencedTable`.
    public init(
        columns: [String], referencedTable: String, referencedColumns: [String] = [], onDelete: ForeignKeyAction? = nil
    ) {
        self.columns = columns
        self.referencedTable = referencedTable
        self.referencedColumns = referencedColumns
        self.onDelete = onDelete
    }
}

/// Why ``Inspector/transformTable(_:_:progress:)`` refused to change a table; nothing was changed.
public enum TableTransformError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The table has a part that its rebuilt definition would lose (`CHECK` constraints,
    /// generated columns), so it is left alone.
    case unsupported(table: String, feature: String)
    /// The column to drop is part of the primary key or of a `UNIQUE` constraint.
    case keyColumnDropped(column: String, table: String)
    /// Every column would be dropped.
    case noColumnLeft(table: String)

    /// A sentence naming the table and what was wrong.
    public var description: String {
        switch self {
        case .unsupported(let table, let feature): "\(table) has \(feature), which a transform would lose"
        case .keyColumnDropped(let column, let table): "\(column) is part of a key of \(table): it cannot be dropped"
        case .noColumnLeft(let table): "the transform would drop every column of \(table)"
        }
    }
}
