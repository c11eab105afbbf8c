/// How SQLite runs a statement, from `EXPLAIN QUERY PLAN`: a tree of steps.
public struct QueryPlan: Sendable, Hashable, Encodable {
    /// The explained statement.
    public let sql: String

    /// The top-level steps, in order.
    public let steps: [QueryPlanStep]

    /// The steps that read a whole table without an index, anywhere in the tree.
    public var fullTableScans: [QueryPlanStep] {
        func scans(in steps: [QueryPlanStep]) -> [QueryPlanStep] {
            steps.flatMap { ($0.isFullTableScan ? [$0] : []) + scans(in: $0.children) }
        }
        return scans(in: steps)
    }
}

extension QueryPlan {
    /// Builds the tree from `EXPLAIN QUERY PLAN` rows, where each row names its parent's
    /// id (0 for the top level). A row whose parent is missing (or is itself) is kept at the
    /// top level.
    init(sql: String, rows: [(id: Int, parentID: Int, detail: String)]) {
        let ids = Set(rows.map(\.id))
        let children = Dictionary(grouping: rows) { row in
            ids.contains(row.parentID) && row.parentID != row.id ? row.parentID : 0
        }
        func steps(under parentID: Int, visited: Set<Int>) -> [QueryPlanStep] {
            (children[parentID] ?? []).filter { !visited.contains($0.id) }.map { row in
                QueryPlanStep(
                    id: row.id, detail: row.detail, children: steps(under: row.id, visited: visited.union([row.id])))
            }
        }
        self.init(sql: sql, steps: steps(under: 0, visited: [0]))
    }
}

/// One step of a ``QueryPlan``, such as `SEARCH Album USING INDEX IFK_AlbumArtistId (ArtistId=?)`.
public struct QueryPlanStep: Sendable, Hashable {
    /// The step's id in SQLite's plan.
    public let id: Int

    /// SQLite's description of the step.
    public let detail: String

    /// The steps nested in this one (subqueries, compound parts).
    public let children: [QueryPlanStep]

    /// Whether the step reads a whole table row by row, without an index: a `SCAN` of a
    /// table, not of an index, a subquery, a constant row or a virtual table.
    public var isFullTableScan: Bool {
        guard detail.hasPrefix("SCAN ") else { return false }
        let target = detail.dropFirst("SCAN ".count)
        return !target.contains(" USING ") && !target.hasPrefix("CONSTANT ROW") && !target.hasPrefix("(")
            && !target.hasPrefix("SUBQUERY") && !target.contains("VIRTUAL TABLE")
    }
}

extension QueryPlanStep: Encodable {
    private enum CodingKeys: String, CodingKey {
        case id, detail, isFullTableScan, children
    }

    /// The step's id, detail, whether it is a full table scan, and its children.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(detail, forKey: .detail)
        try container.encode(isFullTableScan, forKey: .isFullTableScan)
        try container.encode(children, forKey: .children)
    }
}
