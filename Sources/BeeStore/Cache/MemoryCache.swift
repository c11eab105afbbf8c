import Foundation

/// A thread-safe in-memory cache with least-recently-used eviction, {Bee}'s `BeeMemoryCache`.
///
/// Every write enforces the count limit and the total-cost limit at once, evicting the
/// least recently used entries; every read enforces the age limit, so an expired value
/// is never returned. Reads, writes and removals are O(1).
///
/// ```swift
/// let thumbnails = MemoryCache<URL, Data>(countLimit: 500, costLimit: 50 << 20, ageLimit: 600)
/// thumbnails.setValue(data, forKey: url, cost: data.count)
/// let cached = thumbnails[url]
/// ```
///
/// Its code is inlinable, so that it is specialized for the caller's key and value
/// types: generic code called across modules would look up the metadata of its entry,
/// list and dictionary types at every call.
public final class MemoryCache<Key: Hashable, Value>: KeyValueCache {
    @usableFromInline
    struct Entry {
        @usableFromInline var value: Value
        @usableFromInline var cost: Int
        @usableFromInline var storedAt: Date

        @inlinable
        init(value: Value, cost: Int, storedAt: Date) {
            self.value = value
            self.cost = cost
            self.storedAt = storedAt
        }
    }

    @usableFromInline
    struct State {
        @usableFromInline var entries = RecencyList<Key, Entry>()
        @usableFromInline var totalCost = 0
        @usableFromInline var statistics = CacheStatistics()

        @inlinable init() {}
    }

    /// The most entries the cache keeps.
    public let countLimit: Int
    /// The most total cost the cache keeps (the sum of the costs given to `setValue`).
    public let costLimit: Int
    /// How long, in seconds after it was stored, a value stays readable; nil for no limit.
    public let ageLimit: TimeInterval?

    @usableFromInline let now: @Sendable () -> Date
    @usableFromInline let state = Protected(State())

    /// Creates an empty cache. Negative limits count as zero. `now` is the clock the
    /// age limit is measured with (inject one in tests).
    public init(
        countLimit: Int = .max, costLimit: Int = .max, ageLimit: TimeInterval? = nil,
        now: @escaping @Sendable () -> Date = Date.init
    ) {
        self.countLimit = max(countLimit, 0)
        self.costLimit = max(costLimit, 0)
        self.ageLimit = ageLimit
        self.now = now
    }

    /// The value for `key`, which becomes the most recently used; nil when there is none
    /// or it is older than the age limit (it is then removed).
    @inlinable
    public func value(forKey key: Key) -> Value? {
        let date = now()
        return state.withLock { state in
            guard let entry = liveEntry(forKey: key, at: date, in: &state) else {
                state.statistics.misses += 1
                return nil
            }
            _ = state.entries.use(key)
            state.statistics.hits += 1
            return entry.value
        }
    }

    /// Stores `value` for `key` with a cost of zero.
    @inlinable
    public func setValue(_ value: Value, forKey key: Key) {
        setValue(value, forKey: key, cost: 0)
    }

    /// Stores `value` for `key` as the most recently used entry, then evicts the least
    /// recently used entries until the count and total cost are within their limits.
    /// A value whose cost alone exceeds the cost limit is not stored (and replaces no
    /// value: any previous value for `key` is removed). Negative costs count as zero.
    @inlinable
    public func setValue(_ value: Value, forKey key: Key, cost: Int) {
        let entry = Entry(value: value, cost: max(cost, 0), storedAt: now())
        state.withLock { state in
            if let replaced = state.entries.remove(key) {
                state.totalCost -= replaced.cost
            }
            guard entry.cost <= costLimit, countLimit > 0 else {
                state.statistics.evictions += 1
                return
            }
            // Make room before adding, so that the total never exceeds the limit (nor Int.max).
            while state.totalCost > costLimit - entry.cost, let evicted = state.entries.removeOldest() {
                state.totalCost -= evicted.element.cost
                state.statistics.evictions += 1
            }
            state.entries.insert(entry, forKey: key)
            state.totalCost += entry.cost
            while state.entries.count > countLimit,
                let evicted = state.entries.removeOldest() {
                state.totalCost -= evicted.element.cost
                state.statistics.evictions += 1
            }
        }
    }

    /// Removes the value for `key`, if any.
    @inlinable
    public func removeValue(forKey key: Key) {
        state.withLock { state in
            if let removed = state.entries.remove(key) {
                state.totalCost -= removed.cost
            }
        }
    }

    /// Removes every value. The statistics are kept.
    @inlinable
    public func removeAll() {
        state.withLock { state in
            state.entries.removeAll()
            state.totalCost = 0
        }
    }

    /// Whether an unexpired value is stored for `key`. Does not count as a use.
    @inlinable
    public func contains(_ key: Key) -> Bool {
        let date = now()
        return state.withLock { state in
            liveEntry(forKey: key, at: date, in: &state) != nil
        }
    }

    /// The value for `key` (as ``value(forKey:)``); setting stores it with a cost of zero,
    /// setting nil removes it.
    @inlinable
    public subscript(key: Key) -> Value? {
        get { value(forKey: key) }
        set {
            if let newValue {
                setValue(newValue, forKey: key)
            } else {
                removeValue(forKey: key)
            }
        }
    }

    /// The number of entries (expired ones included until a read removes them).
    @inlinable
    public var count: Int {
        state.withLock { $0.entries.count }
    }

    /// The sum of the entries' costs.
    @inlinable
    public var totalCost: Int {
        state.withLock { $0.totalCost }
    }

    /// Hits, misses and evictions since the cache was created.
    @inlinable
    public var statistics: CacheStatistics {
        state.withLock { $0.statistics }
    }

    /// The entry for `key` unless it is older than the age limit, in which case it is evicted.
    @inlinable
    func liveEntry(forKey key: Key, at date: Date, in state: inout State) -> Entry? {
        guard let entry = state.entries.element(forKey: key) else { return nil }
        if let ageLimit, date.timeIntervalSince(entry.storedAt) >= ageLimit {
            state.entries.remove(key)
            state.totalCost -= entry.cost
            state.statistics.evictions += 1
            return nil
        }
        return entry
    }
}

// Safe: the mutable state lives in a `Protected` (read and written under its lock); the
// other stored properties are constants or a `@Sendable` clock.
extension MemoryCache: @unchecked Sendable where Key: Sendable, Value: Sendable {}
