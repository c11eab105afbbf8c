import BeeStore
import CSQLiteRaw
import GRDB

/// Saves new parents with their children into a fresh, empty database in one
/// transaction, every library in the same layout (`child.parentId`): BeeStore and the raw
/// C baseline into the tables BeeStore creates, GRDB into its own.
final class RelationSaveWorkload: Workload {
    let rawRatioTarget: Double? = nil
    private let graph: Graph

    init(graph: Graph) {
        self.graph = graph
    }

    var name: String {
        "4b. save \(grouped(graph.parents.count)) parents × \(graph.parents.first?.children.count ?? 0) children"
    }

    func setUp(in scratch: Scratch) throws {}

    func trial(for library: Library, in scratch: Scratch) throws -> Trial {
        let path = scratch.freshPath("graph-save")
        let parentCount = graph.parents.count
        let childCount = graph.parents.reduce(0) { $0 + $1.children.count }
        var close: () -> Void = {}
        let run: () throws -> Void
        let verify: () throws -> Void
        switch library {
        case .raw, .beeStore:
            // BeeStore creates the tables, so that the raw C baseline writes the very same ones.
            let bee = try BeeStore.Database(path: path)
            _ = try Parent.count(in: bee)
            var parents = graph.parents
            if library == .raw {
                bee.close()
                let raw = try RawDatabase(path: path)
                run = { try Self.save(&parents, into: raw) }
            } else {
                close = { bee.close() }
                run = { try parents.save(in: bee) }
            }
            verify = { [graph] in
                try expectEqual(parents.compactMap(\.id).count, parentCount, "parents given an id")
                try expectEqual(
                    Set(parents.flatMap { $0.children.compactMap(\.id) }).count, childCount, "children given distinct ids")
                try expectEqual(GraphDigest(parents), graph.expectedDigest, "saved graph")
                try expectEqual(
                    try RawDatabase(path: path).integers(
                        "SELECT (SELECT count(*) FROM parent), "
                            + "(SELECT count(*) FROM child c JOIN parent p ON p.id = c.parentId)"),
                    [Int64(parentCount), Int64(childCount)], "parent and child rows")
            }
        case .grdb:
            var grdb: DatabasePool? = try DatabasePool(path: path)
            try grdb?.write(GRDBParent.createTables)
            var records = graph.grdbRecords
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
            verify = { [graph] in
                let fetched = records.map { GRDBParentWithChildren(parent: $0.parent, children: $0.children) }
                try expectEqual(fetched.compactMap(\.parent.id).count, parentCount, "parents given an id")
                try expectEqual(GraphDigest(fetched), graph.expectedDigest, "saved graph")
                try expectEqual(
                    try RawDatabase(path: path).integers(
                        "SELECT (SELECT count(*) FROM parent), "
                            + "(SELECT count(*) FROM child c JOIN parent p ON p.id = c.parentId)"),
                    [Int64(parentCount), Int64(childCount)], "parent and child rows")
            }
        case .foundation:
            throw CheckFailure.notCompared(library)
        }
        return Trial(run: run) {
            close()
            try verify()
            scratch.remove(database: path)
        }
    }

    /// The C API by hand: for each parent, its row, then each child's row with its parent's id.
    private static func save(_ parents: inout [Parent], into database: RawDatabase) throws {
        let insertParent = try database.prepare("INSERT INTO parent (score) VALUES (?)")
        let insertChild = try database.prepare("INSERT INTO child (a, b, parentId) VALUES (?, ?, ?)")
        func step(_ statement: RawStatement) throws {
            let code = sqlite3_step(statement.handle)
            sqlite3_reset(statement.handle)
            try database.check(code, "INSERT")
        }
        try database.execute("BEGIN IMMEDIATE")
        for index in parents.indices {
            sqlite3_bind_int64(insertParent.handle, 1, parents[index].score)
            try step(insertParent)
            let parentID = sqlite3_last_insert_rowid(database.handle)
            parents[index].id = parentID
            for position in parents[index].children.indices {
                let child = parents[index].children[position]
                sqlite3_bind_int64(insertChild.handle, 1, child.a)
                sqlite3_bind_int64(insertChild.handle, 2, child.b)
                sqlite3_bind_int64(insertChild.handle, 3, parentID)
                try step(insertChild)
                parents[index].children[position].id = sqlite3_last_insert_rowid(database.handle)
            }
        }
        try database.execute("COMMIT")
    }

    func tearDown() {}
}
