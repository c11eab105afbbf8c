import BeeStore
import CSQLiteRaw
import GRDB

/// Fetches every parent with its children. Every library reads the same layout
/// (`child.parentId`): BeeStore and the raw C baseline the file BeeStore wrote, GRDB the
/// one it wrote itself.
final class RelationFetchWorkload: Workload {
    let rawRatioTarget: Double? = nil
    private let graph: Graph
    private var raw: RawDatabase?
    private var rawParents: RawStatement?
    private var rawChildren: RawStatement?
    private var grdb: DatabasePool?
    private var bee: BeeStore.Database?

    init(graph: Graph) {
        self.graph = graph
    }

    var name: String {
        "4. fetch \(grouped(graph.parents.count)) parents × \(graph.parents.first?.children.count ?? 0) children"
    }

    func setUp(in scratch: Scratch) throws {
        let beePath = scratch.path("graph-beestore.sqlite")
        let bee = try BeeStore.Database(path: beePath)
        var parents = graph.parents
        try parents.save(in: bee)
        self.bee = bee

        let raw = try RawDatabase(path: beePath)
        rawParents = try raw.prepare("SELECT id, score FROM parent ORDER BY id")
        rawChildren = try raw.prepare("SELECT parentId, id, a, b FROM child ORDER BY parentId, id")
        self.raw = raw

        let grdb = try DatabasePool(path: scratch.path("graph-grdb.sqlite"))
        try grdb.write { db in
            try GRDBParent.createTables(db)
            for (var parent, children) in graph.grdbRecords {
                try parent.insert(db)
                for var child in children {
                    child.parentId = parent.id
                    try child.insert(db)
                }
            }
        }
        self.grdb = grdb
    }

    func trial(for library: Library, in scratch: Scratch) throws -> Trial {
        var digest = GraphDigest()
        let run: () throws -> Void
        switch library {
        case .raw:
            guard let raw, let rawParents, let rawChildren else { throw CheckFailure("not set up") }
            run = { digest = GraphDigest(try Self.fetch(raw, parents: rawParents, children: rawChildren)) }
        case .grdb:
            guard let grdb else { throw CheckFailure("not set up") }
            run = {
                let parents = try grdb.read { db in
                    try GRDBParent
                        .including(all: GRDBParent.children.order(Column("id")))
                        .order(Column("id"))
                        .asRequest(of: GRDBParentWithChildren.self)
                        .fetchAll(db)
                }
                digest = GraphDigest(parents)
            }
        case .beeStore:
            guard let bee else { throw CheckFailure("not set up") }
            run = { digest = GraphDigest(try Parent.all(in: bee)) }
        case .foundation:
            throw CheckFailure.notCompared(library)
        }
        return Trial(run: run) { [graph] in
            try expectEqual(digest, graph.expectedDigest, "fetched graph")
        }
    }

    /// The C API by hand: two queries in one read transaction, children grouped by parent.
    private static func fetch(_ database: RawDatabase, parents: RawStatement, children: RawStatement) throws -> [Parent] {
        try database.execute("BEGIN")
        defer {
            sqlite3_reset(parents.handle)
            sqlite3_reset(children.handle)
            try? database.execute("COMMIT")
        }
        var childrenByParent: [Int64: [Child]] = [:]
        var code = sqlite3_step(children.handle)
        while code == SQLITE_ROW {
            let handle = children.handle
            childrenByParent[sqlite3_column_int64(handle, 0), default: []].append(Child(
                id: sqlite3_column_int64(handle, 1), a: sqlite3_column_int64(handle, 2), b: sqlite3_column_int64(handle, 3)))
            code = sqlite3_step(handle)
        }
        try database.check(code, "SELECT children")
        var result: [Parent] = []
        code = sqlite3_step(parents.handle)
        while code == SQLITE_ROW {
            let id = sqlite3_column_int64(parents.handle, 0)
            result.append(Parent(id: id, score: sqlite3_column_int64(parents.handle, 1), children: childrenByParent[id] ?? []))
            code = sqlite3_step(parents.handle)
        }
        try database.check(code, "SELECT parents")
        return result
    }

    /// How many statements BeeStore runs to fetch the graph: fixed, whatever the number of parents.
    func notes() throws -> [String] {
        guard let bee else { return [] }
        let before = bee.statistics.executedStatements
        let parents = try Parent.all(in: bee)
        let executed = bee.statistics.executedStatements - before
        return ["BeeStore ran \(executed) SQL statements to fetch \(parents.count) parents with their children."]
    }

    func tearDown() {
        rawParents = nil
        rawChildren = nil
        raw = nil
        grdb = nil
        bee?.close()
        bee = nil
    }
}
