import Dispatch
import Foundation
import Testing
import TestProcessSupport

@testable import BeeStore

/// An observation refreshes only for commits that change a row or column it reads. The
/// decision is taken on the writing thread before the write returns, so the counts of a
/// token are read right after each write, without waiting.
@Suite("Observation by the rows and columns a query reads")
struct ObservedRegionTests {
    let db: Database
    let directory: TemporaryDirectory
    let queue = DispatchQueue(label: "ObservedRegionTests")

    init() throws {
        directory = try TemporaryDirectory()
        db = try Database(path: directory.path("regions.sqlite"))
        try db.execute(
            script: """
                CREATE TABLE team (id INTEGER PRIMARY KEY, name TEXT, city TEXT);
                CREATE TABLE player (id INTEGER PRIMARY KEY, name TEXT, score INTEGER, team_id INTEGER, note TEXT);
                INSERT INTO team VALUES (1, 'Reds', 'Lyon'), (2, 'Blues', 'Nice');
                INSERT INTO player VALUES (1, 'Ann', 10, 1, ''), (2, 'Bob', 20, 1, ''), (3, 'Cid', 30, 2, '');
                """)
    }

    /// Observes `query`, waits for its first value and returns the token.
    private func observe(_ query: Query) throws -> ObservationToken {
        let recorder = Recorder<[Row]>()
        let token = try query.observe(on: queue) { recorder.record($0) }
        #expect(recorder.next() != nil, "the first value arrives")
        return token
    }

    /// Runs `sql` and tells whether it refreshed the observation of `token`.
    private func refreshes(_ token: ObservationToken, _ sql: String) throws -> Bool {
        let before = token.counts
        try db.execute(script: sql)
        let after = token.counts
        #expect(after.refreshed + after.skipped == before.refreshed + before.skipped + 1, "one decision per write")
        return after.refreshed > before.refreshed
    }

    @Test func updatesOfColumnsNotReadDoNotRefresh() throws {
        let token = try observe(db.from("player").select("name").where("team_id", 1).orderAsc("score"))
        #expect(try !refreshes(token, "UPDATE player SET note = 'x' WHERE id = 1"), "a column not read")
        #expect(try !refreshes(token, "UPDATE player SET name = 'Ann' WHERE id = 1"), "a value written again unchanged")
        #expect(try refreshes(token, "UPDATE player SET name = 'Ana' WHERE id = 1"), "a selected column")
        #expect(try refreshes(token, "UPDATE player SET score = 11 WHERE id = 1"), "an ordering column")
        #expect(try refreshes(token, "UPDATE player SET team_id = 2 WHERE id = 2"), "a filtered column")
        #expect(try !refreshes(token, "UPDATE team SET name = 'Greens'"), "a table not read")
        token.cancel()
    }

    @Test func selectStarReadsEveryColumnAndCountReadsNone() throws {
        let all = try observe(db.from("player"))
        #expect(try refreshes(all, "UPDATE player SET note = 'x' WHERE id = 1"))
        all.cancel()
        let counted = try observe(db.from("player").select(sql: "count(*) AS n"))
        #expect(try !refreshes(counted, "UPDATE player SET note = 'y', name = 'y' WHERE id = 1"), "no column counts")
        #expect(try refreshes(counted, "INSERT INTO player (name) VALUES ('new')"))
        #expect(try refreshes(counted, "DELETE FROM player WHERE name = 'new'"))
        counted.cancel()
    }

    @Test func aKeyFilterFollowsItsRowsOnly() throws {
        let token = try observe(db.from("player").where("id", 2))
        #expect(try !refreshes(token, "UPDATE player SET name = 'Zed' WHERE id = 1"), "another row")
        #expect(try !refreshes(token, "INSERT INTO player VALUES (4, 'Dan', 5, 2, '')"), "another row inserted")
        #expect(try !refreshes(token, "DELETE FROM player WHERE id = 4"), "another row deleted")
        #expect(try refreshes(token, "UPDATE player SET name = 'Bo' WHERE id = 2"), "its row")
        #expect(try refreshes(token, "DELETE FROM player WHERE id = 2"), "its row deleted")
        #expect(try refreshes(token, "INSERT INTO player VALUES (2, 'Bob', 20, 1, '')"), "its row inserted again")
        #expect(try refreshes(token, "INSERT OR REPLACE INTO player VALUES (2, 'Eve', 1, 1, '')"), "replaced")
        #expect(try refreshes(token, "DELETE FROM player"), "a delete without WHERE")
        token.cancel()
    }

