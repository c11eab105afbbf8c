import BeeStore

/// The database's foreign-key diagram, drawn as SVG: a box per table with its columns,
/// and a line from each foreign key to the table it points to.
enum DiagramPage {
    private static let boxWidth = 220
    private static let lineHeight = 18
    private static let gap = 60
    private static let shownColumnCount = 14

    static func respond(context: BrowseContext) throws -> PageResponse {
        let schemas = try context.inspector.schemas().filter { $0.kind != .view }
        let perRow = max(1, Int(Double(schemas.count).squareRoot().rounded(.up)))
        var frames: [SQLName: (x: Int, y: Int, height: Int)] = [:]
        var rowTop = 20
        for start in stride(from: 0, to: schemas.count, by: perRow) {
            let row = schemas[start..<min(start + perRow, schemas.count)]
            var tallest = 0
            for (offset, schema) in row.enumerated() {
                let height = (min(schema.columns.count, shownColumnCount + 1) + 1) * lineHeight + 8
                frames[SQLName(schema.name)] = (20 + offset * (boxWidth + gap), rowTop, height)
                tallest = max(tallest, height)
            }
            rowTop += tallest + gap
        }
        let width = 20 + perRow * (boxWidth + gap)
        return .html(
            PageLayout.page(title: "Foreign keys", databaseName: context.displayName) { html in
                html.open(
                    "svg",
                    [("id", "diagram"), ("xmlns", "http://www.w3.org/2000/svg"), ("width", String(width)),
                     ("height", String(rowTop)), ("viewBox", "0 0 \(width) \(rowTop)")])
                html.raw("<defs><marker id=\"arrow\" viewBox=\"0 0 10 10\" refX=\"10\" refY=\"5\" markerWidth=\"8\" markerHeight=\"8\" orient=\"auto-start-reverse\"><path d=\"M 0 0 L 10 5 L 0 10 z\"></path></marker></defs>")
                for schema in schemas {
                    guard let from = frames[SQLName(schema.name)] else { continue }
                    for key in schema.foreignKeys {
                        guard let to = frames[SQLName(key.referencedTable)] else { continue }
                        let column = schema.columns.firstIndex { $0.name == key.columns.first } ?? 0
                        let y1 = from.y + (min(column, shownColumnCount) + 1) * lineHeight + 12
                        let (x1, x2) = to.x >= from.x ? (from.x + boxWidth, to.x) : (from.x, to.x + boxWidth)
                        html.open(
                            "line",
                            [("class", "link"), ("x1", String(x1)), ("y1", String(y1)), ("x2", String(x2)),
                             ("y2", String(to.y + lineHeight / 2 + 4)), ("marker-end", "url(#arrow)")])
                        html.close("line")
                    }
                }
                for schema in schemas {
                    guard let frame = frames[SQLName(schema.name)] else { continue }
                    writeBox(schema, at: frame, to: &html)
                }
                html.close("svg")
            })
    }

    private static func writeBox(_ schema: TableSchema, at frame: (x: Int, y: Int, height: Int), to html: inout HTML) {
        html.open("g", [("class", "table"), ("data-table", schema.name)])
        html.open(
            "rect",
            [("x", String(frame.x)), ("y", String(frame.y)), ("width", String(boxWidth)), ("height", String(frame.height)),
             ("rx", "4")])
        html.close("rect")
        html.open("a", [("href", PageURL("/table", [("name", schema.name)]).text)])
        html.element("text", [("class", "name"), ("x", String(frame.x + 8)), ("y", String(frame.y + 16))], text: schema.name)
        html.close("a")
        let keyColumns = Set(schema.foreignKeys.flatMap(\.columns))
        for (index, column) in schema.columns.prefix(shownColumnCount).enumerated() {
            let mark = column.primaryKeyPosition != nil ? "🔑 " : keyColumns.contains(column.name) ? "→ " : ""
            html.element(
                "text",
                [("class", "column"), ("x", String(frame.x + 12)), ("y", String(frame.y + 16 + (index + 1) * lineHeight))],
                text: mark + column.name)
        }
        if schema.columns.count > shownColumnCount {
            html.element(
                "text",
                [("class", "column"), ("x", String(frame.x + 12)),
                 ("y", String(frame.y + 16 + (shownColumnCount + 1) * lineHeight))],
                text: "… \(schema.columns.count - shownColumnCount) more")
        }
        html.close("g")
    }
}
