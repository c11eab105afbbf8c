import GRDB

// GRDB's records written for speed, as in GRDB's own performance suite: a hand-written
// `init(row:)` reading the columns by index (`decode(atIndex:)`, the throwing form of
// `row[0]`) in the order of `databaseSelection`, and a hand-written `encode(to:)`.

/// The item record. It holds an ``Item`` so that the checks read the same values as
/// for the other libraries; the layout is that of a struct of the same eleven fields.
struct GRDBHandWrittenItem: FetchableRecord, MutablePersistableRecord {
    static let databaseTableName = "item"
    static var databaseSelection: [any SQLSelectable] { Item.columns.map { Column($0) } }

    var item: Item

    init(_ item: Item) {
        self.item = item
    }

    init(row: Row) throws {
        item = Item(
            id: try row.decode(Int64.self, atIndex: 0),
            a: try row.decode(atIndex: 1), b: try row.decode(atIndex: 2), c: try row.decode(atIndex: 3),
            d: try row.decode(atIndex: 4), e: try row.decode(atIndex: 5), f: try row.decode(atIndex: 6),
            g: try row.decode(atIndex: 7), h: try row.decode(atIndex: 8), i: try row.decode(atIndex: 9),
            j: try row.decode(atIndex: 10))
    }

    func encode(to container: inout PersistenceContainer) {
        container["id"] = item.id
        container["a"] = item.a
        container["b"] = item.b
        container["c"] = item.c
        container["d"] = item.d
        container["e"] = item.e
        container["f"] = item.f
        container["g"] = item.g
        container["h"] = item.h
        container["i"] = item.i
        container["j"] = item.j
    }

    mutating func didInsert(_ inserted: InsertionSuccess) {
        item.id = inserted.rowID
    }
}

/// The parent record: its id and score.
struct GRDBHandWrittenParent: FetchableRecord, MutablePersistableRecord, GRDBGraphParent {
    static let databaseTableName = "parent"
    static let children = hasMany(GRDBHandWrittenChild.self).forKey("children")
    static var databaseSelection: [any SQLSelectable] { [Column("id"), Column("score")] }

    var id: Int64?
    var score: Int64

    func encode(to container: inout PersistenceContainer) {
        container["id"] = id
        container["score"] = score
    }

    mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }
}

extension GRDBHandWrittenParent {
    init(row: Row) throws {
        id = try row.decode(Int64.self, atIndex: 0)
        score = try row.decode(atIndex: 1)
    }
}

struct GRDBHandWrittenChild: FetchableRecord, MutablePersistableRecord, GRDBGraphChild {
    static let databaseTableName = "child"
    static var databaseSelection: [any SQLSelectable] { [Column("id"), Column("parentId"), Column("a"), Column("b")] }

    var id: Int64?
    var parentId: Int64?
    var a: Int64
    var b: Int64

    func encode(to container: inout PersistenceContainer) {
        container["id"] = id
        container["parentId"] = parentId
        container["a"] = a
        container["b"] = b
    }

    mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }
}

extension GRDBHandWrittenChild {
    init(row: Row) throws {
        id = try row.decode(Int64.self, atIndex: 0)
        parentId = try row.decode(Int64.self, atIndex: 1)
        a = try row.decode(atIndex: 2)
        b = try row.decode(atIndex: 3)
    }
}

/// A parent fetched with its children (`including(all:)`), decoded by hand from the
/// parent's row and the prefetched rows of its children.
struct GRDBHandWrittenParentWithChildren: FetchableRecord {
    var parent: GRDBHandWrittenParent
    var children: [GRDBHandWrittenChild]

    init(parent: GRDBHandWrittenParent, children: [GRDBHandWrittenChild]) {
        self.parent = parent
        self.children = children
    }

    init(row: Row) throws {
        parent = try GRDBHandWrittenParent(row: row)
        children = try row.decode(forKey: "children")
    }
}
