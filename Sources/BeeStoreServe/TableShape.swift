import BeeStore

/// What the pages need to know of a table or view: its columns, the key that identifies
/// and pages its rows, its single-column foreign keys, and whether it is an FTS5 table.
struct TableShape: Sendable {
    /// The schema, as SQLite describes it.
    let schema: TableSchema
    /// The columns that identify a row, in order: `rowid` (or another name of it that no
    /// column hides) for an ordinary table, the primary key for a `WITHOUT ROWID` table,
    /// none for a view.
    let keyColumns: [String]

    /// The table's name as the database spells it.
    var name: String { schema.name }

    /// The names of the table's columns.
    var columnNames: [String] { schema.columns.map(\.name) }

    /// Whether the key columns are selected before the table's own (the rowid is not one
    /// of them).
    var selectsKeySeparately: Bool { !schema.isWithoutRowID && !keyColumns.isEmpty }

    /// Whether the table is an FTS5 full-text index, searched with `_search`.
    var isFullTextSearchable: Bool {
        schema.module?.lowercased() == "fts5"
    }

    /// The shape of `schema`.
    init(_ schema: TableSchema) {
        self.schema = schema
        if schema.kind == .view {
            keyColumns = []
        } else if schema.isWithoutRowID {
            keyColumns = schema.primaryKey
        } else {
            let taken = Set(schema.columns.map { SQLName($0.name) })
            keyColumns = ["rowid", "_rowid_", "oid"].first { !taken.contains(SQLName($0)) }.map { [$0] } ?? []
        }
    }

    /// The shape of the table or view named `name`, or a 404 when there is none.
    static func named(_ name: String, in inspector: Inspector) throws -> TableShape {
        do {
            return TableShape(try inspector.schema(ofTable: name))
        } catch InspectionError.unknownTable {
            throw PageError.notFound("no table or view named \(name)")
        }
    }

    /// The column named `name` (compared as SQLite compares names), or a 400 naming it.
    func column(_ name: String) throws -> String {
        guard let column = schema.columns.first(where: { $0.name.isSameSQLName(as: name) }) else {
            throw PageError.badRequest("no column \(name) in \(self.name)")
        }
        return column.name
    }

    /// Whether no two rows share a value of `column`: the primary key's only column, or the
    /// only column of a unique index without a condition.
    func isUnique(_ column: String) -> Bool {
        if schema.primaryKey == [column] { return true }
        return schema.indexes.contains { $0.isUnique && !$0.isPartial && $0.columns == [column] }
    }

    /// The foreign key whose only column is `column`, if any.
    func foreignKey(of column: String) -> ForeignKeySchema? {
        schema.foreignKeys.first { $0.columns.count == 1 && $0.columns[0] == column }
    }

    /// The column that labels a row of this table where another table points to it: one
    /// named `name`, else the first whose name holds "name" (`LastName`), else one named
    /// `title` or `label`, else the first text column that is not the key.
    var labelColumn: String? {
        let columns = schema.columns.filter { $0.primaryKeyPosition == nil }
        let lowercased = columns.map { $0.name.lowercased() }
        let index =
            lowercased.firstIndex(of: "name") ?? lowercased.firstIndex { $0.contains("name") }
            ?? lowercased.firstIndex(of: "title") ?? lowercased.firstIndex(of: "label")
            ?? columns.firstIndex { column in ["CHAR", "CLOB", "TEXT"].contains { column.declaredType.uppercased().contains($0) } }
        return index.map { columns[$0].name }
    }
}
