import BeeStore
import BenchmarkSupport
import Foundation

/// A value both memory caches can hold (`NSCache` holds objects only): the number of
/// the write that stored it.
final class Stamp: Sendable {
    let value: Int

    init(_ value: Int) {
        self.value = value
    }
}

/// Mixed reads and writes (80% / 20%) of pseudo-random keys through a memory cache whose
/// count limit holds half of the keys: BeeStore's `MemoryCache<Int, Stamp>` against
/// Foundation's `NSCache<NSNumber, Stamp>`, a fresh cache for each trial.
///
/// Every hit must return the value last stored for its key. BeeStore's hits and
/// evictions must also be exactly those of a least-recently-used cache; `NSCache` may
/// evict what it likes, so only its values are checked.
final class MemoryCacheWorkload: Workload {
    let rawRatioTarget: Double? = nil
    let libraries = Library.caches
    private let keyCount: Int
    private let countLimit: Int
    /// The key of each operation.
    private let keys: [Int]
    /// The value each write stores, nil for a read.
    private let writes: [Stamp?]
    /// For each read, the number of the last write of its key (-1 when there was none).
    private let expected: [Int]
    private let reference: ReferenceLRU
    private let expectedHits: Int
    private let numbers: [NSNumber]
    private var hitsByLibrary: [Library: Int] = [:]

    init(operations: Int, keys keyCount: Int) {
        self.keyCount = keyCount
        countLimit = max(1, keyCount / 2)
        var state: UInt64 = 0xCAC4E
        var keys: [Int] = []
        var writes: [Stamp?] = []
        var expected: [Int] = []
        var lastWrite = Array(repeating: -1, count: keyCount)
        var reference = ReferenceLRU(keyCount: keyCount, limit: countLimit)
        var hits = 0
        for operation in 0..<operations {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let key = Int((state >> 33) % UInt64(keyCount))
            let isWrite = (state >> 20) % 5 == 0
            keys.append(key)
            if isWrite {
                writes.append(Stamp(operation))
                expected.append(-1)
                lastWrite[key] = operation
                reference.store(key)
            } else {
                writes.append(nil)
                expected.append(lastWrite[key])
                if reference.use(key) { hits += 1 }
            }
        }
        self.keys = keys
        self.writes = writes
        self.expected = expected
        self.reference = reference
        expectedHits = hits
        numbers = (0..<keyCount).map { NSNumber(value: $0) }
    }

    var name: String {
        "5a. memory cache, \(grouped(keys.count)) get/set on \(grouped(keyCount)) keys (vs NSCache)"
    }

    var operations: Operations { Operations(count: keys.count, unit: "get or set") }

    func setUp(in scratch: Scratch) throws {}

    func trial(for library: Library, in scratch: Scratch) throws -> Trial {
        let (keys, writes, expected) = (keys, writes, expected)
        var hits = 0
        var wrongValues = 0
        let run: () -> Void
        var check: () throws -> Void = {}
        switch library {
        case .beeStore:
            let cache = MemoryCache<Int, Stamp>(countLimit: countLimit)
            run = {
                for operation in keys.indices {
                    let key = keys[operation]
                    if let stamp = writes[operation] {
                        cache.setValue(stamp, forKey: key)
                    } else if let found = cache.value(forKey: key) {
                        hits += 1
                        if found.value != expected[operation] { wrongValues += 1 }
                    }
                }
            }
            check = { [expectedHits, reference] in
                try expectEqual(hits, expectedHits, "hits (as a least-recently-used cache)")
                try expectEqual(cache.statistics.hits, expectedHits, "hits counted by the cache")
                try expectEqual(cache.statistics.evictions, reference.evictions, "evictions counted by the cache")
                try expectEqual(cache.count, reference.count, "entries left")
            }
        case .foundation:
            let cache = NSCache<NSNumber, Stamp>()
            cache.countLimit = countLimit
            let numbers = numbers
            run = {
                for operation in keys.indices {
                    let key = numbers[keys[operation]]
                    if let stamp = writes[operation] {
                        cache.setObject(stamp, forKey: key)
                    } else if let found = cache.object(forKey: key) {
                        hits += 1
                        if found.value != expected[operation] { wrongValues += 1 }
                    }
                }
            }
        case .raw, .grdbCodable, .grdbHandWritten, .beeStoreColumnCodable:
            throw CheckFailure.notCompared(library)
        }
        return Trial(run: run) { [self] in
            try expectEqual(wrongValues, 0, "hits returning another value than the last stored")
            try check()
            hitsByLibrary[library] = hits
        }
    }

    func notes() throws -> [String] {
        let reads = writes.count { $0 == nil }
        let hits = libraries.compactMap { library in
            hitsByLibrary[library].map { "\(library.rawValue) \(grouped($0))" }
        }
        return ["5a: hits among the \(grouped(reads)) reads: " + hits.joined(separator: ", ")
            + " (a least-recently-used cache of \(grouped(countLimit)) entries: \(grouped(expectedHits)))"]
    }

    func tearDown() {}
}
