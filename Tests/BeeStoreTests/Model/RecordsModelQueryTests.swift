import Dispatch
import Foundation
import Testing

@testable import BeeStore

@Suite("Records models with a changing query")
struct RecordsModelQueryTests {
    let db: Database
    let directory: TemporaryDirectory

    init() throws {
        directory = try TemporaryDirectory()
        db = try Database(path: directory.path("search.sqlite"))
        for title in ["Apple", "Banana", "Cherry"] {
            var track = Track(title: title)
            try track.save(in: db)
        }
    }

    /// Takes deliveries until one equals `expected` (or the deadline passes): refreshes
    /// come in order, so one that came first for an earlier query is passed over.
    private func deliveries(_ recorder: Recorder<[String]>, until expected: [String]) -> [[String]] {
        var seen: [[String]] = []
        while let next = recorder.next() {
            seen.append(next)
            if next == expected { break }
        }
        return seen
    }

    @Test func aNewQueryRefreshesOnceWithItsRecordsAndChangesAreStillFollowed() throws {
        let model = try RecordsModel(Track.query(in: db).orderAsc("title"))
        let recorder = Recorder<[String]>()
        let token = model.observe { change in
            #expect(change.kind == .refreshed)
            recorder.record(change.state.map(\.title))
        }
        defer { token.cancel() }

        try model.load(Track.query(in: db).like("title", "an").orderAsc("title"))
        #expect(recorder.next() == ["Banana"], "one refresh with the new query's records")
        #expect(model.state.map(\.title) == ["Banana"])
        #expect(try model.query.records().map(\.title) == ["Banana"])

        var mango = Track(title: "Mango")
        try mango.save(in: db)
        // The next delivery is the commit's: the query change gave no second refresh.
        #expect(recorder.next() == ["Banana", "Mango"])

        try model.load(Track.query(in: db).like("title", "an").orderDesc("title"))
        #expect(recorder.next() == ["Mango", "Banana"], "a new sort order refreshes once")

        var kiwi = Track(title: "Kiwi")
        try kiwi.save(in: db)  // outside the query: the records stay the same, no refresh
        var orange = Track(title: "Orange")
        try orange.save(in: db)
        #expect(recorder.next() == ["Orange", "Mango", "Banana"])
    }

    @Test func aQueryReplacedBeforeItsRecordsArriveIsNotDelivered() throws {
        let model = try RecordsModel(Track.query(in: db).orderAsc("title"))
        let recorder = Recorder<[String]>()
        let token = model.observe { change in recorder.record(change.state.map(\.title)) }
        defer { token.cancel() }

        try model.load(Track.query(in: db).where("title", "Apple"))
        try model.load(Track.query(in: db).where("title", "Cherry"))
        let seen = deliveries(recorder, until: ["Cherry"])
        #expect(seen.last == ["Cherry"])
        #expect(seen.allSatisfy { $0 == ["Apple"] || $0 == ["Cherry"] })

        try db.execute("UPDATE track SET title = 'Apple' WHERE title = 'Banana'")  // not followed any more
        try db.execute("UPDATE track SET title = 'Cherry' WHERE title = 'Apple'")
        #expect(recorder.next() == ["Cherry", "Cherry", "Cherry"], "only the last query is followed")
    }

    @Test func aQueryThatCannotBeObservedIsRefusedAndTheModelKeepsItsQuery() throws {
        struct Unmapped: ActiveRecord, Sendable {
            var id: Int64?
            var missing: String
            static let mapping = RecordMapping(table: "track")
        }
        struct UnmappedTrack: ActiveRecord, Sendable {
            var id: Int64?
            var title: String
            static let mapping = RecordMapping(table: "track")
        }
        let model = try RecordsModel(UnmappedTrack.query(in: db).orderAsc("title"))
        #expect(throws: RecordError.missingColumns(table: "track", columns: ["missing"])) {
            let other = try RecordsModel(Unmapped.query(in: db))
            Issue.record("observed \(other.state.count) records of a table without their column")
        }
        #expect(throws: RecordError.unknownColumn(record: "UnmappedTrack", column: "nope")) {
            try model.load(UnmappedTrack.query(in: db).where("nope", 1))
        }
        #expect(model.state.map(\.title) == ["Apple", "Banana", "Cherry"])

        let recorder = Recorder<[String]>()
        let token = model.observe { change in recorder.record(change.state.map(\.title)) }
        defer { token.cancel() }
        var date = Track(title: "Date")
        try date.save(in: db)
        #expect(recorder.next() == ["Apple", "Banana", "Cherry", "Date"], "the first query is still followed")
    }
}
