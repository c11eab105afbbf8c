/// A plain least-recently-used set of the keys `0..<keyCount` under a count limit: what
/// a correct LRU cache holds after the same operations, to check its hits against.
struct ReferenceLRU {
    let limit: Int
    private(set) var count = 0
    private(set) var evictions = 0
    private var present: [Bool]
    private var newer: [Int]
    private var older: [Int]
    private var newest = -1
    private var oldest = -1

    init(keyCount: Int, limit: Int) {
        self.limit = limit
        present = Array(repeating: false, count: keyCount)
        newer = Array(repeating: -1, count: keyCount)
        older = Array(repeating: -1, count: keyCount)
    }

    /// A read: whether `key` is held, which then becomes the most recently used.
    mutating func use(_ key: Int) -> Bool {
        guard present[key] else { return false }
        unlink(key)
        pushNewest(key)
        return true
    }

    /// A write: `key` becomes the most recently used, and the least recently used keys
    /// beyond the limit are evicted.
    mutating func store(_ key: Int) {
        if present[key] {
            unlink(key)
        } else {
            present[key] = true
            count += 1
        }
        pushNewest(key)
        while count > limit {
            let evicted = oldest
            unlink(evicted)
            present[evicted] = false
            count -= 1
            evictions += 1
        }
    }

    private mutating func unlink(_ key: Int) {
        if newer[key] >= 0 { older[newer[key]] = older[key] } else { newest = older[key] }
        if older[key] >= 0 { newer[older[key]] = newer[key] } else { oldest = newer[key] }
        newer[key] = -1
        older[key] = -1
    }

    private mutating func pushNewest(_ key: Int) {
        older[key] = newest
        if newest >= 0 { newer[newest] = key } else { oldest = key }
        newest = key
    }
}
