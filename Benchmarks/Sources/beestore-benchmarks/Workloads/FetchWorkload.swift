import BeeStore
import BenchmarkSupport
import CSQLiteRaw
import GRDB

/// Fetches every row of the `item` table into `Item` values.
final class FetchWorkload: Workload {
    let rawRatioTarget: Double? = 1.5
    private let fixture: ItemFixture
    private var connections: ItemConnections?

    init(fixture: ItemFixture) {
        self.fixture = fixture
    }

    var name: String { "1. fetch \(grouped(fixture.count)) rows × 10 columns" }

    func setUp(in scratch: Scratch) throws {
        connections = try ItemConnections(
            path: fixture.path(in: scratch), rawSQL: "SELECT \(Item.columnsSQL) FROM item ORDER BY id")
    }

    var operations: Operations { Operations(count: fixture.count, unit: "row") }

    func trial(for library: Library, in scratch: Scratch) throws -> Trial {
        guard let connections else { throw CheckFailure("not set up") }
        switch library {
        case .raw:
            return trial(fetch: { try connections.raw.fetchItems(connections.rawStatement) }, item: { $0 })
        case .grdbCodable:
            return trial(fetch: { try connections.grdb.read { db in try Item.fetchAll(db) } }, item: { $0 })
        case .grdbHandWritten:
            return trial(fetch: { try connections.grdb.read { db in try GRDBHandWrittenItem.fetchAll(db) } }, item: \.item)
        case .beeStore:
            return trial(fetch: { try Item.all(in: connections.bee) }, item: { $0 })
        case .beeStoreColumnCodable:
            return trial(fetch: { try ColumnCodableItem.all(in: connections.bee) }, item: \.item)
        case .foundation:
            throw CheckFailure.notCompared(library)
        }
    }

    /// A trial that times `fetch` and then checks the items of the records it returned.
    private func trial<Record>(fetch: @escaping () throws -> [Record], item: @escaping (Record) -> Item) -> Trial {
        var records: [Record] = []
        return Trial(run: { records = try fetch() }) { [fixture] in
            try expectEqual(ItemDigest(records.lazy.map(item)), fixture.digest, "fetched items")
        }
    }

    /// What `Decodable` alone costs, to set beside the raw C fetch.
    func notes() throws -> [String] {
        let floor = try CodableFloor.decoding(count: fixture.count)
        return [
            "1: Codable alone, no SQLite: decoding the \(grouped(fixture.count)) items from a decoder that "
                + "returns constants takes \(milliseconds(floor)) (median of 7), the least any Decodable fetch adds to raw C."
        ]
    }

    func tearDown() {
        connections?.close()
        connections = nil
    }
}
