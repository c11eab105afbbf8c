import BeeStore

/// The parents and children of the relations workload, in the tables of ``createTablesSQL``:
/// parent `p` (1 to `parentCount`) has children `(p - 1) × childCount + 1` to `p × childCount`.
struct Graph {
    let parentCount: Int
    let childCount: Int

    static let createTablesSQL = [
        "CREATE TABLE parent (id BIGINT PRIMARY KEY, score BIGINT NOT NULL)",
        "CREATE TABLE child (id BIGINT PRIMARY KEY, a BIGINT NOT NULL, b BIGINT NOT NULL, "
            + "\"parentId\" BIGINT NOT NULL REFERENCES parent (id))",
        "CREATE INDEX child_on_parentId ON child (\"parentId\")",
    ]

    static let dropTablesSQL = "DROP TABLE IF EXISTS child, parent"

    /// The statements that fill both tables on the server.
    var fillSQL: [String] {
        [
            "INSERT INTO parent (id, score) SELECT n, n * 3 % 101 FROM generate_series(1::bigint, \(parentCount)::bigint) AS n",
            "INSERT INTO child (id, a, b, \"parentId\") SELECT n, n * 5 % 1009, n * 11 % 1013, (n - 1) / \(childCount) + 1 "
                + "FROM generate_series(1::bigint, \(parentCount * childCount)::bigint) AS n",
        ]
    }

    /// The digest of the whole graph, as each library must fetch it.
    var expectedDigest: GraphDigest {
        var digest = GraphDigest()
        for parent in 1...Int64(parentCount) {
            digest.addParent(id: parent, score: parent * 3 % 101)
            let first = (parent - 1) * Int64(childCount) + 1
            for child in first..<(first + Int64(childCount)) {
                digest.addChild(of: parent, id: child, a: child * 5 % 1009, b: child * 11 % 1013)
            }
        }
        return digest
    }
}

/// An order-insensitive digest of parents with their children: each child counts with
/// the id of the parent it was fetched under, so a child under the wrong parent shows.
struct GraphDigest: Equatable, CustomStringConvertible {
    var parents = 0
    var children = 0
    var parentSum: Int64 = 0
    var childSum: Int64 = 0

    mutating func addParent(id: Int64, score: Int64) {
        parents += 1
        parentSum &+= id &* 31 &+ score
    }

    mutating func addChild(of parent: Int64, id: Int64, a: Int64, b: Int64) {
        children += 1
        childSum &+= parent &* 1_000_003 &+ id &* 7 &+ a &* 13 &+ b
    }

    var description: String { "\(parents) parents (sum \(parentSum)), \(children) children (sum \(childSum))" }
}

/// A parent with its children as BeeStore's records: `parent`, and its children in `child`
/// by `child.parentId`.
struct RecordParent: ActiveRecord {
    static let tableName = "parent"
    static let mapping = RecordMapping().hasMany("children", foreignKey: "parentId")

    var id: Int64?
    var score: Int64
    var children: [RecordChild]
}

/// A child of a ``RecordParent``.
struct RecordChild: ActiveRecord {
    static let tableName = "child"

    var id: Int64?
    var a: Int64
    var b: Int64
}

extension GraphDigest {
    /// The digest of parents of a client's own types, read through `parent` and `child`.
    init<Parent, Child>(
        _ parents: [Parent], parent: (Parent) -> (id: Int64?, score: Int64, children: [Child]),
        child: (Child) -> (id: Int64?, a: Int64, b: Int64)
    ) {
        self.init(parents.map { value in
            let (id, score, children) = parent(value)
            return GraphParent(id: id ?? -1, score: score, children: children.map { value in
                let (id, a, b) = child(value)
                return GraphChild(id: id ?? -1, a: a, b: b)
            })
        })
    }
}

/// A parent with its children, as postgres-nio and BeeStore's rows fetch them.
struct GraphParent {
    let id: Int64
    let score: Int64
    var children: [GraphChild]
}

/// A child of a ``GraphParent``.
struct GraphChild {
    let id: Int64
    let a: Int64
    let b: Int64
}

extension GraphDigest {
    init(_ parents: [GraphParent]) {
        self.init()
        for parent in parents {
            addParent(id: parent.id, score: parent.score)
            for child in parent.children { addChild(of: parent.id, id: child.id, a: child.a, b: child.b) }
        }
    }
}
