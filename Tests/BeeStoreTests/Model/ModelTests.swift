import Dispatch
import Foundation
import Observation
import Testing

@testable import BeeStore

struct Profile: Codable, Sendable, Equatable {
    var name = ""
    var visits = 0
}

/// An observer object whose lifetime the tests control.
final class Screen: @unchecked Sendable {
    private let lock = NSLock()
    private var changes: [ModelChange<Profile>] = []

    func show(_ change: ModelChange<Profile>) {
        lock.withLock { changes.append(change) }
    }

    var seen: [(ModelChangeKind, Int)] {
        lock.withLock { changes.map { ($0.kind, $0.state.visits) } }
    }
}

@Suite("Models")
struct ModelTests {
    @Test func observersAreToldEachChangeInOrder() {
        let model = Model(Profile())
        let screen = Screen()
        model.addObserver(screen) { screen, change in screen.show(change) }
        model.update { $0.visits += 1 }
        model.state.visits = 2
        model.update { $0.visits += 1 }
        #expect(screen.seen.map(\.1) == [1, 2, 3])
        #expect(screen.seen.allSatisfy { $0.0 == .updated })
    }

    @Test func observationTrackingSeesAChangeOfTheState() {
        let model = Model(Profile())
        let changed = Protected(0)
        let visits = withObservationTracking {
            model.state.visits
        } onChange: {
            changed.withLock { $0 += 1 }
        }
        #expect(visits == 0)
        #expect(changed.value == 0)
        model.update { $0.visits += 1 }
        #expect(changed.value == 1, "the tracked read is told of the change")
        model.update { $0.visits += 1 }
        #expect(changed.value == 1, "once per tracking, as Observation does")
    }

    @Test func removedObserversAreNotCalled() {
        let model = Model(Profile())
        let screen = Screen()
        model.addObserver(screen) { screen, change in screen.show(change) }
        model.update { $0.visits = 1 }
        model.removeObserver(screen)
        model.update { $0.visits = 2 }
        #expect(screen.seen.map(\.1) == [1])
        #expect(model.observerCount == 0)
    }

    @Test func releasedObserversAreNeverCalledNorKept() {
        let model = Model(Profile())
        let calls = Protected(0)
        weak var released: Screen?
        do {
            let screen = Screen()
            released = screen
            model.addObserver(screen) { _, _ in calls.withLock { $0 += 1 } }
            model.update { $0.visits = 1 }
        }
        #expect(released == nil, "the model does not keep its observers alive")
        model.update { $0.visits = 2 }
        #expect(calls.value == 1)
        #expect(model.observerCount == 0)
    }

    @Test func tokenObserversStopWhenCancelledNotWhenDiscarded() {
        let model = Model(Profile())
        let kinds = Protected<[ModelChangeKind]>([])
        let token = model.observe { change in kinds.withLock { $0.append(change.kind) } }
        let discarded = Protected(0)
        _ = model.observe { _ in discarded.withLock { $0 += 1 } }
        model.state = Profile(name: "a", visits: 1)
        token.cancel()
        model.state = Profile(name: "b", visits: 2)
        #expect(kinds.value == [.updated])
        #expect(discarded.value == 2, "a discarded token does not stop its observer")
    }

    @Test func notificationsNameTheModelAndGoToTheChosenQueue() {
        let queue = DispatchQueue(label: "ModelTests")
        let model = Model(Profile(), notifyOn: queue)
        let delivered = DispatchSemaphore(value: 0)
        let sameModel = Protected(false)
        let token = model.observe { change in
            dispatchPrecondition(condition: .onQueue(queue))
            sameModel.withLock { $0 = change.model === model }
            delivered.signal()
        }
        model.update { $0.name = "queued" }
        #expect(delivered.wait(timeout: .now() + 5) == .success)
        #expect(sameModel.value)
        token.cancel()
    }

    @Test func saveAndLoadThroughAFileCache() throws {
        let directory = try TemporaryDirectory()
        let cache = try FileCache(directory: directory.url.appendingPathComponent("cache"))
        let model = Model(Profile(name: "Ann", visits: 3), cache: cache, cacheKey: "profile")
        try model.saveCache()

        let restored = Model(Profile(), cache: try FileCache(directory: directory.url.appendingPathComponent("cache")), cacheKey: "profile")
        let kinds = Protected<[ModelChangeKind]>([])
        let token = restored.observe { change in kinds.withLock { $0.append(change.kind) } }
        #expect(try restored.loadCache())
        #expect(restored.state == Profile(name: "Ann", visits: 3))
        #expect(kinds.value == [.loaded])
        try restored.clearCache()
        #expect(restored.state == Profile())
        #expect(try !restored.loadCache(), "nothing left to load")
        #expect(kinds.value == [.loaded, .cleared])
        token.cancel()
    }

