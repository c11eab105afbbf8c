/// The menu of a table page's column header, as Datasette's: sort ascending or descending,
/// facet by the column, hide it. A `<details>` element opens it, so that it needs no script.
extension TablePageContent {
    func writeColumnMenu(of column: String, to html: inout HTML) {
        html.open("details", [("class", "column-menu"), ("data-menu-column", column)])
        // The marker is drawn by the stylesheet, so that the header's text stays the column's name.
        html.element("summary", [("title", "column actions"), ("aria-label", "actions of \(column)")], text: "")
        html.raw("<ul>")
        let unsorted = request.url.removing { $0 == "_sort" || $0 == "_sort_desc" }
        item("Sort ascending", to: unsorted.adding("_sort", column), action: "sort", html: &html)
        item("Sort descending", to: unsorted.adding("_sort_desc", column), action: "sort-desc", html: &html)
        if !request.facets.contains(Facet(column: column, kind: .values)) {
            item("Facet by this", to: request.url.adding("_facet", column), action: "facet", html: &html)
        }
        if queries.shownColumns.count > 1 {
            let hidden = request.columns.isEmpty
                ? request.url.adding("_nocol", column)
                : request.url.removing { $0 == "_col" }.adding(columns: request.columns.filter { $0 != column })
            item("Hide this column", to: hidden, action: "hide", html: &html)
        }
        html.raw("</ul></details>")
    }

    private func item(_ label: String, to url: PageURL, action: String, html: inout HTML) {
        html.raw("<li>")
        html.link(label, to: url, [("class", "column-action"), ("data-action", action)])
        html.raw("</li>")
    }
}

extension PageURL {
    /// This URL with a `_col` item for each of `columns`, in order.
    fileprivate func adding(columns: [String]) -> PageURL {
        columns.reduce(self) { $0.adding("_col", $1) }
    }
}
