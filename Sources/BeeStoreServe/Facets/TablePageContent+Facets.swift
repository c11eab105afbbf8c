import BeeStore

extension TablePageContent {
    /// The suggested facets, each a link adding it to the page.
    func writeFacetSuggestions(to html: inout HTML) {
        guard !suggestedFacets.isEmpty else { return }
        html.raw("<p id=\"facet-suggestions\">Suggested facets: ")
        for facet in suggestedFacets {
            html.link(
                facet.column + facet.kind.suffix, to: request.url.adding(facet.queryItem.0, facet.queryItem.1),
                [("class", "add-facet"), ("data-column", facet.column), ("data-kind", facet.kind.rawValue)])
            html.raw(" ")
        }
        html.raw("</p>")
    }

    /// The facets: per facet, its values with their counts, each linked to the filter that
    /// selects the rows it counts, and a link removing the facet.
    func writeFacets(to html: inout HTML) {
        guard !facets.isEmpty else { return }
        html.raw("<div id=\"facets\">")
        for (facet, values) in facets {
            html.open("div", [("class", "facet"), ("data-column", facet.column), ("data-kind", facet.kind.rawValue)])
            html.open("h3")
            html.text(facet.column + facet.kind.suffix + " ")
            let others = request.facets.filter { $0 != facet }
            let url = others.reduce(request.url.removing { Facet.Kind(rawValue: $0) != nil }) { $0.adding($1.queryItem.0, $1.queryItem.1) }
            html.link("✕", to: url, [("class", "remove-facet"), ("title", "remove this facet")])
            html.close("h3")
            guard let values else {
                html.element("p", text: "too slow to count")
                html.close("div")
                continue
            }
            html.raw("<ul>")
            for (value, count) in values {
                let filter = facet.filter(selecting: value)
                let label = facet.kind == .values ? labels.label(of: value, in: facet.column) : nil
                html.raw("<li>")
                html.link(label ?? CellFormat.text(value), to: request.url.adding(filter.queryItem.0, filter.queryItem.1), [("class", "facet-value")])
                html.raw(" ")
                html.element("span", [("class", "count")], text: CountText.number(count))
                html.raw("</li>")
            }
            html.raw("</ul></div>")
        }
        html.raw("</div>")
    }
}
