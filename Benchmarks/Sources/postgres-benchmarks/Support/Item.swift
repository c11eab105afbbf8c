import BeeStore
import BenchmarkSupport

/// The record of the flat workloads: an id and ten integer columns, in the `item` table
/// of ``createTableSQL``.
struct Item: Codable, Equatable, Sendable {
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

    /// The item stored under `id` in the fixture: the value of column `k` (0 to 9) is
    /// ``sampleFormula`` of `id` and `k`.
    static func sample(_ id: Int64) -> Item {
        func value(_ column: Int64) -> Int64 { (id * (column + 7) + column * 1_000) % 1_000_003 }
        return Item(
            id: id, a: value(0), b: value(1), c: value(2), d: value(3), e: value(4),
            f: value(5), g: value(6), h: value(7), i: value(8), j: value(9))
    }

    /// ``sample(_:)`` in SQL, for `id` `n` and column `k`: the server fills the fixture.
    static func sampleFormula(column k: Int) -> String {
        "(n * \(k + 7) + \(k * 1_000)) % 1000003"
    }

    /// The ten value columns, in order.
    static let valueColumns = ["a", "b", "c", "d", "e", "f", "g", "h", "i", "j"]

    /// All the columns, in order.
    static let columns = ["id"] + valueColumns

    static let columnsSQL = columns.joined(separator: ", ")

    static let createTableSQL = "CREATE TABLE item (id BIGINT PRIMARY KEY, "
        + valueColumns.map { "\($0) BIGINT NOT NULL" }.joined(separator: ", ") + ")"

    /// Fills `item` with the samples of ids 1 to `count`, on the server.
    static func fillSQL(count: Int) -> String {
        "INSERT INTO item (\(columnsSQL)) SELECT n, "
            + valueColumns.indices.map(sampleFormula(column:)).joined(separator: ", ")
            + " FROM generate_series(1::bigint, \(count)::bigint) AS n"
    }

    /// The ten value columns, in order.
    var values: [Int64] { [a, b, c, d, e, f, g, h, i, j] }
}

extension Item {
    /// An item from a row of the query builder, read by column name as user code would.
    init(row: Row) throws {
        self.init(
            id: try row.decode(column: "id"), a: try row.decode(column: "a"), b: try row.decode(column: "b"),
            c: try row.decode(column: "c"), d: try row.decode(column: "d"), e: try row.decode(column: "e"),
            f: try row.decode(column: "f"), g: try row.decode(column: "g"), h: try row.decode(column: "h"),
            i: try row.decode(column: "i"), j: try row.decode(column: "j"))
    }
}

/// An order-insensitive digest of items: how many, the sum of the ids and of each column.
struct ItemDigest: Equatable, CustomStringConvertible {
    var count = 0
    var idSum: Int64 = 0
    var sums = [Int64](repeating: 0, count: 10)

    init() {}

    init<S: Sequence>(_ items: S) where S.Element == Item {
        for item in items {
            count += 1
            idSum &+= item.id ?? -1
            for (column, value) in item.values.enumerated() { sums[column] &+= value }
        }
    }

    /// The digest of the samples of ids 1 to `count`.
    static func ofSamples(count: Int) -> ItemDigest {
        count == 0 ? ItemDigest() : ItemDigest((1...Int64(count)).lazy.map(Item.sample))
    }

    /// The SQL that computes the digest of the `item` table: its row is `count`, the id
    /// sum, then the column sums.
    static let tableSQL = "SELECT count(*)::bigint, coalesce(sum(id), 0)::bigint, "
        + Item.valueColumns.map { "coalesce(sum(\($0)), 0)::bigint" }.joined(separator: ", ") + " FROM item"

    var description: String { "\(count) items, id sum \(idSum), column sums \(sums)" }
}

extension Trial {
    /// A trial that times `produce` and then checks that the records it returned hold the
    /// items of `expected`.
    static func checkingItems<Record>(
        of produce: @escaping @BenchmarkActor () async throws -> [Record], item: @escaping (Record) -> Item,
        expected: ItemDigest
    ) -> Trial {
        var records: [Record] = []
        return Trial(run: { records = try await produce() }) {
            let produced = ItemDigest(records.lazy.map(item))
            guard produced == expected else { throw BenchmarkFailure("got \(produced), expected \(expected)") }
        }
    }
}
