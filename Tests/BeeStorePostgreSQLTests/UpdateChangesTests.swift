#if PostgreSQL
import BeeStore
import BeeStorePostgreSQL
import Foundation
import Testing

/// Writing only what changed on PostgreSQL: `updateChanges` updates the columns that
/// differ from the loaded copy, while they still hold its values, across servers.
@Suite struct UpdateChangesTests {
    struct Player: ActiveRecord, Equatable {
        var id: Int64?
        var name: String
        var score: Int
        var createdAt: Date?
        var updatedAt: Date?
    }

    typealias Account = OptimisticLockingTests.Account

    struct Checked: ActiveRecord, Equatable {
        struct Refused: Error {}
        var id: Int64?
        var name: String
        func validate() throws {
            if name.isEmpty { throw Refused() }
        }
    }

    /// A database whose statements reach `trace` (with `$n` for values), and another
    /// database value on it: another app server.
    private func twoServers(trace: OutcomeList<TracedStatement>? = nil) throws -> (PostgreSQLDatabase, PostgreSQLDatabase) {
        let url = try TestServer.freshDatabaseURL()
        var configuration = try PostgreSQLConfiguration(url: url)
        if let trace { configuration.trace = { trace.append($0) } }
        configuration.traceShowsValues = false
        return (try PostgreSQLDatabase(configuration: configuration), try PostgreSQLDatabase(url: url))
    }

    /// The `UPDATE` statements a trace saw.
    private func updates(in trace: OutcomeList<TracedStatement>) -> [String] {
        trace.values.map(\.sql).filter { $0.hasPrefix("UPDATE") }
    }

    @Test func onlyTheChangedColumnIsWrittenAndAnotherServersChangeSurvives() throws {
        let trace = OutcomeList<TracedStatement>()
        let (db, other) = try twoServers(trace: trace)
        defer { db.close(); other.close() }
        var saved = Player(name: "Arthur", score: 10)
        try saved.save(in: db)
        let id = try #require(saved.id)
        var player = try #require(try Player.find(id, in: db))
        let loaded = player

        try other.execute(#"UPDATE player SET name = $1 WHERE id = $2"#, ["Ford", id])
        player.score += 5
        #expect(try player.updateChanges(in: db, from: loaded))
        #expect(updates(in: trace) == [#"UPDATE "player" SET "score" = $1, "updatedAt" = $2 WHERE "id" = $3 AND "score" = $4"#])
        let stored = try #require(try Player.find(id, in: other))
        #expect(stored.name == "Ford" && stored.score == 15)
        // The timestamps: `updatedAt` moved on in the copy and the row, `createdAt` stayed.
        let created = try #require(loaded.createdAt)
        let updated = try #require(player.updatedAt)
        #expect(updated > created && player.createdAt == created)
        #expect(stored.updatedAt.map { abs($0.timeIntervalSince(updated)) < 0.001 } == true)
        #expect(stored.createdAt.map { abs($0.timeIntervalSince(created)) < 0.001 } == true)

        // The closure form keeps the saved copy.
        #expect(try player.updateChanges(in: db) { $0.score = 20 })
        #expect(player.score == 20 && player.name == "Arthur")
        #expect(try Player.find(id, in: other).map { [$0.name, String($0.score)] } == ["Ford", "20"])
    }

    @Test func nothingChangedIsFalseAndWritesNothing() throws {
        let trace = OutcomeList<TracedStatement>()
        let (db, other) = try twoServers(trace: trace)
        defer { db.close(); other.close() }
        var player = Player(name: "Zaphod", score: 42)
        try player.save(in: db)
        let saved = player
        let sentBefore = trace.values.count
        #expect(try player.updateChanges(in: db, from: saved) == false)
        #expect(try player.updateChanges(in: db) { $0.score = 42 } == false)
        #expect(player == saved)
        // Not even an empty transaction reaches the server.
        #expect(trace.values.dropFirst(sentBefore).map(\.sql) == [])
    }

    @Test func aColumnChangedElsewhereIsAStaleRecordAndNothingIsWritten() throws {
        let (db, other) = try twoServers()
        defer { db.close(); other.close() }
        var player = Player(name: "Trillian", score: 7)
        try player.save(in: db)
        let id = try #require(player.id)
        var elsewhere = try #require(try Player.find(id, in: other))
        try elsewhere.updateChanges(in: other) { $0.score = 8 }

        let stale = player
        #expect(throws: RecordError.staleRecord(record: "Player", id: .integer(id), columns: ["name", "score"])) {
            try player.updateChanges(in: db) { $0.score = 100; $0.name = "Tricia" }
        }
        #expect(player == stale, "the record stays as it was when the update throws")
        let stored = try #require(try Player.find(id, in: db))
        #expect(stored.name == "Trillian" && stored.score == 8)
    }

