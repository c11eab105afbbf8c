import BeeStore

/// A table's schema page: the SQL that created it, its columns, indexes, foreign keys
/// and triggers.
enum SchemaPage {
    static func respond(to items: QueryItems, context: BrowseContext) throws -> PageResponse {
        guard let table = items["name"] else { throw PageError.badRequest("no table named in the request") }
        let schema = try TableShape.named(table, in: context.inspector).schema
        return .html(
            PageLayout.page(title: "Schema of \(schema.name)", context: context) { html in
                html.raw("<p>")
                html.link("Rows of \(schema.name)", to: PageURL("/table", [("name", schema.name)]), [("id", "table-link")])
                html.raw("</p>")
                html.element("pre", [("id", "table-sql")], text: schema.sql ?? "(no SQL: a built-in table)")
                html.element("h2", text: "Indexes")
                html.raw("<ul id=\"indexes\">")
                if schema.indexes.isEmpty { html.element("li", text: "none") }
                for index in schema.indexes {
                    var text = "\(index.name): \(index.isUnique ? "unique " : "")(\(index.columns.joined(separator: ", ")))"
                    if let condition = index.condition { text += " where \(condition)" }
                    html.element("li", text: text)
                }
                html.raw("</ul>")
                html.element("h2", text: "Foreign keys")
                html.raw("<ul id=\"foreign-keys\">")
                if schema.foreignKeys.isEmpty { html.element("li", text: "none") }
                for key in schema.foreignKeys {
                    html.raw("<li>")
                    html.text("(\(key.columns.joined(separator: ", "))) → ")
                    html.link(key.referencedTable, to: PageURL("/table", [("name", key.referencedTable)]))
                    html.text(" (\(key.referencedColumns.joined(separator: ", ")))")
                    html.raw("</li>")
                }
                html.raw("</ul>")
                html.element("h2", text: "Triggers")
                html.raw("<div id=\"triggers\">")
                if schema.triggers.isEmpty { html.element("p", text: "none") }
                for trigger in schema.triggers { html.element("pre", text: trigger.sql) }
                html.raw("</div>")
            })
    }
}
