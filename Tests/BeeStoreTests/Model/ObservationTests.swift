import Dispatch
import Foundation
import Testing

@testable import BeeStore

/// Collects delivered values and lets a test take them one by one, in delivery order.
final class Recorder<Value: Sendable>: Sendable {
    private let values = Protected<[Value]>([])
    private let taken = Protected(0)
    private let arrivals = DispatchSemaphore(value: 0)

    func record(_ value: Value) {
        values.withLock { $0.append(value) }
        arrivals.signal()
    }

    /// Waits for the next delivery not taken yet; nil after `timeout` seconds.
    func next(timeout: Double = 5) -> Value? {
        guard arrivals.wait(timeout: .now() + timeout) == .success else { return nil }
        let index = taken.withLock { index -> Int in
            defer { index += 1 }
            return index
        }
        return values.value[index]
    }

    var all: [Value] { values.value }
}

struct Track: ActiveRecord, Equatable, Sendable {
    var id: Int64?
    var title: String
}

@Suite("Database observation")
struct ObservationTests {
    let db: Database
    let directory: TemporaryDirectory
    let queue = DispatchQueue(label: "ObservationTests")

    init() throws {
        directory = try TemporaryDirectory()
        db = try Database(path: directory.path("observed.sqlite"))
        try db.execute(script: "CREATE TABLE item (n INTEGER); CREATE TABLE other (n INTEGER);")
    }

    private func observeCount(_ recorder: Recorder<Int>, interval: Double? = nil) -> ObservationToken {
        db.observe(
            tables: ["item"], on: queue, externalChangeInterval: interval,
            fetch: { try $0.fetchValue(Int.self, "SELECT count(*) FROM item") ?? -1 },
            onChange: { recorder.record($0) })
    }

    @Test func theDefaultQueueDeliversWhileTheMainQueueIsBlocked() throws {
        // The main queue is held for the whole test, as in a command-line program that
        // never runs a main loop: deliveries must not depend on it.
        let mainHeld = DispatchSemaphore(value: 0)
        DispatchQueue.main.async { mainHeld.wait() }
        defer { mainHeld.signal() }
        try db.execute("INSERT INTO item VALUES (1)")
        let recorder = Recorder<(count: Int, onMain: Bool)>()
        let token = db.observe(tables: ["item"], fetch: { try $0.fetchValue(Int.self, "SELECT count(*) FROM item") ?? -1 }) {
            recorder.record(($0, Thread.isMainThread))
        }
        #expect(recorder.next().map { [$0.count] } == [1])
        try db.execute("INSERT INTO item VALUES (2)")
        let second = recorder.next()
        #expect(second?.count == 2)
        #expect(second?.onMain == false)
        let rows = Recorder<Int>()
        let rowsToken = try db.from("item").observe { rows.record($0.count) }
        #expect(rows.next() == 2)
        token.cancel()
        rowsToken.cancel()
    }

    @Test func firstValueIsDeliveredAtOnce() throws {
        try db.execute("INSERT INTO item VALUES (1)")
        let recorder = Recorder<Int>()
        let token = observeCount(recorder)
        #expect(recorder.next() == 1)
        token.cancel()
    }

