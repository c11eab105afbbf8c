import BeeStore
import BeeStorePostgreSQL
import BenchmarkSupport
import FluentKit
import PostgresNIO

/// Fetches every parent, in id order, with its children. postgres-nio and BeeStore's rows
/// run the same two queries (the parents, then the children of their ids in parent and
/// id order) and hand each child to its parent as the children's rows come.
@BenchmarkActor
final class RelationFetchWorkload: Workload {
    private let graph: Graph
    private let digest: GraphDigest

    init(graph: Graph) {
        self.graph = graph
        digest = graph.expectedDigest
    }

    var name: String { "4. fetch \(grouped(graph.parentCount)) parents × \(graph.childCount) children" }

    var operations: Operations { Operations(count: graph.parentCount, unit: "parent") }

    func setUp(_ clients: Clients) async throws {
        try await clients.execute(Graph.dropTablesSQL)
        for statement in Graph.createTablesSQL + graph.fillSQL { try await clients.execute(statement) }
        try await clients.execute("VACUUM ANALYZE parent, child")
    }

    func trial(for library: Library, _ clients: Clients) async throws -> Trial {
        switch library {
        case .postgresNIO:
            trial(fetch: { try await Self.fetch(clients.connection, logger: clients.logger) }, digest: GraphDigest.init)
        case .fluent:
            trial(fetch: { try await FluentParent.query(on: clients.fluent).with(\.$children).sort(\.$id).all() }) {
                GraphDigest($0, parent: { ($0.id, $0.score, $0.children) }, child: { ($0.id, $0.a, $0.b) })
            }
        case .beeStoreRows:
            trial(fetch: { try Self.fetchRows(clients.bee) }, digest: GraphDigest.init)
        case .beeStoreRecords:
            trial(fetch: { try RecordParent.all(in: clients.bee) }) {
                GraphDigest($0, parent: { ($0.id, $0.score, $0.children) }, child: { ($0.id, $0.a, $0.b) })
            }
        }
    }

    /// A trial that times `fetch` and then checks the graph it returned.
    private func trial<Fetched>(
        fetch: @escaping @BenchmarkActor () async throws -> [Fetched], digest: @escaping ([Fetched]) -> GraphDigest
    ) -> Trial {
        var parents: [Fetched] = []
        return Trial(run: { parents = try await fetch() }) { [graph = self.digest] in
            let fetched = digest(parents)
            guard fetched == graph else { throw BenchmarkFailure("fetched \(fetched), expected \(graph)") }
        }
    }

    /// postgres-nio: the two queries with binds, their rows decoded as tuples.
    private static func fetch(_ connection: PostgresConnection, logger: Logger) async throws -> [GraphParent] {
        var parents: [GraphParent] = []
        let parentRows = try await connection.query("SELECT id, score FROM parent ORDER BY id", logger: logger)
        for try await (id, score) in parentRows.decode((Int64, Int64).self) {
            parents.append(GraphParent(id: id, score: score, children: []))
        }
        let ids = parents.map(\.id)
        let childRows = try await connection.query(
            "SELECT \"parentId\", id, a, b FROM child WHERE \"parentId\" = ANY(\(ids)) ORDER BY \"parentId\", id",
            logger: logger)
        var attacher = ChildAttacher()
        for try await (parentID, id, a, b) in childRows.decode((Int64, Int64, Int64, Int64).self) {
            try attacher.attach(GraphChild(id: id, a: a, b: b), to: parentID, in: &parents)
        }
        return parents
    }

    /// BeeStore's query builder: the same two queries in one read.
    private static func fetchRows(_ database: PostgreSQLDatabase) throws -> [GraphParent] {
        try database.read { _ in
            var parents = try database.from("parent").orderAsc("id").get(in: database).map { row in
                GraphParent(id: try row.decode(column: "id"), score: try row.decode(column: "score"), children: [])
            }
            let ids: [(any DatabaseValueConvertible)?] = parents.map(\.id)
            let children = try database.from("child").whereIn("parentId", ids)
                .orderAsc("parentId").orderAsc("id").get(in: database)
            var attacher = ChildAttacher()
            for row in children {
                let child = GraphChild(id: try row.decode(column: "id"), a: try row.decode(column: "a"), b: try row.decode(column: "b"))
                try attacher.attach(child, to: try row.decode(column: "parentId"), in: &parents)
            }
            return parents
        }
    }

    func tearDown(_ clients: Clients) async throws {
        try await clients.execute(Graph.dropTablesSQL)
    }
}

/// Appends children, which come in parent order, to their parents, which are in id order.
struct ChildAttacher {
    private var position = 0

    mutating func attach(_ child: GraphChild, to parentID: Int64, in parents: inout [GraphParent]) throws {
        while position < parents.count, parents[position].id != parentID { position += 1 }
        guard position < parents.count else { throw BenchmarkFailure("a child of \(parentID) out of parent order") }
        parents[position].children.append(child)
    }
}