    @Test func aDeletedRowIsNotFoundAndACopyWithoutKeyIsNotSaved() throws {
        let (db, other) = try twoServers()
        defer { db.close(); other.close() }
        var player = Player(name: "Marvin", score: 0)
        try player.save(in: db)
        let id = try #require(player.id)
        #expect(try Player.delete(id, in: other))
        #expect(throws: RecordError.notFound(record: "Player", id: .integer(id))) {
            try player.updateChanges(in: db) { $0.score = 1 }
        }
        var unsaved = Player(name: "Eddie", score: 1)
        #expect(throws: RecordError.notSaved(record: "Player")) { try unsaved.updateChanges(in: db) { $0.score = 2 } }
        #expect(try Player.count(in: db) == 0)
    }

    @Test func aLockVersionIsCheckedAndAdvanced() throws {
        let (db, other) = try twoServers()
        defer { db.close(); other.close() }
        var account = Account(owner: "Ann", balance: 10)
        try account.save(in: db)
        let id = try #require(account.id)
        var mine = try #require(try Account.find(id, in: db))
        var theirs = try #require(try Account.find(id, in: other))

        #expect(try mine.updateChanges(in: db) { $0.balance += 5 })
        #expect(mine.lockVersion == 1)
        // Another column, but a stale version: the version decides, not the columns.
        #expect(throws: RecordError.versionConflict(record: "Account", id: .integer(id), expectedVersion: 0)) {
            try theirs.updateChanges(in: other) { $0.owner = "Bob" }
        }
        #expect(theirs.lockVersion == 0 && theirs.owner == "Ann")
        #expect(try Account.find(id, in: other) == Account(id: id, owner: "Ann", balance: 15, lockVersion: 1))

        // A change of the version alone is no change.
        var bumped = mine
        bumped.lockVersion = 9
        #expect(try bumped.updateChanges(in: db, from: mine) == false)
    }

    @Test func aRecordThatFailsValidationWritesNothing() throws {
        let db = try TestServer.freshDatabase()
        defer { db.close() }
        var checked = Checked(name: "kept")
        try checked.save(in: db)
        let id = try #require(checked.id)
        #expect(throws: Checked.Refused.self) { try checked.updateChanges(in: db) { $0.name = "" } }
        #expect(checked.name == "kept")
        #expect(try Checked.find(id, in: db)?.name == "kept")
    }

    @Test func concurrentServersChangingDifferentColumnsKeepBothChanges() throws {
        let (db, other) = try twoServers()
        defer { db.close(); other.close() }
        var players = (1...20).map { Player(name: "p\($0)", score: $0) }
        try players.save(in: db)
        let failures = OutcomeList<String>()
        // One server renames every player while the other raises every score, each from
        // the copies it loaded before either wrote.
        let servers = [db, other]
        let copies = try servers.map { try Player.all(in: $0) }
        DispatchQueue.concurrentPerform(iterations: 2) { server in
            do {
                let database = servers[server]
                for var player in copies[server] {
                    let written = try player.updateChanges(in: database) { copy in
                        if server == 0 { copy.name += "!" } else { copy.score *= 10 }
                    }
                    if !written { failures.append("nothing written for \(player.name)") }
                }
            } catch {
                failures.append("\(error)")
            }
        }
        #expect(failures.values.isEmpty)
        let stored = try Player.all(in: db)
        #expect(stored.map(\.name) == (1...20).map { "p\($0)!" })
        #expect(stored.map(\.score) == (1...20).map { $0 * 10 })
    }
}
#endif
