import BeeStore

/// The database's page: what the metadata file says of it, its tables and views, with
/// their row counts (counted under the short time limit, so that a huge table shows as
/// unknown instead of stalling the page), its canned queries, and its download when
/// downloads are on.
enum DatabasePage {
    static func respond(to items: QueryItems, context: BrowseContext) throws -> PageResponse {
        let tables = try Inspector(context.counting).tables()
        if let export = try PageResponse.export(QueryResult(tables), named: "tables", ifAskedBy: items) { return export }
        let metadata = context.metadata
        return .html(
            PageLayout.page(title: metadata.about.title ?? context.displayName, context: context) { html in
                metadata.about.write(to: &html)
                html.raw("<table id=\"tables\"><thead><tr><th>name</th><th>kind</th><th>rows</th></tr></thead><tbody>")
                for table in tables {
                    html.raw("<tr><td>")
                    html.link(table.name, to: PageURL("/table", [("name", table.name)]), [("class", "table-link")])
                    html.raw("</td>")
                    html.element("td", text: table.kind.rawValue)
                    html.element("td", [("class", "row-count")], text: table.rowCount.map(CountText.number) ?? "many")
                    html.raw("</tr>")
                }
                html.raw("</tbody></table>")
                if !metadata.queries.isEmpty {
                    html.element("h2", text: "Queries")
                    html.raw("<ul id=\"canned-queries\">")
                    for query in metadata.queries {
                        html.raw("<li>")
                        html.link(query.about.title ?? query.name, to: PageURL("/canned", [("name", query.name)]), [("class", "canned-link")])
                        html.raw("</li>")
                    }
                    html.raw("</ul>")
                }
                html.raw("<p>Export: ")
                html.link("CSV", to: PageURL("/", [("_format", "csv")]), [("id", "export-csv")])
                html.raw(" ")
                html.link("JSON", to: PageURL("/", [("_format", "json")]), [("id", "export-json")])
                if context.allowsDownload {
                    html.raw(" · ")
                    html.link("Download the database", to: PageURL("/download"), [("id", "download")])
                }
                html.raw("</p>")
            })
    }
}
