extension LayeredLayout {
    /// The space between two nodes of a column.
    static let nodeGap = 28.0
    /// The space between a column and the first line of the gap beside it.
    static let gapMargin = 16.0
    /// The space between two lines running side by side.
    static let trackSpacing = 8.0

    /// The tops of the nodes: each column's nodes, in order, as near as they can be to the
    /// mean height of the links that reach them, rightwards then leftwards, a few times.
    func tops() -> [Double] {
        var tops = Array(repeating: 0.0, count: nodes.count)
        for column in columns {
            var next = 0.0
            for node in column {
                tops[node] = next
                next += nodes[node].height + Self.nodeGap
            }
        }
        for sweep in 0..<6 {
            let isRightwards = sweep.isMultiple(of: 2)
            for column in isRightwards ? Array(columns.indices) : Array(columns.indices.reversed()) {
                let wanted = columns[column].map { node in
                    let targets = links.compactMap { link -> Double? in
                        if isRightwards, link.right == node { return tops[link.left] + link.leftOffset - link.rightOffset }
                        if !isRightwards, link.left == node { return tops[link.right] + link.rightOffset - link.leftOffset }
                        return nil
                    }
                    return targets.isEmpty ? tops[node] : targets.reduce(0, +) / Double(targets.count)
                }
                for (node, top) in zip(columns[column], Self.spread(wanted, heights: columns[column].map { nodes[$0].height })) {
                    tops[node] = top
                }
            }
        }
        return tops
    }

    /// Tops as near to `wanted` as they can be (least squares) with the nodes in order and
    /// ``nodeGap`` apart: neighbours that would overlap move as one block, to the mean of
    /// what its members want.
    static func spread(_ wanted: [Double], heights: [Double]) -> [Double] {
        var blocks: [(first: Int, count: Int, sum: Double, height: Double)] = []
        for index in wanted.indices {
            var block = (first: index, count: 1, sum: wanted[index], height: heights[index])
            while let last = blocks.last, last.sum / Double(last.count) + last.height + nodeGap > block.sum / Double(block.count) {
                let shift = last.height + nodeGap
                block = (last.first, last.count + block.count, last.sum + block.sum - Double(block.count) * shift, shift + block.height)
                blocks.removeLast()
            }
            blocks.append(block)
        }
        var tops: [Double] = []
        for block in blocks {
            var top = block.sum / Double(block.count)
            for index in block.first..<(block.first + block.count) {
                tops.append(top)
                top += heights[index] + nodeGap
            }
        }
        return tops
    }

    /// The boxes and the paths: columns side by side, each as wide as its widest box, with
    /// a gap after it holding the loops of its boxes' self-references, then one vertical
    /// track per link crossing it.
    func route() -> DiagramLayout {
        let tops = tops()
        // The n-th self-reference of a table loops n tracks further out.
        var loopNumber: [Int: Int] = [:]
        var loopCount = Array(repeating: 0, count: columns.count)
        var loopsPerTable: [Int: Int] = [:]
        for (index, edge) in graph.edges.enumerated() where edge.isSelfReference {
            let number = loopsPerTable[edge.from.table, default: 0]
            loopNumber[index] = number
            loopsPerTable[edge.from.table] = number + 1
            loopCount[nodes[edge.from.table].column] = max(loopCount[nodes[edge.from.table].column], number + 1)
        }
        var tracks = Array(repeating: [Int](), count: columns.count)
        for (index, link) in links.enumerated() { tracks[nodes[link.left].column].append(index) }
        let middle = { (link: Link) in (tops[link.left] + link.leftOffset + tops[link.right] + link.rightOffset) / 2 }
        var trackX = Array(repeating: 0.0, count: links.count)
        var columnLeft: [Double] = []
        var columnRight: [Double] = []
        var x = 0.0
        for column in columns.indices {
            columnLeft.append(x)
            x += columns[column].compactMap { nodes[$0].table.map { graph.tables[$0].width } }.max() ?? 0
            columnRight.append(x)
            x += Self.gapMargin + Double(loopCount[column]) * Self.trackSpacing
            for link in tracks[column].sorted(by: { middle(links[$0]) < middle(links[$1]) }) {
                trackX[link] = x
                x += Self.trackSpacing
            }
            x += Self.gapMargin
        }
        let boxes = graph.tables.enumerated().map { index, table in
            DiagramLayout.Box(
                x: columnLeft[nodes[index].column], y: tops[index], width: table.width, height: DiagramGraph.height(of: table))
        }
        let paths = graph.edges.enumerated().map { index, edge in
            guard let number = loopNumber[index] else {
                return path(of: edge, chain: chains[index], boxes: boxes, tops: tops, trackX: trackX)
            }
            let loopX = columnRight[nodes[edge.from.table].column] + Self.gapMargin / 2 + Double(number) * Self.trackSpacing
            return DiagramLayout.Path.loop(of: edge, box: boxes[edge.from.table], x: loopX)
        }
        return DiagramLayout(graph: graph, boxes: boxes, paths: paths, method: .layered)
    }

    /// An edge between two boxes: out of the left one's right side at its row, along the
    /// track of each gap it crosses, straight through the slots kept for it, and into the
    /// right one's left side at its row; turned round when the key's table is the right one.
    private func path(
        of edge: DiagramGraph.Edge, chain: (links: [Int], isReversed: Bool), boxes: [DiagramLayout.Box], tops: [Double],
        trackX: [Double]
    ) -> DiagramLayout.Path {
        let first = links[chain.links[0]]
        var points = [DiagramPoint(x: boxes[first.left].right, y: tops[first.left] + first.leftOffset)]
        for index in chain.links {
            let link = links[index]
            let y = tops[link.right] + link.rightOffset
            points.append(DiagramPoint(x: trackX[index], y: points[points.count - 1].y))
            if y != points[points.count - 1].y { points.append(DiagramPoint(x: trackX[index], y: y)) }
            if nodes[link.right].table != nil { points.append(DiagramPoint(x: boxes[link.right].x, y: y)) }
        }
        if chain.isReversed { points.reverse() }
        return DiagramLayout.Path(edge: edge, start: points[0], segments: points.dropFirst().map { .line(to: $0) })
    }
}
