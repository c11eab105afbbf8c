import Foundation
import Testing

@testable import BeeStore

@Suite struct MemoryCacheTests {
    @Test func storesReadsAndRemovesValues() {
        let cache = MemoryCache<String, Int>()
        cache.setValue(1, forKey: "one")
        cache["two"] = 2
        #expect(cache.value(forKey: "one") == 1)
        #expect(cache["two"] == 2)
        #expect(cache.contains("one"))
        cache.removeValue(forKey: "one")
        cache["two"] = nil
        #expect(cache["one"] == nil)
        #expect(!cache.contains("two"))
        #expect(cache.count == 0)
    }

    @Test func settingAKeyTwiceKeepsOneEntry() {
        let cache = MemoryCache<String, Int>()
        cache.setValue(1, forKey: "a", cost: 10)
        cache.setValue(2, forKey: "a", cost: 3)
        #expect(cache.count == 1)
        #expect(cache.totalCost == 3)
        #expect(cache["a"] == 2)
    }

    @Test func countLimitEvictsTheLeastRecentlyUsed() {
        let cache = MemoryCache<String, Int>(countLimit: 3)
        cache["a"] = 1
        cache["b"] = 2
        cache["c"] = 3
        _ = cache["a"]  // b is now the least recently used
        cache["d"] = 4
        #expect(cache["b"] == nil)
        #expect(cache["a"] == 1)
        #expect(cache["c"] == 3)
        #expect(cache["d"] == 4)
        #expect(cache.statistics.evictions == 1)
    }

    @Test func countLimitHoldsAfterEveryWrite() {
        let cache = MemoryCache<Int, Int>(countLimit: 10)
        for key in 0..<1000 {
            cache.setValue(key, forKey: key % 37)
            #expect(cache.count <= 10)
        }
    }

    @Test func costLimitEvictsTheLeastRecentlyUsedUntilTheTotalFits() {
        let cache = MemoryCache<String, String>(costLimit: 10)
        cache.setValue("a", forKey: "a", cost: 4)
        cache.setValue("b", forKey: "b", cost: 4)
        _ = cache["a"]
        cache.setValue("c", forKey: "c", cost: 5)  // 13 > 10: b goes
        #expect(cache["b"] == nil)
        #expect(cache.totalCost == 9)
        cache.setValue("d", forKey: "d", cost: 9)  // a and c go
        #expect(cache["a"] == nil)
        #expect(cache["c"] == nil)
        #expect(cache["d"] == "d")
        #expect(cache.totalCost == 9)
    }

    @Test func costLimitHoldsAfterEveryWrite() {
        let cache = MemoryCache<Int, Int>(costLimit: 100)
        for key in 0..<1000 {
            cache.setValue(key, forKey: key % 53, cost: key % 41)
            #expect(cache.totalCost <= 100)
        }
    }

    @Test func aValueCostlierThanTheLimitIsNotStoredAndEvictsNothingElse() {
        let cache = MemoryCache<String, Int>(costLimit: 10)
        cache.setValue(1, forKey: "small", cost: 5)
        cache.setValue(2, forKey: "huge", cost: 11)
        #expect(cache["huge"] == nil)
        #expect(cache["small"] == 1)
        cache.setValue(3, forKey: "small", cost: 20)
        #expect(cache["small"] == nil)
        #expect(cache.totalCost == 0)
    }

    @Test func costsWhoseSumExceedsIntMaxEvictInsteadOfOverflowing() {
        let cache = MemoryCache<String, Int>()
        cache.setValue(1, forKey: "a", cost: .max)
        cache.setValue(2, forKey: "b", cost: 1)
        #expect(cache["a"] == nil)
        #expect(cache["b"] == 2)
        #expect(cache.totalCost == 1)
        #expect(cache.statistics.evictions == 1)
    }

    @Test func zeroCountLimitStoresNothing() {
        let cache = MemoryCache<String, Int>(countLimit: 0)
        cache["a"] = 1
        #expect(cache["a"] == nil)
        #expect(cache.count == 0)
    }

    @Test func ageLimitIsCheckedOnEveryRead() {
        let clock = TestClock()
        let cache = MemoryCache<String, Int>(ageLimit: 60, now: clock.now)
        cache["a"] = 1
        clock.advance(by: 30)
        cache["b"] = 2
        #expect(cache["a"] == 1)  // reading does not extend the age
        clock.advance(by: 30)
        #expect(cache["a"] == nil)
        #expect(!cache.contains("a"))
        #expect(cache.contains("b"))
        clock.advance(by: 30)
        #expect(!cache.contains("b"))
        #expect(cache.count == 0)
        #expect(cache.statistics.evictions == 2)
    }

    @Test func countsHitsMissesAndEvictions() {
        let cache = MemoryCache<String, Int>(countLimit: 1)
        cache["a"] = 1
        _ = cache["a"]
        _ = cache["missing"]
        cache["b"] = 2
        _ = cache["a"]
        #expect(cache.statistics == CacheStatistics(hits: 1, misses: 2, evictions: 1))
    }

    @Test func removeAllEmptiesTheCache() {
        let cache = MemoryCache<Int, Int>()
        for key in 0..<100 { cache.setValue(key, forKey: key, cost: 1) }
        cache.removeAll()
        #expect(cache.count == 0)
        #expect(cache.totalCost == 0)
        #expect(cache[5] == nil)
        cache[5] = 5
        #expect(cache[5] == 5)
    }

    @Test func evictionOrderSurvivesManyRemovalsFromTheMiddle() {
        let cache = MemoryCache<Int, Int>(countLimit: 50)
        for key in 0..<50 { cache[key] = key }
        for key in stride(from: 0, to: 50, by: 2) { cache[key] = nil }
        for key in stride(from: 49, through: 1, by: -2) { _ = cache[key] }  // 49 oldest … 1 newest
        for key in 100..<125 { cache[key] = key }
        for key in 125..<150 {
            cache[key] = key
            #expect(!cache.contains(49 - 2 * (key - 125)))
        }
        #expect(cache.count == 50)
    }

    @Test func concurrentReadsAndWritesLoseAndTearNothing() {
        let cache = MemoryCache<Int, [Int]>()
        runConcurrently(threads: 8) { thread in
            for index in 0..<2000 {
                let key = thread * 10_000 + index
                cache.setValue([key, key, key], forKey: key)
                let value = cache.value(forKey: key)
                #expect(value == [key, key, key])
                _ = cache.value(forKey: (thread + 1) % 8 * 10_000 + index)
            }
        }
        #expect(cache.count == 16_000)
        for thread in 0..<8 {
            for index in 0..<2000 {
                let key = thread * 10_000 + index
                #expect(cache[key] == [key, key, key])
            }
        }
    }

    @Test func concurrentWritesUnderALimitKeepTheAccountingExact() {
        let cache = MemoryCache<Int, Int>(countLimit: 100, costLimit: 1000)
        runConcurrently(threads: 8) { thread in
            for index in 0..<2000 {
                cache.setValue(index, forKey: (thread * 7 + index) % 300, cost: index % 20)
                _ = cache.value(forKey: index % 300)
            }
        }
        #expect(cache.count <= 100)
        #expect(cache.totalCost <= 1000)
        var total = 0
        var count = 0
        for key in 0..<300 where cache.contains(key) {
            count += 1
            total += cache[key].map { $0 % 20 } ?? 0
        }
        #expect(count == cache.count)
        #expect(total == cache.totalCost)
    }
}
