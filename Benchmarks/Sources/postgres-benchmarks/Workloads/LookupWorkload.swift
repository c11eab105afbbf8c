import BeeStore
import BeeStorePostgreSQL
import BenchmarkSupport
import FluentKit
import PostgresNIO

/// Looks items up one by one by primary key, in a scattered order over the `item` table.
@BenchmarkActor
final class LookupWorkload: Workload {
    private let rowCount: Int
    private let ids: [Int64]
    private let digest: ItemDigest

    init(rowCount: Int, lookups: Int) {
        self.rowCount = rowCount
        ids = (0..<lookups).map { Int64($0 * 7_919 % rowCount + 1) }
        digest = ItemDigest(ids.map(Item.sample))
    }

    var name: String { "3. \(grouped(ids.count)) primary-key lookups" }

    var operations: Operations { Operations(count: ids.count, unit: "lookup") }

    func setUp(_ clients: Clients) async throws {
        try await clients.createItemTable(filledUpTo: rowCount)
    }

    func trial(for library: Library, _ clients: Clients) async throws -> Trial {
        let ids = ids
        switch library {
        case .postgresNIO:
            return Trial.checkingItems(of: {
                var items: [Item] = []
                for id in ids {
                    for try await row in try await clients.connection.execute(FindItem(id: id), logger: clients.logger) {
                        items.append(Item(row))
                    }
                }
                return items
            }, item: { $0 }, expected: digest)
        case .fluent:
            return Trial.checkingItems(of: {
                var items: [FluentItem] = []
                for id in ids {
                    guard let item = try await FluentItem.find(id, on: clients.fluent) else { throw Self.missing(id) }
                    items.append(item)
                }
                return items
            }, item: \.item, expected: digest)
        case .beeStoreRows:
            return Trial.checkingItems(of: {
                var items: [Item] = []
                for id in ids {
                    guard let row = try clients.bee.from("item").where("id", id).first(in: clients.bee) else {
                        throw Self.missing(id)
                    }
                    items.append(try Item(row: row))
                }
                return items
            }, item: { $0 }, expected: digest)
        case .beeStoreRecords:
            return Trial.checkingItems(of: {
                try ids.map { id in
                    guard let item = try Item.find(id, in: clients.bee) else { throw Self.missing(id) }
                    return item
                }
            }, item: { $0 }, expected: digest)
        }
    }

    private static func missing(_ id: Int64) -> BenchmarkFailure {
        BenchmarkFailure("no item \(id)")
    }

    func tearDown(_ clients: Clients) async throws {
        try await clients.execute("DROP TABLE item")
    }
}
