import BeeStore

/// The database's foreign-key diagram: a box per table with its columns, and an edge from
/// each foreign key's column to the column it references, laid out by Graphviz's `dot`
/// when it is installed and by BeeStore's own layered layout otherwise (or when asked
/// with `_layout=layered`).
enum DiagramPage {
    /// Who lays the diagram out, as `_layout` names it.
    enum Method: String, Sendable {
        /// Graphviz's `dot`.
        case graphviz = "dot"
        /// ``LayeredLayout``.
        case layered
    }

    static func respond(to items: QueryItems, context: BrowseContext) throws -> PageResponse {
        let graph = DiagramGraph(schemas: try context.inspector.schemas())
        let dot = GraphvizLayout.executable
        let method: Method
        switch items["_layout"] ?? "" {
        case "": method = dot == nil ? .layered : .graphviz
        case let name:
            guard let asked = Method(rawValue: name) else { throw PageError.badRequest("unknown _layout \(name): use dot or layered") }
            method = asked
        }
        var note: String?
        let layout: DiagramLayout
        switch (method, dot) {
        case (.layered, _): layout = LayeredLayout.layout(graph)
        case (.graphviz, nil): throw PageError.badRequest("_layout=dot needs Graphviz's dot, which is not installed")
        case (.graphviz, let dot?):
            do {
                layout = try GraphvizLayout.layout(graph, dot: dot)
            } catch {
                note = "Graphviz could not lay the diagram out (\(error)); it is drawn by BeeStore's own layout."
                layout = LayeredLayout.layout(graph)
            }
        }
        return .html(
            PageLayout.page(title: "Foreign keys", context: context) { html in
                html.raw("<p id=\"layouts\">Layout: ")
                if dot != nil {
                    html.link("Graphviz dot", to: PageURL("/diagram", [("_layout", Method.graphviz.rawValue)]), [("id", "layout-dot")])
                    html.raw(" · ")
                }
                html.link("layered", to: PageURL("/diagram", [("_layout", Method.layered.rawValue)]), [("id", "layout-layered")])
                html.raw("</p>")
                if let note { html.element("p", [("id", "layout-note"), ("class", "warning")], text: note) }
                DiagramSVG.write(layout, to: &html)
            })
    }
}
