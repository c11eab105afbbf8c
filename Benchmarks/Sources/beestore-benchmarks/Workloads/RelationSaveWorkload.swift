import BeeStore
import CSQLiteRaw
import GRDB

/// Saves new parents with their children into a fresh, empty database in one
/// transaction. Every library writes into the same tables (``Graph/createTablesSQL``),
/// created by the C API before the clock starts, from records of its own made then too.
final class RelationSaveWorkload: Workload {
    let rawRatioTarget: Double? = nil
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
        var close: () -> Void = {}
        let run: () throws -> Void
        /// What the trial saved, read back from its records once it is over.
        let saved: () -> SavedGraph
        switch library {
        case .raw:
            let raw = try RawDatabase(path: path)
            var parents = graph.freshParents()
            run = { try raw.insertGraph(&parents) }
            saved = { SavedGraph(parents) }
        case .grdbCodable:
            var grdb: DatabasePool? = try DatabasePool(path: path)
            var records = graph.freshGRDBRecords()
            close = { grdb = nil }
            run = {
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
            }
            saved = {
                SavedGraph(
                    records.map { GRDBParentWithChildren(parent: $0.parent, children: $0.children) },
                    parentIDs: records.map(\.parent.id), childIDs: records.flatMap { $0.children.map(\.id) })
            }
        case .grdbHandWritten:
            var grdb: DatabasePool? = try DatabasePool(path: path)
            var parents = graph.freshGRDBHandWrittenRecords()
            close = { grdb = nil }
            run = {
                try grdb?.write { db in
                    for index in parents.indices {
                        try parents[index].insert(db)
                        let parentID = parents[index].id
                        for child in parents[index].children.indices {
                            parents[index].children[child].parentId = parentID
                            try parents[index].children[child].insert(db)
                        }
                    }
                }
            }
            saved = {
                SavedGraph(parents, parentIDs: parents.map(\.id), childIDs: parents.flatMap { $0.children.map(\.id) })
            }
        case .beeStore:
            let bee = try BeeStore.Database(path: path)
            _ = try Parent.count(in: bee)  // the first use of a record type checks its tables in a write
            var parents = graph.freshParents()
            close = { bee.close() }
            run = { try parents.save(in: bee) }
            saved = { SavedGraph(parents) }
        case .foundation:
            throw CheckFailure.notCompared(library)
        }
        return Trial(run: run) { [graph] in
            close()
            let result = saved()
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

    func tearDown() {}
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