    @Test func aRowMovedOntoOrOffTheKeyRefreshes() throws {
        let token = try observe(db.from("player").where("id", 5))
        #expect(try refreshes(token, "UPDATE player SET id = 5 WHERE id = 3"), "moved onto its key")
        #expect(try refreshes(token, "UPDATE player SET id = 6 WHERE id = 5"), "moved off its key")
        #expect(try !refreshes(token, "UPDATE player SET id = 7 WHERE id = 6"), "moved elsewhere")
        token.cancel()
    }

    @Test func aKeyListAndTheRowIDNamesFollowTheirRows() throws {
        let listed = try observe(db.from("player").whereIn("id", [1, 3]))
        #expect(try !refreshes(listed, "UPDATE player SET name = 'x' WHERE id = 2"))
        #expect(try refreshes(listed, "UPDATE player SET name = 'y' WHERE id = 3"))
        listed.cancel()
        let byRowID = try observe(db.from("player").where("rowid", 1))
        #expect(try !refreshes(byRowID, "UPDATE player SET name = 'z' WHERE id = 2"))
        #expect(try refreshes(byRowID, "UPDATE player SET name = 'z' WHERE id = 1"))
        byRowID.cancel()
    }

    @Test func filtersThatDoNotPinTheRowIDFollowEveryRow() throws {
        try db.execute(script: "CREATE TABLE tag (code TEXT PRIMARY KEY, label TEXT); INSERT INTO tag VALUES ('a', 'A'), ('b', 'B');")
        try db.execute(script: "CREATE TABLE ranked (id INTEGER PRIMARY KEY DESC, label TEXT); INSERT INTO ranked VALUES (1, 'x'), (2, 'y');")
        let cases: [(Query, String)] = [
            (db.from("player").where("id", 2).orWhere("score", 10), "UPDATE player SET name = 'q' WHERE id = 1"),
            (db.from("player").where("score", 20), "UPDATE player SET score = 20 WHERE id = 1"),
            (db.from("player").where("id", "2"), "UPDATE player SET name = 'r' WHERE id = 1"),
            (db.from("tag").where("code", "a"), "UPDATE tag SET label = 'C' WHERE code = 'b'"),
            (db.from("ranked").where("id", 1), "UPDATE ranked SET label = 'z' WHERE id = 2"),
        ]
        for (query, write) in cases {
            let token = try observe(query)
            #expect(try refreshes(token, write), "\(query.sql)")
            token.cancel()
        }
    }

    @Test func joinsFollowTheColumnsTheyJoinOnAndRead() throws {
        let token = try observe(
            db.from("player").select("player.name", "team.name").join("team", on: "team.id", equals: "player.team_id"))
        #expect(try !refreshes(token, "UPDATE team SET city = 'Paris' WHERE id = 1"), "a column of the joined table not read")
        #expect(try refreshes(token, "UPDATE team SET name = 'Reds!' WHERE id = 1"), "a selected column of the joined table")
        #expect(try refreshes(token, "INSERT INTO team VALUES (3, 'Golds', 'Metz')"), "a row inserted in the joined table")
        #expect(try refreshes(token, "UPDATE player SET team_id = 3 WHERE id = 3"), "the join column")
        token.cancel()
    }

