import Foundation
import Testing

@testable import BeeStore

@Suite struct TieredCacheTests {
    struct Avatar: Codable, Equatable, Sendable {
        var user: String
        var pixels: [UInt8]
    }

    let folder: TemporaryDirectory

    init() throws {
        folder = try TemporaryDirectory("TieredCacheTests")
    }

    func fileCache() throws -> FileCache {
        try FileCache(directory: folder.url.appendingPathComponent("cache"))
    }

    func avatar(_ user: String) -> Avatar {
        Avatar(user: user, pixels: Array(user.utf8))
    }

    @Test func writesGoToBothLevels() throws {
        let cache = try Cache<Avatar>(file: fileCache())
        try cache.setValue(avatar("ada"), forKey: "ada")
        #expect(cache.memory["ada"] == avatar("ada"))
        #expect(try cache.file.value(forKey: "ada", as: Avatar.self) == avatar("ada"))
        #expect(cache.memory.totalCost == (try cache.file.totalBytes))
        #expect(try cache.value(forKey: "ada") == avatar("ada"))
    }

    @Test func readsFillTheMemoryLevel() throws {
        let file = try fileCache()
        try file.setValue(avatar("grace"), forKey: "grace")
        let cache = Cache<Avatar>(file: file)
        #expect(!cache.memory.contains("grace"))
        #expect(try cache.value(forKey: "grace") == avatar("grace"))
        #expect(cache.memory["grace"] == avatar("grace"))
        #expect(try cache.value(forKey: "nobody") == nil)
        #expect(file.statistics == CacheStatistics(hits: 1, misses: 1, evictions: 0))
    }

    @Test func valuesEvictedFromMemoryAreReadBackFromFile() throws {
        let cache = try Cache<Avatar>(memory: MemoryCache(countLimit: 1), file: fileCache())
        try cache.setValue(avatar("ada"), forKey: "ada")
        try cache.setValue(avatar("grace"), forKey: "grace")
        #expect(!cache.memory.contains("ada"))
        #expect(try cache.value(forKey: "ada") == avatar("ada"))
        #expect(cache.memory.contains("ada"))
    }

    @Test func valuesSurviveANewInstance() throws {
        try Cache<Avatar>(file: fileCache()).setValue(avatar("ada"), forKey: "ada")
        let reopened = try Cache<Avatar>(file: fileCache())
        #expect(try reopened.contains("ada"))
        #expect(try reopened.value(forKey: "ada") == avatar("ada"))
    }

    @Test func removalsReachBothLevels() throws {
        let cache = try Cache<Avatar>(file: fileCache())
        for user in ["ada", "grace", "alan"] { try cache.setValue(avatar(user), forKey: user) }
        try cache.removeValue(forKey: "ada")
        #expect(try !cache.contains("ada"))
        #expect(try !cache.file.contains("ada"))
        try cache.removeAll()
        #expect(cache.memory.count == 0)
        #expect(try cache.file.count == 0)
        #expect(try cache.value(forKey: "grace") == nil)
    }

    @Test func aFileValueOfAnotherTypeIsAMissAndIsRemoved() throws {
        let file = try fileCache()
        try file.setValue("not an avatar", forKey: "ada")
        let cache = Cache<Avatar>(file: file)
        #expect(try cache.value(forKey: "ada") == nil)
        #expect(try !file.contains("ada"))
    }

    @Test func aMissIsLoadedOnceAndStoredInBothLevels() throws {
        let cache = try Cache<Avatar>(file: fileCache())
        let loads = Protected(0)
        let loaded = try cache.value(forKey: "ada") {
            loads.withLock { $0 += 1 }
            return avatar("ada")
        }
        #expect(loaded == avatar("ada"))
        #expect(try cache.value(forKey: "ada") { avatar("someone else") } == avatar("ada"))
        #expect(loads.value == 1)
        #expect(try cache.file.value(forKey: "ada", as: Avatar.self) == avatar("ada"))
    }

    @Test func concurrentMissesForOneKeyLoadItOnce() throws {
        let cache = try Cache<Avatar>(file: fileCache())
        let arrived = DispatchGroup()
        for _ in 0..<8 { arrived.enter() }
        let loads = Protected(0)
        let results = Protected([Avatar?]())
        runConcurrently(threads: 8) { _ in
            arrived.leave()
            let value = try? cache.value(forKey: "ada") {
                loads.withLock { $0 += 1 }
                arrived.wait()  // every thread has asked before the load ends
                return avatar("ada")
            }
            results.withLock { $0.append(value) }
        }
        #expect(loads.value == 1)
        #expect(results.value == Array(repeating: avatar("ada"), count: 8))
    }

    @Test func aFailedLoadReachesEveryWaiterAndStoresNothing() throws {
        struct Offline: Error {}
        let cache = try Cache<Avatar>(file: fileCache())
        let arrived = DispatchGroup()
        for _ in 0..<4 { arrived.enter() }
        let failures = Protected(0)
        runConcurrently(threads: 4) { _ in
            arrived.leave()
            do {
                _ = try cache.value(forKey: "ada") {
                    arrived.wait()
                    throw Offline()
                }
            } catch is Offline {
                failures.withLock { $0 += 1 }
            } catch {}
        }
        #expect(failures.value == 4)
        #expect(try !cache.contains("ada"))
        #expect(try cache.value(forKey: "ada") { avatar("ada") } == avatar("ada"))
    }

    @Test func concurrentWritesOfOneKeyLeaveBothLevelsWithTheSameValue() throws {
        let cache = try Cache<Avatar>(file: fileCache())
        for round in 0..<100 {
            runConcurrently(threads: 4) { thread in
                #expect(throws: Never.self) { try cache.setValue(avatar("\(round)-\(thread)"), forKey: "shared") }
            }
            let inMemory = cache.memory.value(forKey: "shared")
            let inFile = try cache.file.value(forKey: "shared", as: Avatar.self)
            #expect(inMemory == inFile, "round \(round)")
            if inMemory != inFile { break }
        }
    }

    @Test func concurrentReadsAndWritesLoseAndTearNothing() throws {
        let cache = try Cache<Avatar>(memory: MemoryCache(countLimit: 16), file: fileCache())
        runConcurrently(threads: 8) { thread in
            for index in 0..<25 {
                let key = "\(thread)-\(index)"
                let value = Avatar(user: key, pixels: Array(repeating: UInt8(index), count: index * 100))
                #expect(throws: Never.self) {
                    try cache.setValue(value, forKey: key)
                    #expect(try cache.value(forKey: key) == value)
                    #expect(try cache.value(forKey: "\((thread + 1) % 8)-\(index)").map { $0.user.hasSuffix("-\(index)") } != false)
                }
            }
        }
        for thread in 0..<8 {
            for index in 0..<25 {
                #expect(try cache.value(forKey: "\(thread)-\(index)")?.pixels.count == index * 100)
            }
        }
    }
}
