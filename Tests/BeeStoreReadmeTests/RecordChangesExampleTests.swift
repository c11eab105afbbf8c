import Dispatch
import Foundation
import Testing

import BeeStore

/// Where the README's order records send their notices, for the test to read.
final class Outbox: @unchecked Sendable {
    // Guarded by `lock`: notices are sent from whichever thread commits.
    private let lock = NSLock()
    private var sent: [String] = []

    func send(_ notice: String) {
        lock.withLock { sent.append(notice) }
    }

    var notices: [String] {
        lock.withLock { sent }
    }
}

let outbox = Outbox()

struct InvalidOrder: Error, Equatable {
    let total: Int
}

// example: record-callbacks
struct Order: ActiveRecord {
    var id: Int64?
    var total: Int
    var status = "new"

    func willInsert(in database: Database) throws {     // Rails' before_create
        guard total > 0 else { throw InvalidOrder(total: total) }
    }

    func didUpdate(in database: Database) throws {      // Rails' after_update
        let notice = "order \(id ?? 0) is \(status)"
        database.afterCommit { outbox.send(notice) }     // Rails' after_commit: never for a rollback
    }
}
// end example

@Suite("README record changes and callbacks examples")
struct RecordChangesExampleTests {
    @Test func recordChangesExample() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("changes.sqlite")
        let db = try Database(path: path)
        var arthur = Player(name: "Arthur", score: 100)
        try arthur.save(in: db)
        let playerID = try #require(arthur.id)
        var stale = arthur
        let elsewhere = try Database(path: path)
        // example: record-changes
        if var player = try Player.find(playerID, in: db) {
            let loaded = player
            player.score += 10
            print(try player.changedColumns(from: loaded))   // ["score"]
            try player.updateChanges(in: db, from: loaded)   // writes the score only

            // Or edit and write in one step: false when nothing changed.
            try player.updateChanges(in: db) { $0.name = "Arthur Dent" }
        }

        // Another connection or process changed this row's score since `stale` was loaded.
        try Player.where("id", playerID).increment("score", by: 1, in: elsewhere)
        do {
            try stale.updateChanges(in: db) { $0.score = 0 }
        } catch RecordError.staleRecord(_, _, let columns) {
            print("changed elsewhere:", columns)             // ["score"]: nothing written
        }
        // end example
        let stored = try #require(try Player.find(playerID, in: db))
        #expect(stored.name == "Arthur Dent" && stored.score == 111)
        #expect(stale.score == 100)
    }

    @Test func recordCallbacksExample() throws {
        let db = try Database.inMemory()
        var refused = Order(total: 0)
        #expect(throws: InvalidOrder(total: 0)) { try refused.save(in: db) }

        var order = Order(total: 12)
        try order.save(in: db)
        let id = try #require(order.id)
        struct Abort: Error {}
        #expect(throws: Abort.self) {
            try db.transaction { _ in
                order.status = "cancelled"
                try order.save(in: db)
                throw Abort()
            }
        }
        #expect(!outbox.notices.contains("order \(id) is cancelled"), "rolled back: no notice")
        order.status = "paid"
        try order.save(in: db)
        #expect(outbox.notices.filter { $0.hasPrefix("order \(id) ") } == ["order \(id) is paid"])
    }

    @Test func recordsModelQueryExample() throws {
        let db = try Database.inMemory()
        for (name, score) in [("Ann", 10), ("Bob", 30), ("Anika", 20)] {
            var player = Player(name: name, score: score)
            try player.save(in: db)
        }
        let searchText = "An"
        let refreshed = DispatchSemaphore(value: 0)
        // example: records-model-query
        let results = try RecordsModel(Player.query(in: db).orderAsc("name"))
        let watch = results.observe { change in
            print(change.state.map(\.name))                 // ["Anika", "Ann"], once
            refreshed.signal()
        }

        // The search field's text changed: the model follows the new query.
        try results.load(Player.query(in: db).like("name", searchText, .prefix).orderDesc("score"))
        // end example
        #expect(refreshed.wait(timeout: .now() + 5) == .success)
        #expect(results.state.map(\.name) == ["Anika", "Ann"])
        watch.cancel()
    }
}
