import BeeStore
import BenchmarkSupport
import CSQLiteRaw
import GRDB

/// Saves new parents with their children into a fresh, empty database in one
/// transaction. Every library writes into the same tables (``Graph/createTablesSQL``),
/// created by the C API before the clock starts, from records of its own made then too.
final class RelationSaveWorkload: Workload {
    let rawRatioTarget: Double? = nil
    /// The graph's records are `Codable`: BeeStore's fast path has no part here.
    var libraries: [Library] { Library.sqlite.filter { $0 != .beeStoreColumnCodable } }
    private let graph: Graph

    init(graph: Graph) {
        self.graph = graph
    }

    var name: String {
        "4b. save \(grouped(graph.parentCount)) parents × \(graph.parents.first?.children.count ?? 0) children"
    }

    var operations: Operations { Operations(count: graph.parentCount, unit: "parent") }

    func setUp(in scratch: Scratch) throws {}

    func trial(for library: Library, in scratch: Scratch) throws -> Trial {
        let path = scratch.freshPath("graph-save")
        try RawDatabase(path: path).createGraphTables()
        let plan: SavePlan
        switch library {
        case .raw:
            let raw = try RawDatabase(path: path)
            var parents = graph.freshParents()
            plan = SavePlan(run: { try raw.insertGraph(&parents) }, saved: { SavedGraph(parents) })
        case .grdbCodable:
            plan = try Self.grdbPlan(path: path, records: graph.freshGRDBRecords(), as: GRDBParentWithChildren.self)
        case .grdbHandWritten:
            plan = try Self.grdbPlan(
                path: path, records: graph.freshGRDBHandWrittenRecords(), as: GRDBHandWrittenParentWithChildren.self)
        case .beeStore:
            let bee = try BeeStore.Database(path: path)
            _ = try Parent.count(in: bee)  // the first use of a record type checks its tables in a write
            var parents = graph.freshParents()
            plan = SavePlan(run: { try parents.save(in: bee) }, close: { bee.close() }, saved: { SavedGraph(parents) })
        case .foundation, .beeStoreColumnCodable:
            throw CheckFailure.notCompared(library)
        }
        return Trial(run: plan.run) { [graph] in
            plan.close()
            let result = plan.saved()
            try expectEqual(result.parentIDs.compactMap { $0 }.count, graph.parentCount, "parents given an id")
            try expectEqual(Set(result.childIDs.compactMap { $0 }).count, graph.childCount, "children given distinct ids")
            try expectEqual(result.digest, graph.expectedDigest, "saved graph")
            try expectEqual(
                try RawDatabase(path: path).integers(
                    "SELECT (SELECT count(*) FROM parent), "
                        + "(SELECT count(*) FROM child c JOIN parent p ON p.id = c.parentId)"),
                [Int64(graph.parentCount), Int64(graph.childCount)], "parent and child rows")
            scratch.remove(database: path)
        }
    }

    /// GRDB's way with records of either style, in one write: each parent's row, then each
    /// of its children's with the parent's new id.
    private static func grdbPlan<Saved: GRDBParentWithItsChildren>(
        path: String, records: [(parent: Saved.Parent, children: [Saved.Child])], as saved: Saved.Type
    ) throws -> SavePlan {
        var grdb: DatabasePool? = try DatabasePool(path: path)
        var records = records
        return SavePlan(
            run: {
                try grdb?.write { db in
                    for index in records.indices {
                        try records[index].parent.insert(db)
                        let parentID = records[index].parent.id
                        for child in records[index].children.indices {
                            records[index].children[child].parentId = parentID
                            try records[index].children[child].insert(db)
                        }
                    }
                }
            },
            close: { grdb = nil },
            saved: {
                SavedGraph(
                    records.map { Saved(parent: $0.parent, children: $0.children) },
                    parentIDs: records.map(\.parent.id), childIDs: records.flatMap { $0.children.map(\.id) })
            })
    }

    func tearDown() {}
}

/// One library's trial: the timed part, what releases its connection, and what it saved,
/// read back from its records once it is over.
private struct SavePlan {
    let run: () throws -> Void
    var close: () -> Void = {}
    let saved: () -> SavedGraph
}

/// What a library's records hold once saved: the ids they were given, and their digest.
private struct SavedGraph {
    let digest: GraphDigest
    let parentIDs: [Int64?]
    let childIDs: [Int64?]

    init<Parents: Sequence>(_ parents: Parents, parentIDs: [Int64?], childIDs: [Int64?])
    where Parents.Element: DigestibleParent {
        digest = GraphDigest(parents)
        self.parentIDs = parentIDs
        self.childIDs = childIDs
    }

    init(_ parents: [Parent]) {
        self.init(parents, parentIDs: parents.map(\.id), childIDs: parents.flatMap { $0.children.map(\.id) })
    }
}
