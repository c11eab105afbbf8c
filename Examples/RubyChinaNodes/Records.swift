import BeeStore

/// A RubyChina forum board, as `/api/v3/nodes.json` describes it. Its `id` is the
/// forum's own, so saving the same node again updates its row.
struct Node: ActiveRecord, Equatable, Sendable {
    var id: Int64?
    var name: String
    var summary: String
    var sectionID: Int64
    var sectionName: String
    var sort: Int
    var topicsCount: Int

    enum CodingKeys: String, CodingKey {
        case id, name, summary, sort
        case sectionID = "section_id"
        case sectionName = "section_name"
        case topicsCount = "topics_count"
    }
}

/// A group of nodes. `nodes` is a has-many relation: BeeStore keeps it, in order, in
/// the link table `section_nodes`.
struct Section: ActiveRecord, Equatable, Sendable {
    var id: Int64?
    var name: String
    var nodes: [Node]
}

/// The body of the nodes API's response.
struct NodesResponse: Decodable {
    var nodes: [Node]
}

extension Section {
    /// The sections of `nodes`, in section id order, each with its nodes in `sort` order.
    static func grouping(_ nodes: [Node]) -> [Section] {
        Dictionary(grouping: nodes, by: \.sectionID)
            .map { sectionID, nodes in
                let sorted = nodes.sorted { ($0.sort, $0.id ?? 0) < ($1.sort, $1.id ?? 0) }
                return Section(id: sectionID, name: sorted.first?.sectionName ?? "", nodes: sorted)
            }
            .sorted { ($0.id ?? 0) < ($1.id ?? 0) }
    }
}