    @Test func autoLoadAndAutoSaveThroughAKeyValueStore() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("settings.sqlite")
        do {
            let store = try KeyValueStore(path: path)
            let model = Model(Profile(), cache: store, cacheKey: "profile", autoSave: true)
            model.update { $0.visits = 7 }
            #expect(model.lastCacheError == nil)
        }
        let reopened = try KeyValueStore(path: path)
        let model = Model(Profile(), cache: reopened, cacheKey: "profile", autoLoad: true)
        #expect(model.state.visits == 7)
        let other = Model(Profile(), cache: reopened, cacheKey: "someone else", autoLoad: true)
        #expect(other.state == Profile(), "nothing saved under that key: the initial state stays")
    }

    @Test func clearCacheWithAutoSaveLeavesTheCacheEmpty() throws {
        let store = try KeyValueStore(database: try Database.inMemory())
        let model = Model(Profile(), cache: store, cacheKey: "profile", autoLoad: true, autoSave: true)
        model.update { $0.visits = 2 }
        #expect(try store.contains("profile"))
        try model.clearCache()
        #expect(model.state == Profile())
        #expect(try !store.contains("profile"), "the reset state is not saved back")
        #expect(model.lastCacheError == nil)
        model.update { $0.visits = 1 }
        #expect(try store.value(forKey: "profile", as: Profile.self)?.visits == 1, "later changes are saved again")
    }

    @Test func autoLoadOfAnUnreadableStateKeepsTheInitialStateAndReportsIt() throws {
        let store = try KeyValueStore(database: try Database.inMemory())
        try store.setValue(Data("not json".utf8), forKey: "profile")
        let model = Model(Profile(name: "initial"), cache: store, cacheKey: "profile", autoLoad: true)
        #expect(model.state.name == "initial")
        #expect(model.lastCacheError != nil)
    }
}

@Suite("Records models")
struct RecordsModelTests {
    @Test func queryBackedModelFollowsRecordsSavedElsewhere() throws {
        let directory = try TemporaryDirectory()
        let db = try Database(path: directory.path("model.sqlite"))
        var first = Track(title: "B")
        try first.save(in: db)
        let queue = DispatchQueue(label: "RecordsModelTests")
        let model = try RecordsModel(Track.query(in: db).orderAsc("title"), notifyOn: queue)
        #expect(model.state.map(\.title) == ["B"])

        let recorder = Recorder<[String]>()
        let token = model.observe { change in
            #expect(change.kind == .refreshed)
            recorder.record(change.state.map(\.title))
        }
        var second = Track(title: "A")
        try second.save(in: db)  // elsewhere in the app: the model is not involved
        #expect(recorder.next() == ["A", "B"])
        try db.execute("UPDATE track SET title = 'C' WHERE title = 'B'")
        #expect(recorder.next() == ["A", "C"])
        try db.execute("CREATE TABLE unrelated (x)")
        try db.execute("INSERT INTO unrelated VALUES (1)")
        #expect(recorder.next(timeout: 0.3) == nil)

        model.stopObserving()
        try db.execute("DELETE FROM track")
        #expect(recorder.next(timeout: 0.3) == nil)
        #expect(model.state.count == 2)
        token.cancel()
    }

    @Test func observationTrackingSeesRecordsRefreshedFromTheDatabase() throws {
        let db = try Database.inMemory()
        var first = Track(title: "B")
        try first.save(in: db)
        let model = try RecordsModel(Track.query(in: db).orderAsc("title"))
        let refreshed = DispatchSemaphore(value: 0)
        let titles = withObservationTracking {
            model.state.map(\.title)
        } onChange: {
            refreshed.signal()
        }
        #expect(titles == ["B"])
        var second = Track(title: "A")
        try second.save(in: db)
        #expect(refreshed.wait(timeout: .now() + 5) == .success, "the view reading the records is told")
        let deadline = Date().addingTimeInterval(5)
        while model.state.count < 2, Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
        #expect(model.state.map(\.title) == ["A", "B"])
    }

    /// Enough keys that two encodings of one record would likely list them in different
    /// orders if the comparison did not sort them.
    struct Listing: ActiveRecord, Sendable {
        var id: Int64?
        var title = "Loft"
        var city = "Lyon"
        var rooms = 3
        var price = 1200
        var floor = 4
        var hasLift = true
        var views = 0
    }

    @Test func commitsThatLeaveTheRecordsAsTheyWereDoNotNotify() throws {
        let directory = try TemporaryDirectory()
        let db = try Database(path: directory.path("model.sqlite"))
        var listing = Listing()
        try listing.save(in: db)
        let model = try RecordsModel(Listing.query(in: db), notifyOn: DispatchQueue(label: "RecordsModelTests"))
        let recorder = Recorder<[Int]>()
        let token = model.observe { change in recorder.record(change.state.map(\.views)) }
        for _ in 0..<30 {
            try listing.save(in: db)  // a commit to the table, the records unchanged
        }
        listing.views = 1
        try listing.save(in: db)
        listing.views = 2
        try listing.save(in: db)
        // Refreshes are delivered in commit order: the last change's comes after every
        // other, so the deliveries are taken one by one until it arrives (or the deadline).
        var delivered: [[Int]] = []
        while delivered.last != [2], let state = recorder.next() {
            delivered.append(state)
        }
        // The two changes may reach the model in one refresh; the commits that changed
        // nothing never notify.
        #expect(delivered == [[1], [2]] || delivered == [[2]], "\(delivered)")
        token.cancel()
    }
}
