/// The SQL text of `SELECT`s by their shape (``SelectShape``): queries that differ only in
/// the values they bind render their text once, and, handing the connections the same
/// text again, find their prepared statement in the connection's statement cache.
///
/// One cache serves the whole process (``shared``): the text depends on the shape alone,
/// never on the database, so the queries of every database share it (prepared statements
/// stay per connection). It is safe to use from any thread, its lock held only to look a
/// shape up or store one, never while rendering. A stored shape keeps no values and no
/// database.
///
/// A lookup first compares the query with the few shapes used last (``recentCount``),
/// without hashing it: a loop running one query with other values finds its text there.
/// Otherwise it hashes the query's shape and compares it with the entries stored under
/// that hash (texts count in the hash by their length and first bytes only, so distinct
/// shapes may share one). It keeps at most ``capacity`` shapes and drops them by the clock
/// (second-chance) rule: a hit only marks its entry as used, and a store that finds the
/// cache full sweeps the entries in turn, sparing each marked one once (clearing its
/// mark) and replacing the first unmarked one. A hit moves nothing and copies no key.
final class SelectSQLCache: Sendable {
    /// The cache every query renders through.
    static let shared = SelectSQLCache(capacity: 512)

    /// The most shapes kept.
    let capacity: Int

    /// How many of the shapes used last a lookup compares before hashing.
    static let recentCount = 4

    /// A stored shape with its text.
    private struct Entry {
        let shape: SelectShape
        let hash: Int
        let sql: String
        /// The next entry of the same hash; -1 for none.
        var nextOfSameHash = -1
        /// Used since the clock's hand last passed: spared once by the next sweep.
        var isUsed = false
    }

    private struct State {
        var entries: [Entry] = []
        /// The first entry of each stored hash, by index; the others follow it through
        /// ``Entry/nextOfSameHash``.
        var firstIndexByHash: [Int: Int] = [:]
        /// The indexes of the entries used last, the newest first (-1 for none yet). An
        /// index may since hold another shape: each is compared before it is trusted.
        var recent = [Int](repeating: -1, count: SelectSQLCache.recentCount)
        /// The next entry a full cache's sweep looks at.
        var hand = 0
        var statistics = CacheStatistics()
        /// Hits found among the recent entries, without hashing.
        var recentHits = 0

        /// Makes `index` the newest recent entry.
        mutating func markRecent(_ index: Int) {
            guard recent[0] != index else { return }
            var moved = index
            for position in recent.indices {
                swap(&moved, &recent[position])
                if moved == index { return }
            }
        }

        /// The text of the recent entry whose shape `query` has with `limit`, if any.
        mutating func recentText(of query: Query, limit: Int?) -> String? {
            for position in recent.indices {
                let index = recent[position]
                guard index >= 0 else { return nil }
                if entries[index].shape.matches(query, limit: limit) {
                    entries[index].isUsed = true
                    if position > 0 { markRecent(index) }
                    return entries[index].sql
                }
            }
            return nil
        }

        /// The index of the entry whose shape `query` has with `limit`, among those of `hash`.
        func index(of query: Query, limit: Int?, hash: Int) -> Int? {
            var index = firstIndexByHash[hash] ?? -1
            while index >= 0 {
                if entries[index].shape.matches(query, limit: limit) { return index }
                index = entries[index].nextOfSameHash
            }
            return nil
        }

        /// Adds the entry at `index` to those of its hash.
        mutating func link(_ index: Int) {
            let hash = entries[index].hash
            entries[index].nextOfSameHash = firstIndexByHash[hash] ?? -1
            firstIndexByHash[hash] = index
        }

        /// Removes the entry at `index` from those of its hash.
        mutating func unlink(_ index: Int) {
            let hash = entries[index].hash
            let next = entries[index].nextOfSameHash
            if firstIndexByHash[hash] == index {
                firstIndexByHash[hash] = next < 0 ? nil : next
                return
            }
            var previous = firstIndexByHash[hash] ?? -1
            while previous >= 0 {
                if entries[previous].nextOfSameHash == index {
                    entries[previous].nextOfSameHash = next
                    return
                }
                previous = entries[previous].nextOfSameHash
            }
        }

        /// The index of the entry a new shape takes in a full cache: the first unmarked
        /// one from the hand on, the marks passed over cleared.
        mutating func sweep() -> Int {
            while entries[hand].isUsed {
                entries[hand].isUsed = false
                hand = (hand + 1) % entries.count
            }
            let victim = hand
            hand = (hand + 1) % entries.count
            return victim
        }
    }

    private let state = Protected(State())

    /// An empty cache keeping at most `capacity` shapes (at least one).
    init(capacity: Int) {
        self.capacity = max(capacity, 1)
    }

    /// The text rendered for the shape of `query` with `limit`, marked as used; nil when
    /// it is not kept.
    func sql(for query: Query, limit: Int?) -> String? {
        state.withLock { state in
            if let sql = state.recentText(of: query, limit: limit) {
                state.statistics.hits += 1
                state.recentHits += 1
                return sql
            }
            let hash = SelectShape.hashValue(of: query, limit: limit)
            guard let index = state.index(of: query, limit: limit, hash: hash) else {
                state.statistics.misses += 1
                return nil
            }
            state.entries[index].isUsed = true
            state.markRecent(index)
            state.statistics.hits += 1
            return state.entries[index].sql
        }
    }

    /// Keeps `sql` as the text of the shape of `query` with `limit`, in place of the same
    /// shape's (stored meanwhile by another thread), else of the one the clock drops when
    /// the cache is full.
    func store(_ sql: String, for query: Query, limit: Int?) {
        let hash = SelectShape.hashValue(of: query, limit: limit)
        let entry = Entry(shape: SelectShape(query, limit: limit), hash: hash, sql: sql)
        state.withLock { state in
            let index: Int
            if let stored = state.index(of: query, limit: limit, hash: hash) {
                index = stored
                state.unlink(index)
            } else if state.entries.count < capacity {
                index = state.entries.count
                state.entries.append(entry)
            } else {
                index = state.sweep()
                state.unlink(index)
                state.statistics.evictions += 1
            }
            state.entries[index] = entry
            state.link(index)
            state.markRecent(index)
        }
    }

    /// Lookups that found a text, lookups that did not, and shapes dropped for the capacity.
    var statistics: CacheStatistics {
        state.withLock { $0.statistics }
    }

    /// The lookups among ``statistics``' hits that the recent shapes answered.
    var recentHits: Int {
        state.withLock { $0.recentHits }
    }

    /// The number of shapes kept.
    var count: Int {
        state.withLock { $0.entries.count }
    }
}