    @Test func oneNotificationPerCommittedTransactionOnObservedTablesOnly() throws {
        let recorder = Recorder<Int>()
        let token = observeCount(recorder)
        #expect(recorder.next() == 0)

        try db.execute("INSERT INTO other VALUES (1)")  // another table: no notification
        struct Abort: Error {}
        #expect(throws: Abort.self) {
            try db.write { connection in  // rolled back: no notification
                try connection.execute("INSERT INTO item VALUES (1)")
                throw Abort()
            }
        }
        try db.write { connection in  // 1,000 writes, one transaction: one notification
            for n in 0..<1000 { try connection.execute("INSERT INTO item VALUES (?)", [n]) }
        }
        #expect(recorder.next() == 1000)
        try db.execute("INSERT INTO item VALUES (1)")
        #expect(recorder.next() == 1001)
        try db.execute("INSERT INTO other VALUES (2)")  // another table: no notification
        try db.execute("INSERT INTO item VALUES (2)")
        // Deliveries come in commit order: one for anything before would come first.
        #expect(recorder.next() == 1002, "nothing else was delivered in between")
        token.cancel()
    }

    @Test func tablesChangedWhileNobodyObservedAreNotReportedLater() throws {
        // Unobserved commits: their changes are dropped, their storage kept for the next.
        try db.execute("INSERT INTO item VALUES (1)")
        try db.write { connection in
            try connection.execute("INSERT INTO item VALUES (2)")
            try connection.execute("INSERT INTO other VALUES (2)")
        }
        let recorder = Recorder<[String]>()
        let id = db.addCommitObserver { changes in
            recorder.record(changes.tables.keys.map { String(decoding: $0.bytes, as: UTF8.self) }.sorted())
        }
        defer { db.removeCommitObserver(id) }
        try db.execute("INSERT INTO other VALUES (3)")
        #expect(recorder.next() == ["other"])
        // Several transactions committed in one access to the writer: each table once.
        try db.writeWithoutTransaction { connection in
            try connection.execute("INSERT INTO item VALUES (4)")
            try connection.execute("INSERT INTO other VALUES (4)")
            try connection.execute("INSERT INTO item VALUES (5)")
        }
        #expect(recorder.next() == ["item", "other"])
    }

    @Test func deleteWithoutWhereIsNoticed() throws {
        try db.execute("INSERT INTO item VALUES (1), (2)")
        let recorder = Recorder<Int>()
        let token = observeCount(recorder)
        #expect(recorder.next() == 2)
        try db.execute("DELETE FROM item")
        #expect(recorder.next() == 0)
        token.cancel()
    }

    @Test func notificationsArriveInCommitOrder() throws {
        let recorder = Recorder<Int>()
        let token = observeCount(recorder)
        #expect(recorder.next() == 0)
        for n in 1...20 {
            try db.execute("INSERT INTO item VALUES (?)", [n])
        }
        // Taken one by one until the last commit's value arrives (each wait has its
        // deadline), then checked as one snapshot that no delivery can still change.
        var delivered = [0]
        while delivered.last != 20, let value = recorder.next() {
            delivered.append(value)
        }
        #expect(delivered == delivered.sorted())
        #expect(delivered.last == 20)
        token.cancel()
    }

    @Test func aRolledBackSavepointNotifiesNoTableOnlyItChanged() throws {
        let recorder = Recorder<Int>()
        let token = observeCount(recorder)
        #expect(recorder.next() == 0)
        struct Abort: Error {}
        try db.transaction { connection in
            try connection.execute("INSERT INTO other VALUES (1)")
            #expect(throws: Abort.self) {
                try connection.transaction { inner in
                    try inner.execute("INSERT INTO item VALUES (1)")
                    throw Abort()
                }
            }
        }
        try db.transaction { connection in
            try connection.transaction { inner in try inner.execute("INSERT INTO item VALUES (2)") }
        }
        // Deliveries come in commit order: a notification for the first transaction would
        // come before this one, with the unchanged count 0.
        #expect(recorder.next() == 1)
        token.cancel()
    }

    @Test func cancelledObservationsStop() throws {
        let recorder = Recorder<Int>()
        let token = observeCount(recorder)
        #expect(recorder.next() == 0)
        #expect(!token.isCancelled)
        token.cancel()
        #expect(token.isCancelled)
        try db.execute("INSERT INTO item VALUES (1)")
        #expect(recorder.next(timeout: 0.3) == nil)
        #expect(recorder.all == [0])
    }

    @Test func aDiscardedTokenKeepsObservingUntilTheDatabaseIsReleased() throws {
        let recorder = Recorder<Int>()
        var database: Database? = try Database.inMemory()
        try database?.execute("CREATE TABLE item (n INTEGER)")
        _ = database?.observe(tables: ["item"], on: queue, fetch: { try $0.fetchValue(Int.self, "SELECT count(*) FROM item") ?? -1 }) {
            recorder.record($0)
        }
        #expect(recorder.next() == 0)
        try database?.execute("INSERT INTO item VALUES (1)")
        #expect(recorder.next() == 1, "the observation goes on")
        weak let released = database
        database = nil
        // A fetch still running on the observation's queue holds the database until it ends.
        let deadline = Date().addingTimeInterval(5)
        while released != nil, Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
        #expect(released == nil, "an observation does not keep its database alive")
        #expect(recorder.next(timeout: 0.3) == nil)
    }

    @Test func changesFromAnotherConnectionAreNoticed() throws {
        let recorder = Recorder<Int>()
        let token = observeCount(recorder, interval: 0.05)
        #expect(recorder.next() == 0)
        let second = try Database(path: db.path)
        try second.execute("INSERT INTO item VALUES (1)")
        #expect(recorder.next() == 1)
        token.cancel()
    }

    @Test func queryObservationDeliversRows() throws {
        let recorder = Recorder<[Row]>()
        let token = try db.from("item").where("n", .greaterThan, 5).orderAsc("n").observe(on: queue) { recorder.record($0) }
        #expect(recorder.next()?.count == 0)
        try db.execute("INSERT INTO item VALUES (3), (7)")
        #expect(recorder.next()?.map { $0["n"] } == [7])
        token.cancel()
    }

    @Test func asyncSequenceDeliversAndEndsOnCancellation() async throws {
        var counts: [Int] = []
        for try await rows in try db.from("item").values() {
            counts.append(rows.count)
            if counts.count == 3 { break }
            try await db.performWrite { try $0.execute("INSERT INTO item VALUES (1)") }
        }
        #expect(counts == [0, 1, 2])

        let cancelled = Task {
            for try await _ in try db.from("item").values() {}
        }
        cancelled.cancel()
        _ = await cancelled.result
    }

    @Test func recordQueriesFollowTheirRelationsTables() throws {
        let recorder = Recorder<[Track]>()
        let token = try Track.query(in: db).orderAsc("title").observe(on: queue) { recorder.record($0) }
        #expect(recorder.next() == [])
        var track = Track(title: "B")
        try track.save(in: db)
        #expect(recorder.next()?.map(\.title) == ["B"])
        token.cancel()
    }
}

