@testable import BeeStoreServe

/// Geometry to check a laid-out diagram: paths as polylines, and whether a segment enters
/// the inside of a box.
enum DiagramGeometry {
    /// How far inside a box's outline a line must go to count as crossing it, in pixels.
    static let tolerance = 0.75

    /// The path as straight pieces: lines as they are, curves cut into 32 pieces each.
    static func polyline(_ path: DiagramLayout.Path) -> [DiagramPoint] {
        var points = [path.start]
        for segment in path.segments {
            switch segment {
            case .line(let end): points.append(end)
            case .curve(let first, let second, let end):
                let start = points[points.count - 1]
                for step in 1...32 {
                    let t = Double(step) / 32
                    let u = 1 - t
                    let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
                    points.append(
                        DiagramPoint(
                            x: a * start.x + b * first.x + c * second.x + d * end.x,
                            y: a * start.y + b * first.y + c * second.y + d * end.y))
                }
            }
        }
        return points
    }

    /// Whether the segment from `p` to `q` passes through the inside of `box`, shrunk by
    /// ``tolerance`` on each side (Liang–Barsky clipping).
    static func crosses(_ p: DiagramPoint, _ q: DiagramPoint, _ box: DiagramLayout.Box) -> Bool {
        let left = box.x + tolerance, right = box.right - tolerance
        let top = box.y + tolerance, bottom = box.bottom - tolerance
        var low = 0.0, high = 1.0
        let dx = q.x - p.x, dy = q.y - p.y
        for (denominator, numerator) in [(-dx, p.x - left), (dx, right - p.x), (-dy, p.y - top), (dy, bottom - p.y)] {
            if denominator == 0 {
                if numerator < 0 { return false }
            } else {
                let t = numerator / denominator
                if denominator < 0 { low = max(low, t) } else { high = min(high, t) }
                if low > high { return false }
            }
        }
        return true
    }

    /// Whether `point` is on the left or right side of `box`, within the height of row
    /// `row` (0 for the name row).
    static func isOnRow(_ point: DiagramPoint, row: Int, of box: DiagramLayout.Box) -> Bool {
        let middle = DiagramGraph.middle(ofRow: row, top: box.y)
        let half = (row == 0 ? DiagramGraph.headerHeight : DiagramGraph.rowHeight) / 2
        let onSide = abs(point.x - box.x) <= tolerance || abs(point.x - box.right) <= tolerance
        return onSide && abs(point.y - middle) <= half
    }

    /// What is wrong with `layout`: boxes overlapping, a path crossing a box, or a path not
    /// ending on its rows; empty when nothing is.
    static func problems(in layout: DiagramLayout) -> [String] {
        var problems: [String] = []
        let names = layout.graph.tables.map(\.name)
        for (index, box) in layout.boxes.enumerated() {
            for other in layout.boxes.indices where other > index {
                let them = layout.boxes[other]
                if box.x < them.right && them.x < box.right && box.y < them.bottom && them.y < box.bottom {
                    problems.append("the boxes of \(names[index]) and \(names[other]) overlap")
                }
            }
        }
        for path in layout.paths {
            let edge = path.edge
            let name = "\(names[edge.from.table]) row \(edge.from.row) -> \(names[edge.to.table]) row \(edge.to.row)"
            if !isOnRow(path.start, row: edge.from.row, of: layout.boxes[edge.from.table]) {
                problems.append("\(name) starts at \(path.start), off its row")
            }
            if !isOnRow(path.end, row: edge.to.row, of: layout.boxes[edge.to.table]) {
                problems.append("\(name) ends at \(path.end), off its row")
            }
            let points = polyline(path)
            for (index, box) in layout.boxes.enumerated() {
                if zip(points, points.dropFirst()).contains(where: { crosses($0, $1, box) }) {
                    problems.append("\(name) crosses the box of \(names[index])")
                }
            }
        }
        return problems
    }
}
