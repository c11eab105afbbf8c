import BeeStore
import BenchmarkSupport

/// The record of the flat workloads: an id and ten integer columns, in the `item` table
/// of ``createTableSQL``.
struct Item: Codable, Equatable, Sendable, ActiveRecord {
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
    /// An item of `id` whose ten value columns hold `values`, in order.
    init(id: Int64?, values: [Int64]) {
        self.init(
            id: id, a: values[0], b: values[1], c: values[2], d: values[3], e: values[4], f: values[5], g: values[6],
            h: values[7], i: values[8], j: values[9])
    }

    /// An item from a row of the query builder, read by column name as user code would.
    init(row: Row) throws {
        self.init(
            id: try row.decode(Int64.self, column: "id"),
            values: try Item.valueColumns.map { try row.decode(Int64.self, column: $0) })
    }
}

/// An order-insensitive digest of items: how many, and one weighted sum of every id and
/// value, so that a value in the wrong column or under the wrong id shows.
struct ItemDigest: Equatable, CustomStringConvertible {
    private(set) var count = 0
    private(set) var checksum: Int64 = 0

    init() {}

    init<S: Sequence>(_ items: S) where S.Element == Item {
        for item in items { add(id: item.id ?? -1, values: item.values) }
    }

    mutating func add(id: Int64, values: [Int64]) {
        count += 1
        var weighted = id
        for (column, value) in values.enumerated() { weighted &+= value &* Int64(column + 2) }
        checksum &+= weighted &* (id % 1_009 + 1)
    }

    /// The digest of the samples of ids 1 to `count`.
    static func ofSamples(count: Int) -> ItemDigest {
        count == 0 ? ItemDigest() : ItemDigest((1...Int64(count)).lazy.map(Item.sample))
    }

    var description: String { "\(count) items, checksum \(checksum)" }
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
