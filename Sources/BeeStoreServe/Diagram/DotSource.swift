/// The diagram's graph in Graphviz's DOT language, for ``GraphvizLayout``. Tables are the
/// nodes `t0`, `t1`, …, each drawn as an HTML-like table of fixed-size cells whose ports
/// `p0` (the name row), `p1`, … are the rows of ``DiagramGraph``: `dot` sizes each node
/// as BeeStore draws it and ends each edge on the side of its column's row. Names appear
/// only as the cells' text, escaped for HTML-like labels, and never decide a size.
enum DotSource {
    /// The DOT text of `graph`. An edge leaves its key's row on the right and enters the
    /// referenced row on the left. Self-references are left out: ``GraphvizLayout`` draws
    /// them as loops in the gap right of their box, which `dot` keeps free of boxes.
    static func text(of graph: DiagramGraph) -> String {
        var lines = [
            "digraph schema {",
            "  graph [rankdir=LR, nodesep=0.4, ranksep=0.9, splines=spline];",
            "  node [shape=plain, fontsize=13];",
            "  edge [dir=none];",
        ]
        for (index, table) in graph.tables.enumerated() {
            var label = #"<TABLE BORDER="0" CELLBORDER="0" CELLSPACING="0" CELLPADDING="0">"#
            let texts = [DiagramGraph.shown(table.name)] + table.rows.map(\.text)
            for (row, text) in texts.enumerated() {
                let height = Int(row == 0 ? DiagramGraph.headerHeight : DiagramGraph.rowHeight)
                label += #"<TR><TD PORT="p\#(row)" WIDTH="\#(Int(table.width))" HEIGHT="\#(height)" FIXEDSIZE="TRUE">"#
                label += escaped(text) + "</TD></TR>"
            }
            lines.append("  t\(index) [label=<\(label)</TABLE>>];")
        }
        for (index, edge) in graph.edges.enumerated() where !edge.isSelfReference {
            lines.append("  t\(edge.from.table):p\(edge.from.row):e -> t\(edge.to.table):p\(edge.to.row):w [id=\"e\(index)\"];")
        }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    /// `text` for the inside of an HTML-like label: printable ASCII as it is, but for the
    /// five markup characters; every other scalar as a numeric character reference
    /// (control characters as U+FFFD), so that no name can end the label or the cell.
    static func escaped(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            guard (" "..."~").contains(scalar) else {
                let isControl = scalar.value < 0x20 || (0x7F..<0xA0).contains(scalar.value)
                result += "&#\(isControl ? 0xFFFD : scalar.value);"
                continue
            }
            HTML.escape(String(scalar), into: &result)
        }
        return result
    }
}
