import BeeStore
import CSQLiteRaw
import GRDB

/// Saves new parents with their children into a fresh, empty database in one
/// transaction. BeeStore and the raw C baseline write BeeStore's tables (parent, child
/// and the ordered link table); GRDB writes its own (`child.parentId`).
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
                        "SELECT (SELECT count(*) FROM parent), (SELECT count(*) FROM child), "
                            + "(SELECT count(*) FROM parent_children l JOIN parent p ON p.id = l.parent_id "
                            + "JOIN child c ON c.id = l.child_id)"),
                    [Int64(parentCount), Int64(childCount), Int64(childCount)], "parent, child and link rows")
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

    /// The C API by hand, in BeeStore's layout: for each parent, its row, then each
    /// child's row and its link row with the child's position.
    private static func save(_ parents: inout [Parent], into database: RawDatabase) throws {
        let insertParent = try database.prepare("INSERT INTO parent (score) VALUES (?)")
        let insertChild = try database.prepare("INSERT INTO child (a, b) VALUES (?, ?)")
        let insertLink = try database.prepare("INSERT INTO parent_children (parent_id, child_id, position) VALUES (?, ?, ?)")
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
                try step(insertChild)
                let childID = sqlite3_last_insert_rowid(database.handle)
                parents[index].children[position].id = childID
                sqlite3_bind_int64(insertLink.handle, 1, parentID)
                sqlite3_bind_int64(insertLink.handle, 2, childID)
                sqlite3_bind_int64(insertLink.handle, 3, Int64(position))
                try step(insertLink)
            }
        }
        try database.execute("COMMIT")
    }

    func tearDown() {}
}
