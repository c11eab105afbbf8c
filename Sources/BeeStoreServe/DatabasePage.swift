import BeeStore

/// The database's page: its tables and views, with their row counts (counted under the
/// short time limit, so that a huge table shows as unknown instead of stalling the page).
enum DatabasePage {
    static func respond(to items: QueryItems, context: BrowseContext) throws -> PageResponse {
        let tables = try Inspector(context.counting).tables()
        if let export = try PageResponse.export(QueryResult(tables), named: "tables", ifAskedBy: items) { return export }
        return .html(
            PageLayout.page(title: context.displayName, databaseName: context.displayName) { html in
                html.raw("<table id=\"tables\"><thead><tr><th>name</th><th>kind</th><th>rows</th></tr></thead><tbody>")
                for table in tables {
                    html.raw("<tr><td>")
                    html.link(table.name, to: PageURL("/table", [("name", table.name)]), [("class", "table-link")])
                    html.raw("</td>")
                    html.element("td", text: table.kind.rawValue)
                    html.element("td", [("class", "row-count")], text: table.rowCount.map(CountText.number) ?? "many")
                    html.raw("</tr>")
                }
                html.raw("</tbody></table><p>Export: ")
                html.link("CSV", to: PageURL("/", [("_format", "csv")]), [("id", "export-csv")])
                html.raw(" ")
                html.link("JSON", to: PageURL("/", [("_format", "json")]), [("id", "export-json")])
                html.raw("</p>")
            })
    }
}