extension ObservationTests {
    private func observeMaximum(_ recorder: Recorder<Int>, removingDuplicates: Bool) -> ObservationToken {
        db.observe(
            tables: ["item"], on: queue, externalChangeInterval: nil, removingDuplicates: removingDuplicates,
            fetch: { try $0.fetchValue(Int.self, "SELECT max(n) FROM item") ?? 0 },
            onChange: { recorder.record($0) })
    }

    @Test func equalValuesAreDeliveredAgainUnlessDuplicatesAreRemoved() throws {
        try db.execute("INSERT INTO item VALUES (5)")
        let kept = Recorder<Int>()
        let removed = Recorder<Int>()
        let keeping = observeMaximum(kept, removingDuplicates: false)
        let removing = observeMaximum(removed, removingDuplicates: true)
        #expect(kept.next() == 5)
        #expect(removed.next() == 5)
        try db.execute("INSERT INTO item VALUES (1)")  // the table changes, its maximum does not
        try db.execute("INSERT INTO item VALUES (9)")
        // One delivery per commit: 5 again then 9, or 9 twice when the first commit's
        // fetch runs after the second commit.
        let second = kept.next()
        #expect(kept.next() == 9)
        #expect(second == 5 || second == 9)
        #expect(removed.next() == 9)
        #expect(removed.next(timeout: 0.3) == nil, "the equal value was not delivered")
        #expect(removed.all == [5, 9])
        keeping.cancel()
        removing.cancel()
    }

    @Test func queryRowsSkipDuplicates() throws {
        let recorder = Recorder<[Row]>()
        let token = try db.from("item").where("n", .greaterThan, 5).observe(on: queue, removingDuplicates: true) {
            recorder.record($0)
        }
        #expect(recorder.next()?.count == 0)
        try db.execute("INSERT INTO item VALUES (3)")
        try db.execute("INSERT INTO item VALUES (7)")
        #expect(recorder.next()?.map { $0["n"] } == [7])
        #expect(recorder.next(timeout: 0.3) == nil, "the equal rows were not delivered")
        token.cancel()
    }

    @Test func recordsSkipDuplicates() throws {
        let recorder = Recorder<[Track]>()
        let token = try Track.query(in: db).where("title", "B").observe(on: queue, removingDuplicates: true) {
            recorder.record($0)
        }
        #expect(recorder.next() == [])
        var other = Track(title: "A")
        try other.save(in: db)
        var track = Track(title: "B")
        try track.save(in: db)
        #expect(recorder.next() == [track])
        #expect(recorder.next(timeout: 0.3) == nil, "the equal records were not delivered")
        token.cancel()
    }

    @Test func asyncSequencesSkipDuplicates() async throws {
        var delivered: [[Track]] = []
        for try await tracks in try Track.query(in: db).where("title", "B").values(removingDuplicates: true) {
            delivered.append(tracks)
            if delivered.count == 2 { break }
            var other = Track(title: "A")
            try other.save(in: db)
            var track = Track(title: "B")
            try track.save(in: db)
        }
        #expect(delivered.map { $0.map(\.title) } == [[], ["B"]])

        var rows: [[Row]] = []
        for try await value in try db.from("item").where("n", .greaterThan, 3).values(removingDuplicates: true) {
            rows.append(value)
            if rows.count == 2 { break }
            try db.execute("INSERT INTO item VALUES (1)")
            try db.execute("INSERT INTO item VALUES (4)")
        }
        #expect(rows.map(\.count) == [0, 1])
    }

    @Test func aFailingFetchEndsTheSequenceWithItsError() async throws {
        await #expect(throws: DatabaseError.self) {
            for try await _ in try db.from("item").where("missing", 1).values(removingDuplicates: true) {}
        }
    }
}