    @Test func viewsFollowTheColumnsOfTheirTables() throws {
        try db.execute(
            "CREATE VIEW roster AS SELECT player.name AS player, team.name AS team FROM player JOIN team ON team.id = player.team_id")
        let token = try observe(db.from("roster"))
        #expect(try !refreshes(token, "UPDATE player SET score = 99"), "a column the view does not read")
        #expect(try refreshes(token, "UPDATE team SET name = 'Navy' WHERE id = 2"))
        #expect(try refreshes(token, "DELETE FROM player WHERE id = 1"))
        token.cancel()
    }

    @Test func subqueriesCountTheirTables() throws {
        let token = try observe(
            db.from("player").where(["team_id"], inSelect: db.from("team").select("id").where("city", "Nice").selectStatement()))
        #expect(try refreshes(token, "UPDATE team SET city = 'Nice' WHERE id = 1"))
        #expect(try !refreshes(token, "UPDATE team SET name = 'Other' WHERE id = 1"))
        token.cancel()
    }

    @Test func tablesWithoutRowIDFollowEveryRow() throws {
        try db.execute(
            script: """
                CREATE TABLE setting (key TEXT PRIMARY KEY, value TEXT, comment TEXT) WITHOUT ROWID;
                INSERT INTO setting VALUES ('a', '1', ''), ('b', '2', '');
                """)
        let token = try observe(db.from("setting").select("value").where("key", "a"))
        #expect(try refreshes(token, "UPDATE setting SET value = '3' WHERE key = 'b'"), "rows of such a table are not told apart")
        #expect(try refreshes(token, "INSERT INTO setting VALUES ('c', '4', '')"))
        #expect(try refreshes(token, "DELETE FROM setting WHERE key = 'c'"))
        token.cancel()
    }

    @Test func anAddedColumnIsReadBySelectStar() throws {
        let token = try observe(db.from("player").where("id", 1))
        #expect(try refreshes(token, "ALTER TABLE player ADD COLUMN rank INTEGER"), "a schema change refreshes")
        #expect(try refreshes(token, "UPDATE player SET rank = 1 WHERE id = 1"), "the new column is read")
        token.cancel()
    }

    @Test func changesRecordedAsAChangesetStillRefresh() throws {
        let token = try observe(db.from("player").select("name").where("id", 1))
        let before = token.counts
        try db.write { connection in
            _ = try connection.recordChanges(in: ["player"]) { connection in
                try connection.execute("UPDATE player SET note = 'n' WHERE id = 2")
            }
        }
        #expect(token.counts.refreshed == before.refreshed + 1, "the rows a recorder took over count as every row")
        #expect(try !refreshes(token, "UPDATE player SET note = 'm' WHERE id = 2"), "rows are followed again afterwards")
        token.cancel()
    }

    @Test func aRolledBackSavepointRefreshesNothing() throws {
        let token = try observe(db.from("player").select("name").where("id", 1))
        let before = token.counts
        try db.write { connection in
            try connection.execute("UPDATE player SET note = 'kept' WHERE id = 1")
            struct Undo: Error {}
            _ = try? connection.transaction { connection in
                try connection.execute("UPDATE player SET name = 'undone' WHERE id = 1")
                throw Undo()
            }
        }
        #expect(token.counts.skipped == before.skipped + 1, "only the note, not read, was committed")
        token.cancel()
    }

    @Test func recordQueriesFollowTheirKeyAndColumns() throws {
        var first = Track(title: "A")
        var second = Track(title: "B")
        try first.save(in: db)
        try second.save(in: db)
        let recorder = Recorder<[Track]>()
        let token = try Track.query(in: db).where("id", first.id).observe(on: queue) { recorder.record($0) }
        #expect(recorder.next()?.map(\.title) == ["A"])
        let (firstID, secondID) = (first.id ?? 0, second.id ?? 0)
        #expect(try !refreshes(token, "UPDATE track SET title = 'C' WHERE id = \(secondID)"))
        #expect(try refreshes(token, "UPDATE track SET title = 'D' WHERE id = \(firstID)"))
        #expect(recorder.next()?.map(\.title) == ["D"])
        token.cancel()
    }

