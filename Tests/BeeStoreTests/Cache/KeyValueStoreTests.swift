import Foundation
import Testing

@testable import BeeStore

extension StoreKey {
    static var launchCount: StoreKey<Int> { StoreKey<Int>("launchCount") }
    static var profile: StoreKey<KeyValueStoreTests.Profile> { StoreKey<KeyValueStoreTests.Profile>("profile") }
}

/// Collects what an observer receives.
final class Received<Element: Sendable>: Sendable {
    private let storage = Protected([Element]())
    var values: [Element] { storage.value }
    func append(_ value: Element) { storage.withLock { $0.append(value) } }
}

@Suite struct KeyValueStoreTests {
    struct Profile: Codable, Equatable, Sendable {
        var name: String
        var languages: [String]
    }

    let folder: TemporaryDirectory
    var path: String { folder.path("settings.sqlite") }

    init() throws {
        folder = try TemporaryDirectory("KeyValueStoreTests")
    }

    @Test func storesTypedValues() throws {
        let store = try KeyValueStore(path: path)
        try store.setValue("dark", forKey: "theme")
        try store.setValue(3, for: .launchCount)
        try store.setValue(Profile(name: "Ada", languages: ["en", "fr"]), for: .profile)
        try store.setValue(Data([0, 1, 2]), forKey: "raw")
        #expect(try store.value(forKey: "theme", as: String.self) == "dark")
        #expect(try store[.launchCount] == 3)
        #expect(try store.value(for: .profile) == Profile(name: "Ada", languages: ["en", "fr"]))
        #expect(try store["raw"] == Data([0, 1, 2]))
        #expect(try store.contains("theme"))
        try store.removeValue(for: .launchCount)
        try store.removeValue(forKey: "theme")
        #expect(try store[.launchCount] == nil)
        #expect(try !store.contains("theme"))
        #expect(try store.allKeys == ["profile", "raw"])
    }

    @Test func everyWriteIsDurableWhenTheCallReturns() throws {
        let store = try KeyValueStore(path: path)
        let synchronous = try store.table.database.writeWithoutTransaction {
            try $0.fetchValue(Int.self, "PRAGMA synchronous")
        }
        #expect(synchronous == 2)  // FULL: every commit is synced to disk
        try store.setValue(41, for: .launchCount)
        try store.setValue(42, for: .launchCount)
        // Another connection sees the committed value at once.
        let other = try Database(path: path)
        #expect(try other.fetchValue(String.self, "SELECT CAST(value AS TEXT) FROM key_value_store WHERE key = 'launchCount'") == "42")
    }

    @Test func valuesSurviveReopening() throws {
        do {
            let store = try KeyValueStore(path: path)
            try store.setValue(Profile(name: "Grace", languages: ["en"]), for: .profile)
            try store.inNamespace("user-1").setValue(7, for: .launchCount)
        }
        let reopened = try KeyValueStore(path: path)
        #expect(try reopened[.profile] == Profile(name: "Grace", languages: ["en"]))
        #expect(try reopened.inNamespace("user-1")[.launchCount] == 7)
        #expect(try reopened[.launchCount] == nil)
    }

    @Test func namespacesAreSeparate() throws {
        let store = try KeyValueStore(path: path)
        let ada = store.inNamespace("ada")
        let grace = store.inNamespace("grace")
        try ada.setValue(1, for: .launchCount)
        try grace.setValue(2, for: .launchCount)
        try grace.setValue("x", forKey: "other")
        #expect(try ada[.launchCount] == 1)
        #expect(try grace[.launchCount] == 2)
        #expect(try store[.launchCount] == nil)
        #expect(try grace.allKeys == ["launchCount", "other"])
        try grace.removeAll()
        #expect(try grace.allKeys.isEmpty)
        #expect(try ada[.launchCount] == 1)
        #expect(ada.namespace == "ada")
        #expect(store.namespace == "")
    }

    @Test func registeredDefaultsFillInForMissingValues() throws {
        let store = try KeyValueStore(path: path)
        try store.register(defaults: ["launchCount": 10, "theme": "light"])
        #expect(try store[.launchCount] == 10)
        #expect(try store.contains("theme"))
        #expect(try store.allKeys.isEmpty)
        try store.setValue(11, for: .launchCount)
        #expect(try store[.launchCount] == 11)
        try store.removeValue(for: .launchCount)
        #expect(try store[.launchCount] == 10)
        #expect(try store.inNamespace("other")[.launchCount] == nil)
        try store.register(defaults: ["launchCount": 20])
        #expect(try store.inNamespace("")[.launchCount] == 20)
    }

