import BeeStore
import BenchmarkSupport
import CSQLiteRaw
import GRDB

/// Fetches every parent with its children. Every library reads the same file, whose
/// tables (``Graph/createTablesSQL``) and rows the C API wrote. The raw C baseline runs
/// the very statements BeeStore runs (read from its trace when the workload is set up),
/// and hands each child to its parent as the children's rows come, in parent order.
final class RelationFetchWorkload: Workload {
    let rawRatioTarget: Double? = 1.5
    private let graph: Graph
    private var raw: RawDatabase?
    private var rawParents: RawStatement?
    private var rawChildren: RawStatement?
    /// The SQL of ``rawParents`` and ``rawChildren``.
    private var rawSQL: [String] = []
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
        self.raw = raw
        grdb = try DatabasePool(path: path)
        let bee = try BeeStore.Database(path: path)
        self.bee = bee
        // The first use of a record type checks its tables in a write.
        _ = try Parent.count(in: bee)
        _ = try ColumnCodableParent.count(in: bee)
        try prepareBeeStoreStatements(raw, path: path)
    }

    /// Prepares for raw C the two queries BeeStore runs to fetch the graph: the parents,
    /// then the children of the parents' ids, given as one JSON array.
    private func prepareBeeStoreStatements(_ raw: RawDatabase, path: String) throws {
        let log = StatementLog()
        let traced = try BeeStore.Database(path: path, configuration: log.configuration)
        defer { traced.close() }
        _ = try Parent.count(in: traced)
        rawSQL = try log.statements { _ = try Parent.all(in: traced) }.filter { $0.hasPrefix("SELECT") }
        guard rawSQL.count == 2 else { throw CheckFailure("BeeStore fetched the graph with \(rawSQL)") }
        let parents = try raw.prepare(rawSQL[0])
        let children = try raw.prepare(rawSQL[1])
        try expectEqual(parents.columnNames, ["id", "score"], "columns of \(rawSQL[0])")
        try expectEqual(children.columnNames, ["parentId", "id", "a", "b"], "columns of \(rawSQL[1])")
        try expectEqual(sqlite3_bind_parameter_count(children.handle), 1, "parameters of \(rawSQL[1])")
        rawParents = parents
        rawChildren = children
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
        case .beeStoreColumnCodable:
            guard let bee else { throw CheckFailure("not set up") }
            return trial { try ColumnCodableParent.all(in: bee) }
        case .foundation:
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

    /// The C API by hand, BeeStore's two queries in one read transaction: the parents in
    /// id order, then their children in order of parent and id, each appended to its
    /// parent as the stream of children reaches it.
    private static func fetch(_ database: RawDatabase, parents: RawStatement, children: RawStatement) throws -> [Parent] {
        try database.execute("BEGIN")
        defer {
            sqlite3_reset(parents.handle)
            sqlite3_reset(children.handle)
            try? database.execute("COMMIT")
        }
        var result: [Parent] = []
        var keys = "["
        var code = sqlite3_step(parents.handle)
        while code == SQLITE_ROW {
            let id = sqlite3_column_int64(parents.handle, 0)
            keys += result.isEmpty ? String(id) : "," + String(id)
            result.append(Parent(id: id, score: sqlite3_column_int64(parents.handle, 1), children: []))
            code = sqlite3_step(parents.handle)
        }
        try database.check(code, "SELECT parents")
        keys += "]"
        let handle = children.handle
        sqlite3_bind_text(handle, 1, keys, -1, RawDatabase.transient)
        var position = 0
        code = sqlite3_step(handle)
        while code == SQLITE_ROW {
            let parentID = sqlite3_column_int64(handle, 0)
            while position < result.count, result[position].id != parentID { position += 1 }
            guard position < result.count else { throw CheckFailure("a child of \(parentID) out of parent order") }
            result[position].children.append(Child(
                id: sqlite3_column_int64(handle, 1), a: sqlite3_column_int64(handle, 2), b: sqlite3_column_int64(handle, 3)))
            code = sqlite3_step(handle)
        }
        try database.check(code, "SELECT children")
        return result
    }

    /// How many statements BeeStore runs to fetch the graph: fixed, whatever the number of parents.
    func notes() throws -> [String] {
        guard let bee else { return [] }
        let before = bee.statistics.executedStatements
        let parents = try Parent.all(in: bee)
        let executed = bee.statistics.executedStatements - before
        return [
            "BeeStore ran \(executed) SQL statements to fetch \(parents.count) parents with their children; "
                + "raw C runs its two queries: " + rawSQL.joined(separator: "; ")
        ]
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
