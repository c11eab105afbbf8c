import BeeStore
import CSQLiteRaw
import GRDB

/// Fetches every parent with its children. Every library reads the same file, whose
/// tables (``Graph/createTablesSQL``) and rows the C API wrote.
final class RelationFetchWorkload: Workload {
    let rawRatioTarget: Double? = nil
    /// The graph's records are `Codable`: BeeStore's fast path has no part here.
    var libraries: [Library] { Library.sqlite.filter { $0 != .beeStoreColumnCodable } }
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
        "4. fetch \(grouped(graph.parentCount)) parents × \(graph.parents.first?.children.count ?? 0) children"
    }

    var operations: Operations { Operations(count: graph.parentCount, unit: "parent") }

    func setUp(in scratch: Scratch) throws {
        let path = scratch.path("graph.sqlite")
        let raw = try RawDatabase(path: path)
        try raw.createGraphTables()
        var parents = graph.freshParents()
        try raw.insertGraph(&parents)
        try raw.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        rawParents = try raw.prepare("SELECT id, score FROM parent ORDER BY id")
        rawChildren = try raw.prepare("SELECT parentId, id, a, b FROM child ORDER BY parentId, id")
        self.raw = raw
        grdb = try DatabasePool(path: path)
        let bee = try BeeStore.Database(path: path)
        self.bee = bee
        _ = try Parent.count(in: bee)  // the first use of a record type checks its tables in a write
    }

    func trial(for library: Library, in scratch: Scratch) throws -> Trial {
        switch library {
        case .raw:
            guard let raw, let rawParents, let rawChildren else { throw CheckFailure("not set up") }
            return trial { try Self.fetch(raw, parents: rawParents, children: rawChildren) }
        case .grdbCodable:
            guard let grdb else { throw CheckFailure("not set up") }
            return trial { try Self.fetch(GRDBParentWithChildren.self, through: GRDBParent.children, in: grdb) }
        case .grdbHandWritten:
            guard let grdb else { throw CheckFailure("not set up") }
            return trial {
                try Self.fetch(GRDBHandWrittenParentWithChildren.self, through: GRDBHandWrittenParent.children, in: grdb)
            }
        case .beeStore:
            guard let bee else { throw CheckFailure("not set up") }
            return trial { try Parent.all(in: bee) }
        case .foundation, .beeStoreColumnCodable:
            throw CheckFailure.notCompared(library)
        }
    }

    /// A trial that times `fetch` and then checks the graph it returned.
    private func trial<Fetched: DigestibleParent>(_ fetch: @escaping () throws -> [Fetched]) -> Trial {
        var parents: [Fetched] = []
        return Trial(run: { parents = try fetch() }) { [graph] in
            try expectEqual(GraphDigest(parents), graph.expectedDigest, "fetched graph")
        }
    }

    /// GRDB's way with records of either style: the parents in id order, each with its
    /// children in id order, in one read.
    private static func fetch<Fetched: GRDBParentWithItsChildren>(
        _ fetched: Fetched.Type, through children: HasManyAssociation<Fetched.Parent, Fetched.Child>,
        in pool: DatabasePool
    ) throws -> [Fetched] {
        try pool.read { db in
            try Fetched.Parent
                .including(all: children.order(Column("id")))
                .order(Column("id"))
                .asRequest(of: Fetched.self)
                .fetchAll(db)
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
