/// The frame every HTML page shares: the head (stylesheet, script, no inline code, so
/// that the Content-Security-Policy forbids every script but the server's own), the
/// navigation, and the page's title.
enum PageLayout {
    /// A whole page titled `title`, its body written by `body`: a page of the database of
    /// `context`, or of the server itself (the list of its databases) when `context` is nil.
    /// A live page reloads when another connection changes a served database.
    static func page(title: String, context: BrowseContext?, isLive: Bool = true, body: (inout HTML) throws -> Void) rethrows
        -> HTML
    {
        var html = HTML(basePath: context?.basePath ?? "")
        html.raw("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">")
        html.raw("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">")
        let databaseName = context?.displayName ?? title
        html.element("title", text: title == databaseName ? title : "\(title) · \(databaseName)")
        html.raw("<link rel=\"icon\" href=\"data:,\"><link rel=\"stylesheet\" href=\"/style.css\">")
        html.raw("<script src=\"/app.js\" defer></script></head>")
        html.open("body", isLive ? [("data-live", "1")] : [])
        html.raw("<nav>")
        if context?.basePath.isEmpty != true { html.raw("<a href=\"/\" id=\"nav-databases\">Databases</a>") }
        if context != nil {
            html.link(databaseName, to: PageURL("/"), [("id", "nav-home")])
            html.link("SQL", to: PageURL("/query"), [("id", "nav-query")])
            html.link("Diagram", to: PageURL("/diagram"), [("id", "nav-diagram")])
            html.link("Integrity", to: PageURL("/integrity"), [("id", "nav-integrity")])
            html.link("Storage", to: PageURL("/storage"), [("id", "nav-storage")])
            html.link("Migrations", to: PageURL("/migrations"), [("id", "nav-migrations")])
        }
        html.raw("</nav><main>")
        html.element("h1", text: title)
        try body(&html)
        html.raw("</main></body></html>\n")
        return html
    }
}
