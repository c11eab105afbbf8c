import BeeStore

/// The labels of the rows a page's foreign-key values point to, read with one query per
/// foreign key: `Track.AlbumId = 1` shows as the album's title, linked to its row.
struct ForeignKeyLabels: Sendable {
    /// For each column with a foreign key: the table it points to, the column there, and
    /// the label of each value found on the page.
    private(set) var columns: [String: (table: String, column: String, labels: [Value: String])] = [:]

    /// The labels of `values`, given per column of `shape`; columns without a foreign
    /// key are left out.
    init(shape: TableShape, values: [String: [Value]], context: BrowseContext) throws {
        for column in shape.columnNames {
            guard let key = shape.foreignKey(of: column),
                let target = try? TableShape.named(key.referencedTable, in: context.inspector),
                let targetColumn = key.referencedColumns.first ?? target.schema.primaryKey.first ?? target.keyColumns.first
            else { continue }
            let wanted = Array(Set((values[column] ?? []).filter { $0 != .null }))
            var labels: [Value: String] = [:]
            if let label = target.labelColumn, !wanted.isEmpty {
                let found = try context.database.from(target.name).select(targetColumn, label).whereIn(targetColumn, wanted).get()
                for row in found where row[1] != .null { labels[row[0]] = CellFormat.text(row[1]) }
            }
            columns[column] = (target.name, targetColumn, labels)
        }
    }

    /// The labels of the values `rows` hold in the columns of `shape`, which start at
    /// `valueOffset` in each row.
    init(shape: TableShape, rows: [Row], valueOffset: Int, context: BrowseContext) throws {
        try self.init(shape: shape, values: Self.values(of: rows, in: shape, valueOffset: valueOffset), context: context)
    }

    /// The values `rows` hold per column of `shape`, whose columns start at `valueOffset`.
    static func values(of rows: [Row], in shape: TableShape, valueOffset: Int) -> [String: [Value]] {
        var values: [String: [Value]] = [:]
        for (index, column) in shape.columnNames.enumerated() { values[column] = rows.map { $0[valueOffset + index] } }
        return values
    }

    /// Appends `value` of `column`: a link to the row it points to, labelled, with the
    /// value itself beside it; or the value alone (text cut at `textLimit`) when the
    /// column has no foreign key.
    func append(_ value: Value, of column: String, to html: inout HTML, textLimit: Int? = nil) {
        guard let target = columns[column], value != .null else {
            return CellFormat.append(value, to: &html, textLimit: textLimit)
        }
        let url = PageURL("/row", [("name", target.table), ("by", target.column), ("value", ValueToken.encode(value))])
        html.link(target.labels[value] ?? CellFormat.text(value), to: url, [("class", "fk")])
        if target.labels[value] != nil {
            html.raw(" ")
            html.element("span", [("class", "fk-value")], text: CellFormat.text(value))
        }
    }

    /// The label of `value` in `column`, if it has one.
    func label(of value: Value, in column: String) -> String? {
        columns[column]?.labels[value]
    }
}
