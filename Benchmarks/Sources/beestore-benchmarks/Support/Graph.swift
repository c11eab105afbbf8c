import BeeStore
import GRDB

/// A parent with its children: a has-many relation kept by the foreign key
/// `child.parentId`, children in id order: the table layout of GRDB's records below too,
/// so that BeeStore, the raw C baseline and GRDB read and write the same tables.
struct Parent: ActiveRecord, Equatable {
    var id: Int64?
    var score: Int64
    var children: [Child]

    static let mapping = RecordMapping().hasMany("children", foreignKey: "parentId")
}

struct Child: ActiveRecord, Equatable {
    var id: Int64?
    var a: Int64
    var b: Int64
}

/// GRDB's records for the same graph: `child.parentId` refers to `parent.id`, children in id order.
struct GRDBParent: Codable, FetchableRecord, MutablePersistableRecord {
    static let databaseTableName = "parent"
    static let children = hasMany(GRDBChild.self).forKey("children")

    var id: Int64?
    var score: Int64

    mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }

    /// Creates GRDB's tables.
    static func createTables(_ db: GRDB.Database) throws {
        try db.create(table: "parent") { table in
            table.primaryKey("id", .integer)
            table.column("score", .integer).notNull()
        }
        try db.create(table: "child") { table in
            table.primaryKey("id", .integer)
            table.belongsTo("parent").notNull()
            table.column("a", .integer).notNull()
            table.column("b", .integer).notNull()
        }
    }
}

struct GRDBChild: Codable, FetchableRecord, MutablePersistableRecord {
    static let databaseTableName = "child"

    var id: Int64?
    var parentId: Int64?
    var a: Int64
    var b: Int64

    mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }
}

/// A parent fetched by GRDB with its children (`including(all:)`).
struct GRDBParentWithChildren: Decodable, FetchableRecord {
    var parent: GRDBParent
    var children: [GRDBChild]
}

/// The graph every library saves and fetches: `parentCount` parents of `childCount` children.
struct Graph {
    let parents: [Parent]

    init(parentCount: Int, childCount: Int) {
        parents = (0..<parentCount).map { parent in
            Parent(
                id: nil, score: Int64(parent * 7 % 1_000),
                children: (0..<childCount).map { child in
                    Child(id: nil, a: Int64(parent * childCount + child), b: Int64((parent * 31 + child) % 97))
                })
        }
    }

    var expectedDigest: GraphDigest {
        var digest = GraphDigest()
        for parent in parents {
            digest.add(score: parent.score, children: parent.children.map { ($0.a, $0.b) })
        }
        return digest
    }

    /// GRDB's records of the graph, without ids.
    var grdbRecords: [(parent: GRDBParent, children: [GRDBChild])] {
        parents.map { parent in
            (GRDBParent(id: nil, score: parent.score),
             parent.children.map { GRDBChild(id: nil, parentId: nil, a: $0.a, b: $0.b) })
        }
    }
}

/// A digest of a fetched graph that depends on the parents' order and on each parent's
/// children and their order.
struct GraphDigest: Equatable, CustomStringConvertible {
    var parents = 0
    var children = 0
    var scoreSum: Int64 = 0
    var weightedSum: Int64 = 0

    mutating func add(score: Int64, children list: [(a: Int64, b: Int64)]) {
        parents += 1
        scoreSum &+= score &* Int64(parents)
        for (position, child) in list.enumerated() {
            children += 1
            weightedSum &+= (child.a &* 3 &+ child.b) &* Int64(position + 1) &* Int64(parents % 13 + 1)
        }
    }

    init() {}

    init(_ parents: [Parent]) {
        for parent in parents {
            add(score: parent.score, children: parent.children.map { ($0.a, $0.b) })
        }
    }

    init(_ parents: [GRDBParentWithChildren]) {
        for parent in parents {
            add(score: parent.parent.score, children: parent.children.map { ($0.a, $0.b) })
        }
    }

    var description: String {
        "\(parents) parents, \(children) children, score digest \(scoreSum), children digest \(weightedSum)"
    }
}
