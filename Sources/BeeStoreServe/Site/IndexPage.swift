import BeeStore

/// The page of a server of several databases: the metadata file's title and description
/// of the server, then each database with its tables' count, linked to its own pages, and
/// to its download when downloads are on.
enum IndexPage {
    static func respond(to items: QueryItems, browser: Browser) throws -> PageResponse {
        let summaries = try browser.databases.map { context in
            (context: context, tables: try Inspector(context.counting).tables())
        }
        if let export = try PageResponse.export(
            QueryResult(
                columnNames: ["name", "file", "tables"],
                rows: summaries.map { [.text($0.context.urlName), .text($0.context.displayName), .integer(Int64($0.tables.count))] }),
            named: "databases", ifAskedBy: items)
        {
            return export
        }
        return .html(
            PageLayout.page(title: browser.about.title ?? "Databases", context: nil) { html in
                browser.about.write(to: &html)
                html.raw("<table id=\"databases\"><thead><tr><th>database</th><th>file</th><th>tables</th><th></th></tr></thead><tbody>")
                for (context, tables) in summaries {
                    html.raw("<tr><td>")
                    html.element("a", [("href", context.href(PageURL("/"))), ("class", "database-link")], text: context.urlName)
                    html.raw("</td>")
                    html.element("td", text: context.displayName)
                    html.element("td", [("class", "table-count")], text: CountText.number(tables.count))
                    html.raw("<td>")
                    if context.allowsDownload {
                        html.element("a", [("href", context.href(PageURL("/download"))), ("class", "download")], text: "download")
                    }
                    html.raw("</td></tr>")
                }
                html.raw("</tbody></table>")
            })
    }
}