    @Test func observersHearEachChangeOfTheirKeyOnly() throws {
        let store = try KeyValueStore(path: path)
        try store.register(defaults: ["launchCount": 0])
        let received = Received<Int?>()
        let observation = store.observe(.launchCount) { received.append($0) }
        try store.setValue(1, for: .launchCount)
        try store.setValue(2, for: .launchCount)
        try store.setValue("other key", forKey: "theme")
        try store.inNamespace("other").setValue(99, for: .launchCount)
        try store.removeValue(for: .launchCount)
        try store.removeValue(for: .launchCount)  // nothing stored: no change
        try store.setValue(3, for: .launchCount)
        try store.removeAll()
        #expect(received.values == [1, 2, 0, 3, 0])
        observation.cancel()
        try store.setValue(4, for: .launchCount)
        #expect(received.values.count == 5)
    }

    @Test func releasingAnObservationStopsIt() throws {
        let store = try KeyValueStore(path: path)
        let received = Received<Data?>()
        var observation: StoreObservation? = store.observe("key") { received.append($0) }
        try store.setValue(Data([1]), forKey: "key")
        _ = observation
        observation = nil
        try store.setValue(Data([2]), forKey: "key")
        #expect(received.values == [Data([1])])
    }

    @Test func namespacesShareObserversOfTheSameNamespace() throws {
        let store = try KeyValueStore(path: path)
        let received = Received<Int?>()
        let observation = store.inNamespace("ada").observe(.launchCount) { received.append($0) }
        try store.inNamespace("ada").setValue(5, for: .launchCount)
        #expect(received.values == [5])
        observation.cancel()
    }

    @Test func changesArriveAsAnAsyncSequence() async throws {
        let store = try KeyValueStore(path: path)
        let changes = store.changes(for: .launchCount)
        let rawChanges = store.changes(forKey: "launchCount")
        try store.setValue(1, for: .launchCount)
        try store.removeValue(for: .launchCount)
        var iterator = changes.makeAsyncIterator()
        #expect(await iterator.next() == .some(1))
        #expect(await iterator.next() == .some(nil))
        var rawIterator = rawChanges.makeAsyncIterator()
        #expect(await rawIterator.next() == .some(Data("1".utf8)))
    }

    @Test func concurrentWritesAndReadsLoseNothing() throws {
        let store = try KeyValueStore(path: path)
        runConcurrently(threads: 8) { thread in
            let namespace = store.inNamespace("thread-\(thread)")
            for index in 0..<10 {
                #expect(throws: Never.self) {
                    try namespace.setValue([thread, index], forKey: "key-\(index)")
                    #expect(try namespace.value(forKey: "key-\(index)", as: [Int].self) == [thread, index])
                }
            }
        }
        for thread in 0..<8 {
            #expect(try store.inNamespace("thread-\(thread)").allKeys.count == 10)
        }
    }

    @Test func livesInATableOfAnExistingDatabase() throws {
        let database = try Database(path: path)
        try database.execute("CREATE TABLE player (id INTEGER PRIMARY KEY, name TEXT)")
        let store = try KeyValueStore(database: database, table: "app \"settings\"")
        try store.setValue(5, for: .launchCount)
        let reopened = try KeyValueStore(database: database, table: "app \"settings\"")
        #expect(try reopened[.launchCount] == 5)
        #expect(try database.fetchValue(Int.self, "SELECT COUNT(*) FROM \"app \"\"settings\"\"\"") == 1)
        #expect(try KeyValueStore(database: database)[.launchCount] == nil)
    }

    @Test func aValueOfAnotherTypeIsADecodingError() throws {
        let store = try KeyValueStore(path: path)
        try store.setValue("not a number", forKey: "launchCount")
        #expect {
            try store[.launchCount]
        } throws: { error in
            guard case CacheError.decodingFailed(let key, let type, _)? = error as? CacheError else { return false }
            return key == "launchCount" && type == "Int"
        }
    }

    @Test func aValueThatCannotBeEncodedIsAnEncodingErrorAndStoresNothing() throws {
        let store = try KeyValueStore(path: path)
        #expect {
            try store.setValue(Double.nan, forKey: "ratio")
        } throws: { error in
            guard case CacheError.encodingFailed(let key, let type, _)? = error as? CacheError else { return false }
            return key == "ratio" && type == "Double"
        }
        #expect(try !store.contains("ratio"))
        #expect(throws: CacheError.self) { try store.register(defaults: ["ratio": Double.infinity]) }
    }

    @Test func aPathInAMissingFolderIsADatabaseError() {
        #expect(throws: DatabaseError.self) {
            try KeyValueStore(path: folder.path("missing/settings.sqlite"))
        }
    }

    @Test func aTableOfAnotherShapeIsADatabaseError() throws {
        let database = try Database(path: path)
        try database.execute("CREATE TABLE key_value_store (id INTEGER PRIMARY KEY)")
        let store = try KeyValueStore(database: database)
        #expect(throws: DatabaseError.self) { try store.setValue(1, for: .launchCount) }
    }
}
