import BeeStore

/// What the foreign-key diagram draws, before any layout: a box per table with the rows it
/// shows (its name, then its columns), and an edge per foreign key from the row of the
/// key's first column to the row of the column it references.
struct DiagramGraph: Sendable {
    /// One table's box.
    struct Table: Sendable {
        /// The table's name, as the database spells it.
        let name: String
        /// The rows under the name: columns, and maybe a last row counting those left out.
        let rows: [Row]
        /// The box's width, from its longest text.
        let width: Double
    }

    /// One row of a box.
    struct Row: Sendable {
        /// The text shown: a column's name, or how many columns are left out.
        let text: String
        /// `PK`, `FK`, or empty: drawn in letters, which every font has.
        let mark: String
        /// The column the row shows, nil for the count of the columns left out.
        let column: String?
    }

    /// One foreign key: from a row of one table to a row of another, or of the same table.
    struct Edge: Sendable, Hashable {
        /// The index of the table holding the foreign key, and of the row of its first column.
        let from: Endpoint
        /// The index of the referenced table, and of the row of the referenced column (the
        /// name row when the key references the rowid).
        let to: Endpoint

        /// Whether the key references its own table (`Employee.ReportsTo`).
        var isSelfReference: Bool { from.table == to.table }
    }

    /// A row of a table: where an edge ends.
    struct Endpoint: Sendable, Hashable {
        let table: Int
        /// 0 for the name row, 1 for the first column's, and so on.
        let row: Int
    }

    /// The height of the name row.
    static let headerHeight = 24.0
    /// The height of each other row.
    static let rowHeight = 18.0
    /// The most columns a box shows besides those that take part in a foreign key.
    static let shownColumnCount = 14
    /// The most Unicode scalars of a name a box shows.
    static let shownNameLength = 40
    /// The width given to each scalar of the longest text, and to the mark column.
    private static let scalarWidth = 7.4
    private static let markWidth = 26.0

    let tables: [Table]
    let edges: [Edge]

    /// The graph of the tables among `schemas` (views are left out) and their foreign keys.
    init(schemas: [TableSchema]) {
        let schemas = schemas.filter { $0.kind != .view }
        var index: [SQLName: Int] = [:]
        for (position, schema) in schemas.enumerated() where index[SQLName(schema.name)] == nil {
            index[SQLName(schema.name)] = position
        }
        // The columns every key touches, on either side, are shown whatever their place.
        var keyColumns = Array(repeating: Set<SQLName>(), count: schemas.count)
        var references: [(from: (Int, String), to: (Int, String?))] = []
        for (position, schema) in schemas.enumerated() {
            for key in schema.foreignKeys {
                guard let target = index[SQLName(key.referencedTable)], let column = key.columns.first else { continue }
                let referenced = key.referencedColumns.first ?? schemas[target].primaryKey.first
                keyColumns[position].insert(SQLName(column))
                if let referenced { keyColumns[target].insert(SQLName(referenced)) }
                references.append(((position, column), (target, referenced)))
            }
        }
        tables = schemas.enumerated().map { position, schema in
            Self.table(schema, keeping: keyColumns[position])
        }
        let tables = tables
        edges = references.compactMap { reference in
            guard let from = Self.row(of: reference.from.1, in: tables[reference.from.0]) else { return nil }
            let to = reference.to.1.flatMap { Self.row(of: $0, in: tables[reference.to.0]) } ?? 0
            return Edge(from: Endpoint(table: reference.from.0, row: from), to: Endpoint(table: reference.to.0, row: to))
        }
    }

    /// The box of `schema`: its key columns and the first others, then a count of the rest.
    private static func table(_ schema: TableSchema, keeping keyColumns: Set<SQLName>) -> Table {
        let foreignKeyColumns = Set(schema.foreignKeys.flatMap(\.columns).map(SQLName.init))
        var rows: [Row] = []
        var others = 0
        for column in schema.columns {
            let isKey = keyColumns.contains(SQLName(column.name)) || column.primaryKeyPosition != nil
            if !isKey {
                others += 1
                guard others <= shownColumnCount else { continue }
            }
            let mark = column.primaryKeyPosition != nil ? "PK" : foreignKeyColumns.contains(SQLName(column.name)) ? "FK" : ""
            rows.append(Row(text: shown(column.name), mark: mark, column: column.name))
        }
        if others > shownColumnCount {
            rows.append(Row(text: "+ \(others - shownColumnCount) more columns", mark: "", column: nil))
        }
        let longest = ([shown(schema.name)] + rows.map(\.text)).map(\.unicodeScalars.count).max() ?? 0
        return Table(name: schema.name, rows: rows, width: (Double(longest) * scalarWidth + markWidth + 20).rounded(.up))
    }

    /// `name`, cut to ``shownNameLength`` scalars with `...` after it when longer.
    static func shown(_ name: String) -> String {
        guard name.unicodeScalars.count > shownNameLength else { return name }
        return String(String.UnicodeScalarView(name.unicodeScalars.prefix(shownNameLength))) + "..."
    }

    /// The row (1 for the first column) that shows `column` in `table`.
    private static func row(of column: String, in table: Table) -> Int? {
        table.rows.firstIndex { $0.column.map { $0.isSameSQLName(as: column) } ?? false }.map { $0 + 1 }
    }

    /// The height of a box of `table`.
    static func height(of table: Table) -> Double {
        headerHeight + Double(table.rows.count) * rowHeight
    }

    /// The vertical middle of row `row` of a box whose top is at `top`.
    static func middle(ofRow row: Int, top: Double) -> Double {
        row == 0 ? top + headerHeight / 2 : top + headerHeight + (Double(row) - 0.5) * rowHeight
    }
}
