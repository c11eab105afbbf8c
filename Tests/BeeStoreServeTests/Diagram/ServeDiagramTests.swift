import BeeStore
import Foundation
import Testing

@testable import BeeStoreServe

/// The foreign-key diagram, laid out by Graphviz's `dot` and by the layered layout: no edge
/// passes through a box, each ends on the rows of its columns, self-references loop, and
/// hostile names are text in the page and in the DOT source.
@Suite struct ServeDiagramTests {
    /// The layouts to check: the layered one always; `dot`'s when Graphviz is installed, or
    /// required (`BEESTORE_GRAPHVIZ_TESTS=required`, as CI sets), in which case its absence fails.
    static let methods: [DiagramPage.Method] =
        GraphvizLayout.executable != nil || ProcessInfo.processInfo.environment["BEESTORE_GRAPHVIZ_TESTS"] == "required"
        ? [.layered, .graphviz] : [.layered]

    /// `graph` laid out by `method`.
    static func layout(_ graph: DiagramGraph, by method: DiagramPage.Method) throws -> DiagramLayout {
        switch method {
        case .layered: return LayeredLayout.layout(graph)
        case .graphviz:
            let dot = try #require(GraphvizLayout.executable, "Graphviz's dot is required but not installed")
            return try GraphvizLayout.layout(graph, dot: dot)
        }
    }

    /// The graph of the served copy's schema.
    static func graph(of served: ServedCopy) throws -> (DiagramGraph, [TableSchema]) {
        let schemas = try Inspector(try served.openWritable()).schemas()
        return (DiagramGraph(schemas: schemas), schemas)
    }

    @Test(arguments: methods)
    func noEdgeCrossesABoxAndEachEndsOnItsColumnsRow(method: DiagramPage.Method) throws {
        let (graph, schemas) = try Self.graph(of: try ServedCopy())
        let layout = try Self.layout(graph, by: method)
        #expect(DiagramGeometry.problems(in: layout) == [])
        let keyCount = schemas.filter { $0.kind != .view }.map(\.foreignKeys.count).reduce(0, +)
        #expect(layout.paths.count == keyCount && keyCount > 0)
        // Each path ends at the row of the very column its key names.
        for path in layout.paths {
            let from = graph.tables[path.edge.from.table]
            let key = try #require(schemas.first { $0.name == from.name }?.foreignKeys.first { fk in
                from.rows[path.edge.from.row - 1].column == fk.columns[0]
            })
            let to = graph.tables[path.edge.to.table]
            #expect(key.referencedTable == to.name)
            #expect(key.referencedColumns.first == to.rows[path.edge.to.row - 1].column)
        }
    }

    @Test(arguments: methods)
    func theSelfReferenceOfReportsToLoopsOnItsBox(method: DiagramPage.Method) throws {
        let (graph, _) = try Self.graph(of: try ServedCopy())
        let layout = try Self.layout(graph, by: method)
        let employee = try #require(graph.tables.firstIndex { $0.name == "Employee" })
        let loop = try #require(layout.paths.first { $0.edge.isSelfReference && $0.edge.from.table == employee })
        #expect(graph.tables[employee].rows[loop.edge.from.row - 1].column == "ReportsTo")
        #expect(graph.tables[employee].rows[loop.edge.to.row - 1].column == "EmployeeId")
        let box = layout.boxes[employee]
        // The loop stands beside the box, on one side, and leaves it.
        let points = DiagramGeometry.polyline(loop)
        #expect(points.allSatisfy { $0.x >= box.right - DiagramGeometry.tolerance } || points.allSatisfy { $0.x <= box.x + DiagramGeometry.tolerance })
        #expect(points.contains { abs($0.x - box.right) > 4 && abs($0.x - box.x) > 4 })
    }

    @Test func thePageDrawsEveryKeyAsAPathWithAnArrowAndNoGlyphAFontMayLack() async throws {
        let served = try ServedCopy()
        let (graph, _) = try Self.graph(of: served)
        for method in Self.methods {
            let page = try await served.get("/diagram", "_layout=\(method.rawValue)")
            #expect(page.status == 200)
            let svg = try #require(page.body.components(separatedBy: "<svg").last?.components(separatedBy: "</svg>").first)
            #expect(attributeValues("data-layout", in: page.body) == [method.rawValue])
            #expect(svg.components(separatedBy: "<path class=\"link").count - 1 == graph.edges.count)
            #expect(svg.contains(#"class="link self-reference""#))
            #expect(attributeValues("data-table", in: svg).count == graph.tables.count)
            #expect(svg.unicodeScalars.allSatisfy { $0.isASCII }, "the Chinook diagram is written in ASCII alone")
            #expect(svg.contains(">PK</text>") && svg.contains(">FK</text>"))
        }
        let refused = try await served.get("/diagram", "_layout=circles")
        #expect(refused.status == 400)
        #expect(refused.body.contains("circles"))
    }

    /// Names that are markup, quotes for DOT and HTML, and a quote carrying a combining mark.
    static let hostileNames = ["<b>x</b>&amp;", "a\"b'c", "\"\u{301}", "]>; t0 -> t1 [label=<x>]", "tab\tle\u{7}"]

    @Test(arguments: methods)
    func hostileNamesAreTextInTheDiagram(method: DiagramPage.Method) async throws {
        let names = Self.hostileNames
        let served = try ServedCopy { database in
            for (index, name) in names.enumerated() {
                let parent = index == 0 ? "" : ", \(quoted("parent\"\(name)")) REFERENCES \(quoted(names[index - 1]))"
                try database.execute(
                    "CREATE TABLE \(quoted(name)) (\(quoted(name)) INTEGER PRIMARY KEY, me REFERENCES \(quoted(name))\(parent))")
            }
        }
        let (graph, _) = try Self.graph(of: served)
        let layout = try Self.layout(graph, by: method)
        #expect(DiagramGeometry.problems(in: layout) == [])
        let page = try await served.get("/diagram", "_layout=\(method.rawValue)")
        #expect(page.status == 200)
        #expect(!page.body.contains("<b>") && !page.body.contains("\"\u{301}"))
        let tables = Set(attributeValues("data-table", in: page.body))
        for name in names { #expect(tables.contains(name), "\(name)") }
        #expect(try #require(attributeValues("data-layout", in: page.body).first) == method.rawValue)
        #expect(!page.body.contains("layout-note"), "dot laid the hostile names out")
    }

    @Test func dotSourceHoldsNamesOnlyAsEscapedText() {
        for name in Self.hostileNames {
            let escaped = DotSource.escaped(name)
            #expect(escaped.unicodeScalars.allSatisfy { (" "..."~").contains($0) && !"<>\"'".unicodeScalars.contains($0) }, "\(escaped)")
        }
        #expect(DotSource.escaped("\"\u{301}") == "&quot;&#769;")
        #expect(DotSource.escaped("a<b&c\u{7}") == "a&lt;b&amp;c&#65533;")
    }
}
