import BeeStore
import GRDB

/// A parent with its children: a has-many relation kept by the foreign key
/// `child.parentId`, children in id order, in the tables of ``Graph/createTablesSQL``.
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

/// GRDB's `Codable` records for the same graph and tables.
struct GRDBParent: Codable, FetchableRecord, MutablePersistableRecord, GRDBGraphParent {
    static let databaseTableName = "parent"
    static let children = hasMany(GRDBChild.self).forKey("children")

    var id: Int64?
    var score: Int64

    mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }
}

struct GRDBChild: Codable, FetchableRecord, MutablePersistableRecord, GRDBGraphChild {
    static let databaseTableName = "child"

    var id: Int64?
    var parentId: Int64?
    var a: Int64
    var b: Int64

    mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }
}

/// A parent fetched by GRDB with its children (`including(all:)`), decoded through `Decodable`.
struct GRDBParentWithChildren: Decodable, FetchableRecord {
    var parent: GRDBParent
    var children: [GRDBChild]
}

/// A GRDB parent record of either style, as saving the graph reads it.
protocol GRDBGraphParent: MutablePersistableRecord {
    var id: Int64? { get }
    var score: Int64 { get }
}

/// A GRDB child record of either style: saving the graph sets its parent's id.
protocol GRDBGraphChild: MutablePersistableRecord {
    var id: Int64? { get }
    var parentId: Int64? { get set }
    var a: Int64 { get }
    var b: Int64 { get }
}

/// The graph every library saves and fetches: `parentCount` parents of `childCount` children.
struct Graph {
    let parents: [Parent]

    /// The tables of the graph, the same for every library: the layout BeeStore creates
    /// for ``Parent`` and ``Child`` (the foreign key added to the child's table with its
    /// index), which GRDB's associations find through the foreign key.
    static let createTablesSQL = """
        CREATE TABLE parent (id INTEGER PRIMARY KEY, score INTEGER NOT NULL);
        CREATE TABLE child (id INTEGER PRIMARY KEY, a INTEGER NOT NULL, b INTEGER NOT NULL,
            parentId INTEGER REFERENCES parent (id) ON DELETE SET NULL);
        CREATE INDEX child_on_parentId ON child (parentId)
        """

    init(parentCount: Int, childCount: Int) {
        parents = (0..<parentCount).map { parent in
            Parent(
                id: nil, score: Int64(parent * 7 % 1_000),
                children: (0..<childCount).map { child in
                    Child(id: nil, a: Int64(parent * childCount + child), b: Int64((parent * 31 + child) % 97))
                })
        }
    }

    var parentCount: Int { parents.count }

    var childCount: Int { parents.reduce(0) { $0 + $1.children.count } }

    var expectedDigest: GraphDigest { GraphDigest(parents) }

    /// The graph without ids, in arrays of its own: a trial that writes the new ids into
    /// them does not copy the graph in its timed part.
    func freshParents() -> [Parent] {
        parents.map { parent in
            Parent(id: nil, score: parent.score, children: parent.children.map { Child(id: nil, a: $0.a, b: $0.b) })
        }
    }

    /// GRDB's `Codable` records of the graph, without ids.
    func freshGRDBRecords() -> [(parent: GRDBParent, children: [GRDBChild])] {
        parents.map { parent in
            (GRDBParent(id: nil, score: parent.score),
             parent.children.map { GRDBChild(id: nil, parentId: nil, a: $0.a, b: $0.b) })
        }
    }

    /// GRDB's hand-written records of the graph, without ids.
    func freshGRDBHandWrittenRecords() -> [(parent: GRDBHandWrittenParent, children: [GRDBHandWrittenChild])] {
        parents.map { parent in
            (GRDBHandWrittenParent(id: nil, score: parent.score),
             parent.children.map { GRDBHandWrittenChild(id: nil, parentId: nil, a: $0.a, b: $0.b) })
        }
    }
}

/// A parent as a ``GraphDigest`` reads it, whichever library's record holds it.
protocol DigestibleParent {
    var score: Int64 { get }
    var childValues: [(a: Int64, b: Int64)] { get }
}

extension Parent: DigestibleParent {
    var childValues: [(a: Int64, b: Int64)] { children.map { ($0.a, $0.b) } }
}

/// A GRDB parent with its children, of either style: what GRDB fetches, and how the
/// records GRDB saved are checked.
protocol GRDBParentWithItsChildren: DigestibleParent, FetchableRecord {
    associatedtype Parent: GRDBGraphParent
    associatedtype Child: GRDBGraphChild
    var parent: Parent { get }
    var children: [Child] { get }
    init(parent: Parent, children: [Child])
}

extension GRDBParentWithItsChildren {
    var score: Int64 { parent.score }
    var childValues: [(a: Int64, b: Int64)] { children.map { ($0.a, $0.b) } }
}

extension GRDBParentWithChildren: GRDBParentWithItsChildren {}

extension GRDBHandWrittenParentWithChildren: GRDBParentWithItsChildren {}

/// A digest of a fetched graph that depends on the parents' order and on each parent's
/// children and their order.
struct GraphDigest: Equatable, CustomStringConvertible {
    var parents = 0
    var children = 0
    var scoreSum: Int64 = 0
    var weightedSum: Int64 = 0

    init<Parents: Sequence>(_ parents: Parents) where Parents.Element: DigestibleParent {
        for parent in parents {
            add(score: parent.score, children: parent.childValues)
        }
    }

    private mutating func add(score: Int64, children list: [(a: Int64, b: Int64)]) {
        parents += 1
        scoreSum &+= score &* Int64(parents)
        for (position, child) in list.enumerated() {
            children += 1
            weightedSum &+= (child.a &* 3 &+ child.b) &* Int64(position + 1) &* Int64(parents % 13 + 1)
        }
    }

    var description: String {
        "\(parents) parents, \(children) children, score digest \(scoreSum), children digest \(weightedSum)"
    }
}