    @Test func changesFromAnotherConnectionAreNoticed() throws {
        let recorder = Recorder<[Row]>()
        let token = try db.from("player").select("name").where("id", 1).observe(on: queue) { recorder.record($0) }
        #expect(recorder.next()?.first?["name"] == "Ann")
        let second = try Database(path: db.path)
        try second.execute("UPDATE player SET name = 'Ada' WHERE id = 1")
        #expect(recorder.next()?.first?["name"] == "Ada", "the data version is polled")
        token.cancel()
    }

    @Test func changesFromAnotherProcessAreNoticed() throws {
        let recorder = Recorder<[Row]>()
        let token = try db.from("player").select("name").where("id", 1).observe(on: queue) { recorder.record($0) }
        #expect(recorder.next()?.first?["name"] == "Ann")
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        shell.arguments = [db.path, "UPDATE player SET name = 'Amy' WHERE id = 1"]
        try ProcessLaunch.start { try shell.run() }
        #expect(ProcessLaunch.waitForExit(shell) == 0)
        #expect(recorder.next()?.first?["name"] == "Amy", "the data version is polled")
        token.cancel()
    }
}

extension ObservedRegionTests {
    /// A random write of the mixed workload: inserts, deletes and updates of one column,
    /// of a few rows or of many, some in transactions, some rolled back.
    private static func randomWrite(_ random: inout QueryPropertyTests.SplitMix64) -> String {
        let id = random.int(1..<9)
        let value = random.int(0..<4)
        let column = random.pick(["name", "score", "team_id", "note"])
        switch random.int(0..<10) {
        case 0: return "INSERT OR REPLACE INTO player VALUES (\(id), 'p\(value)', \(value), \(value % 3), '')"
        case 1: return "DELETE FROM player WHERE id = \(id)"
        case 2: return "UPDATE team SET \(["name", "city"][value % 2]) = 'v\(value)' WHERE id = \(value % 3)"
        case 3: return "UPDATE player SET \(column) = \(value) WHERE id > \(id)"
        case 4:
            return "BEGIN; UPDATE player SET \(column) = \(value) WHERE id = \(id); INSERT OR IGNORE INTO team VALUES (\(id), 't', 'c'); COMMIT"
        case 5: return "BEGIN; DELETE FROM player WHERE id = \(id); ROLLBACK"
        default: return "UPDATE player SET \(column) = \(value) WHERE id = \(id)"
        }
    }

    /// After each random write, a query whose observation was not refreshed still has
    /// the rows it had: no commit that changed a result was skipped.
    @Test func noCommitThatChangesAResultIsSkipped() throws {
        let queries = [
            db.from("player").select("name").where("id", 1),
            db.from("player").select("score").whereIn("id", [2, 4, 6]),
            db.from("player").select("name", "score").where("team_id", 1).orderAsc("id"),
            db.from("player").select("player.id", "team.name").join("team", on: "team.id", equals: "player.team_id")
                .orderAsc("player.id"),
            db.from("team").select("city").orderAsc("id"),
            db.from("player").select(sql: "count(*) AS n"),
            db.from("player").select("note").orderDesc("score").orderAsc("id").limit(2),
        ]
        let tokens = try queries.map(observe)
        var rows = try queries.map { try $0.get() }
        var random = QueryPropertyTests.SplitMix64(state: 20_261_128)
        for _ in 0..<400 {
            let counts = tokens.map(\.counts)
            let write = Self.randomWrite(&random)
            try db.writeWithoutTransaction { try $0.execute(script: write) }
            for (index, query) in queries.enumerated() {
                let current = try query.get()
                if tokens[index].counts.refreshed == counts[index].refreshed {
                    #expect(current == rows[index], "skipped although its rows changed: \(query.sql)")
                }
                rows[index] = current
            }
        }
        let skipped = tokens.map(\.counts.skipped).reduce(0, +)
        let refreshed = tokens.map(\.counts.refreshed).reduce(0, +)
        #expect(skipped > refreshed / 4, "the workload skips refreshes (\(skipped) skipped, \(refreshed) refreshed)")
        for token in tokens { token.cancel() }
    }
}

