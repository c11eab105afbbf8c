import BeeStore
import BeeStorePostgreSQL
import BenchmarkSupport
import FluentKit
import PostgresNIO

/// Fetches every row of the `item` table, in id order, into records.
@BenchmarkActor
final class FetchWorkload: Workload {
    private let count: Int
    private let digest: ItemDigest

    init(count: Int) {
        self.count = count
        digest = ItemDigest.ofSamples(count: count)
    }

    var name: String { "1. fetch \(grouped(count)) rows × 10 columns" }

    var operations: Operations { Operations(count: count, unit: "row") }

    func setUp(_ clients: Clients) async throws {
        try await clients.createItemTable(filledUpTo: count)
    }

    func trial(for library: Library, _ clients: Clients) async throws -> Trial {
        switch library {
        case .postgresNIO:
            Trial.checkingItems(of: {
                let rows = try await clients.connection.query(
                    PostgresQuery(unsafeSQL: "SELECT \(Item.columnsSQL) FROM item ORDER BY id"), logger: clients.logger)
                var items: [Item] = []
                for try await row in rows.decode(FindItem.Row.self) { items.append(Item(row)) }
                return items
            }, item: { $0 }, expected: digest)
        case .fluent:
            Trial.checkingItems(
                of: { try await FluentItem.query(on: clients.fluent).sort(\.$id).all() }, item: \.item, expected: digest)
        case .beeStoreRows:
            Trial.checkingItems(
                of: { try clients.bee.from("item").orderAsc("id").get(in: clients.bee).map(Item.init(row:)) },
                item: { $0 }, expected: digest)
        case .beeStoreRecords:
            Trial.checkingItems(of: { try Item.all(in: clients.bee) }, item: { $0 }, expected: digest)
        }
    }

    func tearDown(_ clients: Clients) async throws {
        try await clients.execute("DROP TABLE item")
    }
}
