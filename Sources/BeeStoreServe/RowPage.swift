import BeeStore

/// One row's page: its values, foreign keys labelled and linked, and the rows of other
/// tables that point to it.
enum RowPage {
    /// The row that `items` name: `name` and one `key` per key column, or `by` (a column)
    /// and `value`.
    static func respond(to items: QueryItems, context: BrowseContext) throws -> PageResponse {
        guard let table = items["name"] else { throw PageError.badRequest("no table named in the request") }
        let shape = try TableShape.named(table, in: context.inspector)
        var query = context.database.from(shape.name)
        if let column = items["by"] {
            query = query.where(try shape.column(column), try ValueToken.decode(items["value"] ?? ""))
        } else {
            let keys = try items.all("key").map(ValueToken.decode)
            guard !shape.keyColumns.isEmpty, keys.count == shape.keyColumns.count else {
                throw PageError.badRequest("the row's key does not match the key of \(shape.name)")
            }
            for (column, value) in zip(shape.keyColumns, keys) { query = query.where(column, value) }
        }
        guard let row = try query.select("*").first() else { throw PageError.notFound("no such row in \(shape.name)") }
        let result = QueryResult(columnNames: shape.columnNames, rows: [row.values])
        if let export = try PageResponse.export(result, named: shape.name, ifAskedBy: items) { return export }
        let labels = try ForeignKeyLabels(shape: shape, rows: [row], valueOffset: 0, context: context)
        let incoming = try IncomingLinks(to: row, of: shape, context: context)
        return .html(
            PageLayout.page(title: shape.name, context: context) { html in
                html.raw("<p>")
                html.link("All rows of \(shape.name)", to: PageURL("/table", [("name", shape.name)]), [("id", "table-link")])
                html.raw(" · export ")
                html.link("CSV", to: Self.url(items).adding("_format", "csv"), [("id", "export-csv")])
                html.raw(" ")
                html.link("JSON", to: Self.url(items).adding("_format", "json"), [("id", "export-json")])
                html.raw("</p><table id=\"row\"><tbody>")
                for (index, column) in shape.columnNames.enumerated() {
                    html.raw("<tr>")
                    html.element("th", text: column)
                    html.open("td", [("data-column", column)])
                    labels.append(row[index], of: column, to: &html)
                    html.raw("</td></tr>")
                }
                html.raw("</tbody></table>")
                incoming.write(to: &html)
            })
    }
}

extension RowPage {
    /// The URL of the row page `items` ask for.
    fileprivate static func url(_ items: QueryItems) -> PageURL {
        PageURL("/row", items.items.filter { ["name", "key", "by", "value"].contains($0.name) }.map { ($0.name, $0.value) })
    }
}

/// The rows of other tables whose foreign keys point to a row, counted per foreign key.
struct IncomingLinks {
    private var links: [(table: String, column: String, value: Value, count: Int?)] = []

    init(to row: Row, of shape: TableShape, context: BrowseContext) throws {
        for other in try context.inspector.schemas() {
            for key in other.foreignKeys where key.columns.count == 1 && key.referencedTable.isSameSQLName(as: shape.name) {
                guard let target = key.referencedColumns.first ?? shape.schema.primaryKey.first,
                    let index = shape.columnNames.firstIndex(where: { $0.isSameSQLName(as: target) })
                else { continue }
                let value = row[index]
                guard value != .null else { continue }
                let count = try? context.counting.from(other.name).where(key.columns[0], value).count()
                links.append((other.name, key.columns[0], value, count))
            }
        }
    }

    func write(to html: inout HTML) {
        html.element("h2", text: "Links from other tables")
        html.raw("<ul id=\"links-from\">")
        if links.isEmpty { html.element("li", text: "none") }
        for link in links {
            let filter = TableFilter(column: link.column, op: .exact, value: CellFormat.text(link.value))
            let url = PageURL("/table", [("name", link.table), filter.queryItem])
            let count = link.count.map(CountText.rows) ?? "rows"
            html.raw("<li>")
            html.link("\(count) in \(link.table).\(link.column)", to: url, [("class", "incoming")])
            html.raw("</li>")
        }
        html.raw("</ul>")
    }
}
