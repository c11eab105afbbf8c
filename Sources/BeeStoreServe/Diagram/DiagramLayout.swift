/// A point of the diagram, in pixels, y growing downwards.
struct DiagramPoint: Sendable, Hashable {
    var x: Double
    var y: Double
}

/// A laid-out foreign-key diagram: where each table's box stands and the path of each
/// edge, from the row of the key's column to the row of the column it references. Made by
/// ``GraphvizLayout`` or ``LayeredLayout``, drawn by ``DiagramSVG``.
struct DiagramLayout: Sendable {
    /// A box: its top-left corner; its size comes from the graph's table.
    struct Box: Sendable {
        let x: Double
        let y: Double
        let width: Double
        let height: Double

        var right: Double { x + width }
        var bottom: Double { y + height }
    }

    /// A piece of an edge's path, from where the previous one ended.
    enum Segment: Sendable, Equatable {
        /// A straight line to a point.
        case line(to: DiagramPoint)
        /// A cubic Bézier curve to a point, with two control points.
        case curve(DiagramPoint, DiagramPoint, to: DiagramPoint)

        /// Where the segment ends.
        var end: DiagramPoint {
            switch self {
            case .line(let end), .curve(_, _, let end): end
            }
        }
    }

    /// An edge's path: a start on the row of the key's column, and segments ending on the
    /// row of the referenced column.
    struct Path: Sendable {
        let edge: DiagramGraph.Edge
        let start: DiagramPoint
        let segments: [Segment]

        /// Where the path ends.
        var end: DiagramPoint { segments.last?.end ?? start }

        /// A self-reference: out of its box's right side at the key's row, along `x`, and
        /// back in at the referenced column's row.
        static func loop(of edge: DiagramGraph.Edge, box: Box, x: Double) -> Path {
            let from = DiagramGraph.middle(ofRow: edge.from.row, top: box.y)
            let to = DiagramGraph.middle(ofRow: edge.to.row, top: box.y)
            return Path(
                edge: edge, start: DiagramPoint(x: box.right, y: from),
                segments: [
                    .line(to: DiagramPoint(x: x, y: from)), .line(to: DiagramPoint(x: x, y: to)),
                    .line(to: DiagramPoint(x: box.right, y: to)),
                ])
        }
    }

    /// The graph laid out.
    let graph: DiagramGraph
    /// One box per table of the graph, in its order.
    let boxes: [Box]
    /// One path per edge of the graph, in its order.
    let paths: [Path]
    /// The drawing's size, margins included.
    let width: Double
    let height: Double
    /// The layout's name, as `_layout` takes it.
    let method: DiagramPage.Method

    /// A layout of `graph` whose boxes and paths are moved so that everything they cover
    /// lies at least `margin` inside the drawing.
    init(graph: DiagramGraph, boxes: [Box], paths: [Path], method: DiagramPage.Method, margin: Double = 20) {
        var points = boxes.flatMap { [DiagramPoint(x: $0.x, y: $0.y), DiagramPoint(x: $0.right, y: $0.bottom)] }
        for path in paths {
            points.append(path.start)
            for segment in path.segments {
                if case .curve(let first, let second, _) = segment { points += [first, second] }
                points.append(segment.end)
            }
        }
        let left = (points.map(\.x).min() ?? 0) - margin
        let top = (points.map(\.y).min() ?? 0) - margin
        let move = { (point: DiagramPoint) in DiagramPoint(x: point.x - left, y: point.y - top) }
        self.graph = graph
        self.boxes = boxes.map { Box(x: $0.x - left, y: $0.y - top, width: $0.width, height: $0.height) }
        self.paths = paths.map { path in
            Path(edge: path.edge, start: move(path.start), segments: path.segments.map { segment in
                switch segment {
                case .line(let end): .line(to: move(end))
                case .curve(let first, let second, let end): .curve(move(first), move(second), to: move(end))
                }
            })
        }
        width = ((points.map(\.x).max() ?? 0) - left + margin).rounded(.up)
        height = ((points.map(\.y).max() ?? 0) - top + margin).rounded(.up)
        self.method = method
    }
}
