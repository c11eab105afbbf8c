import BeeStore
import GRDB

/// The record of the flat workloads: an id and ten integer columns. The same `Codable`
/// struct is an ActiveRecord for BeeStore and a record for GRDB; the raw C baseline
/// fills it by hand.
struct Item: Codable, Equatable, ActiveRecord, FetchableRecord, MutablePersistableRecord {
    /// GRDB's recommended explicit table name (its default is derived from the type name
    /// on every use). BeeStore's `tableName` keeps its default, `item`.
    static let databaseTableName = "item"

    var id: Int64?
    var a: Int64
    var b: Int64
    var c: Int64
    var d: Int64
    var e: Int64
    var f: Int64
    var g: Int64
    var h: Int64
    var i: Int64
    var j: Int64

    mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }

    /// The item stored under `id` in the fixture: distinct, deterministic values.
    static func sample(_ id: Int64) -> Item {
        func value(_ column: Int64) -> Int64 { (id &* (column + 7) &+ column * 1_000) % 1_000_003 }
        return Item(
            id: id, a: value(0), b: value(1), c: value(2), d: value(3), e: value(4),
            f: value(5), g: value(6), h: value(7), i: value(8), j: value(9))
    }

    /// The ten value columns, in order.
    var values: [Int64] { [a, b, c, d, e, f, g, h, i, j] }

    static let createTableSQL = "CREATE TABLE item (id INTEGER PRIMARY KEY, "
        + "a INTEGER NOT NULL, b INTEGER NOT NULL, c INTEGER NOT NULL, d INTEGER NOT NULL, e INTEGER NOT NULL, "
        + "f INTEGER NOT NULL, g INTEGER NOT NULL, h INTEGER NOT NULL, i INTEGER NOT NULL, j INTEGER NOT NULL)"

    /// The table's columns, in order.
    static let columns = ["id", "a", "b", "c", "d", "e", "f", "g", "h", "i", "j"]

    static let columnsSQL = columns.joined(separator: ", ")
}

extension Item {
    /// An item from a row of the query builder, read by column name as user code would.
    init(row: BeeStore.Row) throws {
        self.init(
            id: try row.decode(column: "id"), a: try row.decode(column: "a"), b: try row.decode(column: "b"),
            c: try row.decode(column: "c"), d: try row.decode(column: "d"), e: try row.decode(column: "e"),
            f: try row.decode(column: "f"), g: try row.decode(column: "g"), h: try row.decode(column: "h"),
            i: try row.decode(column: "i"), j: try row.decode(column: "j"))
    }
}

/// An order-insensitive digest of items: how many, and the sum of each column.
struct ItemDigest: Equatable, CustomStringConvertible {
    var count = 0
    var idSum: Int64 = 0
    var sums = [Int64](repeating: 0, count: 10)

    init() {}

    init<S: Sequence>(_ items: S) where S.Element == Item {
        for item in items { add(item) }
    }

    mutating func add(_ item: Item) {
        count += 1
        idSum &+= item.id ?? -1
        sums[0] &+= item.a
        sums[1] &+= item.b
        sums[2] &+= item.c
        sums[3] &+= item.d
        sums[4] &+= item.e
        sums[5] &+= item.f
        sums[6] &+= item.g
        sums[7] &+= item.h
        sums[8] &+= item.i
        sums[9] &+= item.j
    }

    /// The digest of the `item` table of a database file, computed by SQLite.
    static func ofTable(in database: RawDatabase) throws -> ItemDigest {
        let row = try database.integers(
            "SELECT count(*), sum(id), sum(a), sum(b), sum(c), sum(d), sum(e), sum(f), sum(g), sum(h), sum(i), sum(j) FROM item")
        var digest = ItemDigest()
        digest.count = Int(row[0])
        digest.idSum = row[1]
        digest.sums = Array(row[2...])
        return digest
    }

    var description: String { "\(count) items, id sum \(idSum), column sums \(sums)" }
}
