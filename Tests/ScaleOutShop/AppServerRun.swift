#if PostgreSQL
import BeeStore
import BeeStorePostgreSQL
import Foundation

/// One app server of the scale-out test, on a PostgreSQL database that others share: it
/// runs the shop's migrations, observes the shop's tables, saves ``orderCount`` orders
/// with their lines and makes ``updateCount`` optimistic updates of the shared accounts
/// (one after every few orders, so that the servers' updates overlap), then waits until
/// its observers have delivered what every server wrote.
public struct AppServerRun {
    /// The migrations did not leave the shared accounts as the last one inserts them.
    struct WrongAccounts: Error, CustomStringConvertible {
        let count: Int
        var description: String { "found \(count) accounts, not the \(ShopMigrations.accountCount) the migration inserts" }
    }

    static let orderCount = 1_000
    static let updateCount = 200
    /// How long the observers may take, after this server's own work, to deliver everyone's.
    static let observationDeadline: TimeInterval = 60

    /// The number of lines of order `number`: 1 to 3.
    static func lineCount(ofOrder number: Int) -> Int {
        1 + number % 3
    }

    /// The lines of one server's orders.
    static var linesPerServer: Int {
        (0..<orderCount).reduce(0) { $0 + lineCount(ofOrder: $1) }
    }

    /// How the worker executable is run.
    public static let usage = "usage: ScaleOutWorker DATABASE_URL INDEX COUNT"

    let url: String
    /// This server's index, from 0.
    let worker: Int
    /// How many servers share the database.
    let workerCount: Int

    /// A run of server number `worker` of `workerCount` on the database at `url`.
    public init(url: String, worker: Int, workerCount: Int) {
        self.url = url
        self.worker = worker
        self.workerCount = workerCount
    }

    /// Migrates, saves, updates and waits for the observers; returns what this server did and saw.
    public func run() throws -> WorkerSummary {
        let start = Date()
        let db = try PostgreSQLDatabase(url: url)
        defer { db.close() }
        var migrator = PostgreSQLMigrator(database: db)
        for migration in ShopMigrations.all {
            try migrator.register(migration)
        }
        let applied = try migrator.migrate()
        let accounts = try Account.all(in: db).compactMap(\.id)
        guard accounts.count == ShopMigrations.accountCount else { throw WrongAccounts(count: accounts.count) }

        let watch = try ShopWatch(on: db)
        defer { watch.cancel() }
        var updates = AccountUpdates()
        var lines = 0
        let ordersPerUpdate = Self.orderCount / Self.updateCount
        for number in 0..<Self.orderCount {
            lines += try saveOrder(number, in: db)
            if number % ordersPerUpdate == ordersPerUpdate - 1 {
                try updates.addOne(to: accounts[(number / ordersPerUpdate) % accounts.count], in: db)
            }
        }
        let expected = ShopState.final(
            workers: workerCount, orders: Self.orderCount, lines: Self.linesPerServer, updates: Self.updateCount)
        let deliveries = try watch.wait(for: expected, until: Date(timeIntervalSinceNow: Self.observationDeadline))
        return WorkerSummary(
            worker: worker, applied: applied, saves: Self.orderCount, lines: lines, updates: updates.updates,
            conflicts: updates.conflicts, retries: updates.retries,
            updatesByAccount: Dictionary(uniqueKeysWithValues: updates.updatesByAccount.map { (String($0.key), $0.value) }),
            observed: expected, deliveries: deliveries, seconds: Date().timeIntervalSince(start))
    }

    /// Saves order `number` with its lines, in one transaction, run again from the unsaved
    /// copy after a transient error; returns its number of lines.
    private func saveOrder(_ number: Int, in db: PostgreSQLDatabase) throws -> Int {
        let lines = (0..<Self.lineCount(ofOrder: number)).map { position in
            OrderLine(worker: worker, product: "product \(position)", quantity: position + 1)
        }
        let order = Order(worker: worker, number: number, lines: lines)
        try db.retrying {
            var copy = order
            try copy.save(in: db)
        }
        return lines.count
    }
}
#endif
