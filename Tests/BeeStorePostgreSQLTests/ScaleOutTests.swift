#if PostgreSQL
import BeeStore
import BeeStorePostgreSQL
import Foundation
@testable import ScaleOutShop
import Testing

/// Several processes acting as app servers on one PostgreSQL database, each running the
/// built `ScaleOutWorker`: it runs the migrations at start, saves orders with their lines,
/// updates shared accounts under optimistic locking, and waits until its observers see
/// every server's work. Every migration is applied once, no save is lost, every conflict
/// is a typed error that a retry resolves, and every observer sees the final state.
@Suite("Scale-out: app servers sharing one PostgreSQL")
struct ScaleOutTests {
    static let serverCount = 3
    /// How long the servers may run in all before they are terminated.
    static let deadline: TimeInterval = 240

    @Test func serversMigrateOnceLoseNoSaveResolveEveryConflictAndSeeTheFinalState() throws {
        let url = try TestServer.freshDatabaseURL()
        let launched = try (0..<Self.serverCount).map {
            try ProductProcess("ScaleOutWorker", arguments: [url, "\($0)", "\(Self.serverCount)"])
        }
        let deadline = Date(timeIntervalSinceNow: Self.deadline)
        let runs = try launched.map { try $0.finish(by: deadline) }
        for run in runs {
            #expect(!run.timedOut && run.status == 0 && run.error.isEmpty, "\(run.status): \(run.error)")
        }
        let summaries = try runs.map { try JSONDecoder().decode(WorkerSummary.self, from: Data($0.output.utf8)) }
        #expect(summaries.map(\.worker) == Array(0..<Self.serverCount))

        let db = try PostgreSQLDatabase(url: url)
        defer { db.close() }
        try expectMigrationsAppliedOnce(in: db, summaries: summaries)
        try expectEverySaveKept(in: db, summaries: summaries)
        try expectEveryUpdateKept(in: db, summaries: summaries)

        let final = ShopState.final(
            workers: Self.serverCount, orders: AppServerRun.orderCount, lines: AppServerRun.linesPerServer,
            updates: AppServerRun.updateCount)
        for summary in summaries {
            #expect(summary.observed == final)
            #expect(summary.deliveries > 0)
        }
    }

    /// The ledger holds each migration once, and the servers' "applied" lists share it out.
    private func expectMigrationsAppliedOnce(in db: PostgreSQLDatabase, summaries: [WorkerSummary]) throws {
        let identifiers = ShopMigrations.all.map(\.identifier)
        let ledger = try db.from("beestore_migrations").select("identifier").orderAsc("position").get(in: db)
            .map { try $0.decode(String.self, at: 0) }
        #expect(ledger == identifiers)
        let applied = summaries.flatMap(\.applied)
        #expect(applied.sorted() == identifiers)
        #expect(try Account.count(in: db) == ShopMigrations.accountCount)
    }

    /// Every server's orders are there, each once, with its lines, all tagged with the server.
    private func expectEverySaveKept(in db: PostgreSQLDatabase, summaries: [WorkerSummary]) throws {
        #expect(try Order.count(in: db) == Self.serverCount * AppServerRun.orderCount)
        #expect(try OrderLine.count(in: db) == summaries.map(\.lines).reduce(0, +))
        #expect(try db.from("order_line").where("order_id", nil).count(in: db) == 0)
        for summary in summaries {
            #expect(summary.saves == AppServerRun.orderCount && summary.lines == AppServerRun.linesPerServer)
            let orders = try Order.query().including("lines").where("worker", summary.worker).orderAsc("number").records(in: db)
            #expect(orders.map(\.number) == Array(0..<AppServerRun.orderCount))
            let misfiled = orders.filter { order in
                order.lines?.count != AppServerRun.lineCount(ofOrder: order.number)
                    || order.lines?.contains { $0.worker != summary.worker } != false
            }
            #expect(misfiled.isEmpty, "orders of server \(summary.worker) with missing or foreign lines: \(misfiled.map(\.number))")
            #expect(try OrderLine.query().where("worker", summary.worker).count(in: db) == summary.lines)
        }
    }

    /// The accounts hold every update: a version per successful save, and no conflict left
    /// unresolved.
    private func expectEveryUpdateKept(in db: PostgreSQLDatabase, summaries: [WorkerSummary]) throws {
        let accounts = try Account.all(in: db)
        let total = Self.serverCount * AppServerRun.updateCount
        #expect(accounts.map(\.balance).reduce(0, +) == total)
        #expect(accounts.map(\.lockVersion).reduce(0, +) == total)
        for account in accounts {
            let id = String(try #require(account.id))
            let saved = summaries.map { $0.updatesByAccount[id] ?? 0 }.reduce(0, +)
            #expect(account.lockVersion == saved && account.balance == saved, "account \(id)")
        }
        for summary in summaries {
            #expect(summary.updates == AppServerRun.updateCount)
            #expect(summary.updatesByAccount.values.reduce(0, +) == summary.updates)
            #expect(summary.conflicts == summary.retries)
        }
    }

    @Test func aWorkerRefusesWrongArguments() throws {
        for arguments in [[], ["postgres://nobody@127.0.0.1:1/shop", "3", "3"], ["postgres://x@y/z", "0", "-1"], ["u", "a", "b"]] {
            let run = try ProductProcess("ScaleOutWorker", arguments: arguments).finish(by: Date(timeIntervalSinceNow: 60))
            #expect(run.status == 2 && run.output.isEmpty, "\(arguments)")
            #expect(run.error == "ScaleOutWorker: \(AppServerRun.usage)\n")
        }
    }

    @Test func aWorkerThatCannotReachItsServerFails() throws {
        let run = try ProductProcess("ScaleOutWorker", arguments: ["postgres://nobody@127.0.0.1:1/shop", "0", "1"])
            .finish(by: Date(timeIntervalSinceNow: 60))
        #expect(run.status == 1 && run.output.isEmpty)
        #expect(run.error.hasPrefix("ScaleOutWorker: "))
    }
}
#endif
