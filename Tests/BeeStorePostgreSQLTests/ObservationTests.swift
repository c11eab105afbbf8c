#if PostgreSQL
import BeeStore
import BeeStorePostgreSQL
import Dispatch
import Foundation
import Testing

/// Observed queries refresh when any connection, of this database or another, commits.
@Suite struct ObservationTests {
    @Test func refreshesWhenAnotherServerCommits() throws {
        let db = try TestServer.freshDatabase()
        defer { db.close() }
        try db.execute("CREATE TABLE player (name TEXT)")
        let other = try PostgreSQLDatabase(configuration: db.configuration)
        defer { other.close() }
        let deliveries = Deliveries<Int>()
        let token = try db.from("player").observe(in: db) { rows in deliveries.append(rows.count) }
        defer { token.cancel() }
        #expect(deliveries.wait { $0 == [0] } != nil)
        let start = Date()
        try other.write { try $0.execute("INSERT INTO player VALUES ($1)", ["Arthur"]) }
        #expect(deliveries.wait { $0.last == 1 } != nil)
        // Loopback: well within the 100 ms the observation promises; measured loosely here.
        #expect(Date().timeIntervalSince(start) < 2)
    }

    @Test func refreshesWhenATableReadOnlyByASubqueryChanges() throws {
        let db = try TestServer.freshDatabase()
        defer { db.close() }
        try db.execute("CREATE TABLE team (name TEXT)")
        try db.execute("CREATE TABLE player (name TEXT, team TEXT)")
        try db.execute("INSERT INTO team VALUES ($1), ($2)", ["red", "blue"])
        let other = try PostgreSQLDatabase(configuration: db.configuration)
        defer { other.close() }
        let deliveries = Deliveries<Int>()
        // The teams that have players: `player` is read in a subquery, not joined.
        let teams = db.from("team").where(.column("name").in(db.from("player").select("team")))
        let token = try teams.observe(in: db) { rows in deliveries.append(rows.count) }
        defer { token.cancel() }
        #expect(deliveries.wait { $0 == [0] } != nil)
        try other.execute("INSERT INTO player VALUES ($1, $2)", ["Ann", "red"])
        #expect(deliveries.wait { $0.last == 1 } != nil)
    }

    @Test func aRolledBackTransactionAndAnotherTableDoNotRefresh() throws {
        let db = try TestServer.freshDatabase()
        defer { db.close() }
        try db.execute("CREATE TABLE player (name TEXT)")
        try db.execute("CREATE TABLE team (name TEXT)")
        let deliveries = Deliveries<Int>()
        let token = try db.observe(tables: ["player"], fetch: { try $0.fetchValue(Int.self, "SELECT count(*) FROM player") ?? 0 }) {
            deliveries.append($0)
        }
        defer { token.cancel() }
        #expect(deliveries.wait { $0 == [0] } != nil)
        struct Abandon: Error {}
        _ = try? db.write { connection in
            try connection.execute("INSERT INTO player VALUES ($1)", ["lost"])
            throw Abandon()
        }
        try db.execute("INSERT INTO team VALUES ($1)", ["red"])
        try db.execute("INSERT INTO player VALUES ($1)", ["kept"])
        // The commit after the two that must not refresh is the one delivered next.
        #expect(deliveries.wait { $0.count >= 2 } == [0, 1])
    }

    @Test func aCancelledObservationStops() throws {
        let db = try TestServer.freshDatabase()
        defer { db.close() }
        try db.execute("CREATE TABLE player (name TEXT)")
        let deliveries = Deliveries<Int>()
        let stopped = Deliveries<Int>()
        let token = try db.from("player").observe(in: db) { rows in deliveries.append(rows.count) }
        let witness = try db.from("player").observe(in: db) { rows in stopped.append(rows.count) }
        defer { witness.cancel() }
        #expect(deliveries.wait { $0 == [0] } != nil)
        token.cancel()
        try db.execute("INSERT INTO player VALUES ($1)", ["Arthur"])
        // The witness, notified by the same commit, has seen it: the cancelled one never will.
        #expect(stopped.wait { $0.last == 1 } != nil)
        #expect(deliveries.wait(timeout: 0) { _ in true } == [0])
    }

    @Test func aHostileTableNameIsObserved() throws {
        let db = try TestServer.freshDatabase()
        defer { db.close() }
        let table = #"we"ird; DROP TABLE x; --"#
        try db.create(db.table(table).field("name", .text))
        let deliveries = Deliveries<Int>()
        let token = try db.from(table).observe(in: db) { rows in deliveries.append(rows.count) }
        defer { token.cancel() }
        try db.from(table).set("name", "x").insert(in: db)
        #expect(deliveries.wait { $0.last == 1 } != nil)
    }
}
#endif
