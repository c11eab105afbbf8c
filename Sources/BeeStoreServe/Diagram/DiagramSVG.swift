import Foundation

/// A laid-out diagram drawn as SVG inside a page: a box per table (its name linked to its
/// rows, then a row per column, `PK` and `FK` marked in letters), and a path per foreign
/// key with an arrowhead at the referenced column. Names go through ``HTML``'s escaping,
/// as every text of the pages does.
enum DiagramSVG {
    static func write(_ layout: DiagramLayout, to html: inout HTML) {
        html.open(
            "svg",
            [("id", "diagram"), ("xmlns", "http://www.w3.org/2000/svg"), ("width", number(layout.width)),
             ("height", number(layout.height)), ("viewBox", "0 0 \(number(layout.width)) \(number(layout.height))"),
             ("data-layout", layout.method.rawValue)])
        html.raw("<defs><marker id=\"arrow\" viewBox=\"0 0 10 10\" refX=\"10\" refY=\"5\" markerWidth=\"7\" markerHeight=\"7\" ")
        html.raw("orient=\"auto-start-reverse\"><path d=\"M 0 0 L 10 5 L 0 10 z\"></path></marker></defs>")
        let tables = layout.graph.tables
        for path in layout.paths {
            let from = tables[path.edge.from.table]
            let to = tables[path.edge.to.table]
            html.open(
                "path",
                [("class", path.edge.isSelfReference ? "link self-reference" : "link"), ("d", pathData(path)),
                 ("marker-end", "url(#arrow)"), ("data-from-table", from.name),
                 ("data-from-column", column(path.edge.from.row, of: from)), ("data-to-table", to.name),
                 ("data-to-column", column(path.edge.to.row, of: to))])
            html.close("path")
        }
        for (table, box) in zip(tables, layout.boxes) { writeBox(table, at: box, to: &html) }
        html.close("svg")
    }

    /// The column shown by `row` of `table`, or empty for its name row.
    private static func column(_ row: Int, of table: DiagramGraph.Table) -> String {
        row == 0 ? "" : table.rows[row - 1].column ?? ""
    }

    private static func writeBox(_ table: DiagramGraph.Table, at box: DiagramLayout.Box, to html: inout HTML) {
        html.open("g", [("class", "table"), ("data-table", table.name)])
        html.element("title", text: table.name)
        html.open(
            "rect",
            [("class", "box"), ("x", number(box.x)), ("y", number(box.y)), ("width", number(box.width)),
             ("height", number(box.height)), ("rx", "3")])
        html.close("rect")
        html.open(
            "rect",
            [("class", "header"), ("x", number(box.x)), ("y", number(box.y)), ("width", number(box.width)),
             ("height", number(DiagramGraph.headerHeight))])
        html.close("rect")
        html.open("a", [("href", html.href(PageURL("/table", [("name", table.name)])))])
        html.element(
            "text", [("class", "name"), ("x", number(box.x + 8)), ("y", number(DiagramGraph.middle(ofRow: 0, top: box.y) + 4.5))],
            text: DiagramGraph.shown(table.name))
        html.close("a")
        for (index, row) in table.rows.enumerated() {
            let baseline = number(DiagramGraph.middle(ofRow: index + 1, top: box.y) + 4.5)
            if !row.mark.isEmpty {
                html.element("text", [("class", "mark"), ("x", number(box.x + 6)), ("y", baseline)], text: row.mark)
            }
            html.element(
                "text", [("class", row.column == nil ? "more" : "column"), ("data-column", row.column ?? ""),
                         ("x", number(box.x + 32)), ("y", baseline)],
                text: row.text)
        }
        html.close("g")
    }

    /// The path's `d` attribute: `M x y`, then `L x y` or `C x y x y x y` per segment.
    static func pathData(_ path: DiagramLayout.Path) -> String {
        var data = "M \(number(path.start.x)) \(number(path.start.y))"
        for segment in path.segments {
            switch segment {
            case .line(let end): data += " L \(number(end.x)) \(number(end.y))"
            case .curve(let first, let second, let end):
                data += " C \(number(first.x)) \(number(first.y)) \(number(second.x)) \(number(second.y)) \(number(end.x)) \(number(end.y))"
            }
        }
        return data
    }

    /// `value` with at most two decimals.
    private static func number(_ value: Double) -> String {
        String(format: "%.2f", value).replacingOccurrences(of: ".00", with: "")
    }
}
