import BeeStore
import BeeStorePostgreSQL
import BenchmarkSupport
import FluentKit
import PostgresNIO

/// Inserts records one statement each, all in one transaction, into an empty `item` table.
@BenchmarkActor
final class InsertWorkload: Workload {
    private let items: [Item]
    private let digest: ItemDigest

    init(count: Int) {
        items = (0..<count).map { Item.sample(Int64($0 + 1)) }
        digest = ItemDigest(items)
    }

    var name: String { "2. insert \(grouped(items.count)) rows × 10 columns in one transaction" }

    var operations: Operations { Operations(count: items.count, unit: "row") }

    func setUp(_ clients: Clients) async throws {
        try await clients.createItemTable(filledUpTo: 0)
    }

    func trial(for library: Library, _ clients: Clients) async throws -> Trial {
        try await clients.execute("TRUNCATE item")
        let items = items
        let run: @BenchmarkActor () async throws -> Void
        switch library {
        case .postgresNIO:
            run = {
                try await clients.connection.withTransaction(logger: clients.logger) { connection in
                    for item in items {
                        _ = try await connection.execute(InsertItem(item: item), logger: clients.logger)
                    }
                }
            }
        case .fluent:
            run = {
                try await clients.fluent.transaction { database in
                    for item in items { try await FluentItem(item).create(on: database) }
                }
            }
        case .beeStoreRows:
            run = {
                try clients.bee.transaction { _ in
                    for item in items {
                        var insert = clients.bee.from("item").set("id", item.id)
                        for (column, value) in zip(Item.valueColumns, item.values) { insert = insert.set(column, value) }
                        try insert.insert(in: clients.bee)
                    }
                }
            }
        case .beeStoreRecords:
            run = {
                var records = items
                try records.save(in: clients.bee)
            }
        }
        return Trial(run: run) { [digest] in
            let stored = try await clients.itemTableDigest()
            guard stored == digest else { throw BenchmarkFailure("stored \(stored), expected \(digest)") }
        }
    }

    func tearDown(_ clients: Clients) async throws {
        try await clients.execute("DROP TABLE item")
    }
}
