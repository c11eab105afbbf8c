/// The diagram's own layout, used when Graphviz is not installed: a layered (Sugiyama)
/// drawing. Each foreign key points rightwards to the table it references (a cycle of keys
/// has one of them turned round first); tables stand in columns by the longest path of
/// keys leading to them; a key spanning several columns passes each column between its
/// boxes, through a slot kept free for it; the order of each column follows the mean
/// position of its neighbours, sweep after sweep. Edges run straight across the columns
/// and turn in the gaps between them, so that none crosses a box; each ends on its
/// column's row, and a self-reference loops on its box's right side.
struct LayeredLayout {
    /// A thing standing in a column: a table's box, or the slot a long edge passes through.
    struct Node {
        let column: Int
        /// The table, or nil for a slot.
        let table: Int?
        let height: Double
    }

    /// A piece of an edge between two nodes of neighbouring columns, with where it meets
    /// each of them (below its top).
    struct Link {
        let left: Int
        let leftOffset: Double
        let right: Int
        let rightOffset: Double
    }

    let graph: DiagramGraph
    var nodes: [Node] = []
    var links: [Link] = []
    /// For each edge of the graph: its links, left to right (none for a self-reference), and
    /// whether it runs from right to left (the key's table stands right of the one it references).
    var chains: [(links: [Int], isReversed: Bool)] = []
    /// The nodes of each column, top to bottom.
    var columns: [[Int]] = []

    /// The diagram of `graph`, laid out in layers.
    static func layout(_ graph: DiagramGraph) -> DiagramLayout {
        var layout = LayeredLayout(graph: graph)
        layout.placeInColumns(Self.columns(of: graph))
        layout.orderColumns()
        return layout.route()
    }

    /// The column of each table: the longest path of keys that leads to it, keys that close
    /// a cycle left out; a table no key references then moves right, next to the nearest
    /// table it references.
    static func columns(of graph: DiagramGraph) -> [Int] {
        let count = graph.tables.count
        var outgoing = Array(repeating: [Int](), count: count)
        for edge in graph.edges where !edge.isSelfReference { outgoing[edge.from.table].append(edge.to.table) }
        // Depth-first search: an edge back to a table still on the path closes a cycle.
        var state = Array(repeating: 0, count: count)  // 0 new, 1 on the path, 2 done
        var kept = Array(repeating: [Int](), count: count)
        var order: [Int] = []
        func visit(_ table: Int) {
            state[table] = 1
            for next in outgoing[table] where state[next] != 1 {
                kept[table].append(next)
                if state[next] == 0 { visit(next) }
            }
            state[table] = 2
            order.append(table)
        }
        for table in 0..<count where state[table] == 0 { visit(table) }
        var column = Array(repeating: 0, count: count)
        var hasIncoming = Array(repeating: false, count: count)
        for table in order.reversed() {
            for next in kept[table] {
                column[next] = max(column[next], column[table] + 1)
                hasIncoming[next] = true
            }
        }
        for table in 0..<count where !hasIncoming[table] {
            if let nearest = kept[table].map({ column[$0] }).min() { column[table] = nearest - 1 }
        }
        return column
    }

    /// Puts each table in its column and a slot in every column a long edge passes.
    mutating func placeInColumns(_ tableColumns: [Int]) {
        nodes = graph.tables.enumerated().map { index, table in
            Node(column: tableColumns[index], table: index, height: DiagramGraph.height(of: table))
        }
        for edge in graph.edges {
            guard !edge.isSelfReference else {
                chains.append(([], false))
                continue
            }
            let isReversed = tableColumns[edge.from.table] > tableColumns[edge.to.table]
            let (left, right) = isReversed ? (edge.to, edge.from) : (edge.from, edge.to)
            var previous = (node: left.table, offset: DiagramGraph.middle(ofRow: left.row, top: 0))
            var chain: [Int] = []
            for column in (tableColumns[left.table] + 1)..<tableColumns[right.table] {
                nodes.append(Node(column: column, table: nil, height: 0))
                links.append(Link(left: previous.node, leftOffset: previous.offset, right: nodes.count - 1, rightOffset: 0))
                chain.append(links.count - 1)
                previous = (nodes.count - 1, 0)
            }
            links.append(
                Link(
                    left: previous.node, leftOffset: previous.offset, right: right.table,
                    rightOffset: DiagramGraph.middle(ofRow: right.row, top: 0)))
            chain.append(links.count - 1)
            chains.append((chain, isReversed))
        }
        columns = Array(repeating: [], count: (nodes.map(\.column).max() ?? -1) + 1)
        for (index, node) in nodes.enumerated() { columns[node.column].append(index) }
    }

    /// Orders each column by the mean position of each node's neighbours in the column before
    /// it (sweeping rightwards) or after it (leftwards), keeping the order with the fewest
    /// crossings.
    mutating func orderColumns() {
        var best = (columns: columns, crossings: crossings())
        for sweep in 0..<8 {
            let isRightwards = sweep.isMultiple(of: 2)
            let sequence = isRightwards ? Array(columns.indices.dropFirst()) : Array(columns.indices.dropLast().reversed())
            for column in sequence {
                let neighbourColumn = isRightwards ? column - 1 : column + 1
                let position = Dictionary(uniqueKeysWithValues: columns[neighbourColumn].enumerated().map { ($1, Double($0)) })
                let keys = columns[column].enumerated().map { index, node in
                    let neighbours = links.compactMap { link in
                        isRightwards ? (link.right == node ? position[link.left] : nil) : (link.left == node ? position[link.right] : nil)
                    }
                    return (node, neighbours.isEmpty ? Double(index) : neighbours.reduce(0, +) / Double(neighbours.count), index)
                }
                columns[column] = keys.sorted { ($0.1, $0.2) < ($1.1, $1.2) }.map(\.0)
            }
            let count = crossings()
            if count < best.crossings { best = (columns, count) }
        }
        columns = best.columns
    }

    /// How many pairs of links cross between neighbouring columns.
    func crossings() -> Int {
        var position: [Int: Int] = [:]
        for column in columns { for (index, node) in column.enumerated() { position[node] = index } }
        var count = 0
        for (index, first) in links.enumerated() {
            for second in links[(index + 1)...] where nodes[first.left].column == nodes[second.left].column {
                let left = (position[first.left] ?? 0) - (position[second.left] ?? 0)
                let right = (position[first.right] ?? 0) - (position[second.right] ?? 0)
                if left * right < 0 { count += 1 }
            }
        }
        return count
    }
}
