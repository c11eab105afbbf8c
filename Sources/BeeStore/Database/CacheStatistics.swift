/// What a cache has done since it was created: lookups that found a value, lookups
/// that did not, and entries it removed by itself.
public struct CacheStatistics: Sendable, Equatable {
    /// Reads that returned a value.
    public var hits = 0
    /// Reads that returned nothing: no entry, or one that had expired or was corrupt.
    public var misses = 0
    /// Entries the cache removed by itself: to stay within a limit, because they
    /// expired, or (file cache) because their bytes were corrupt.
    public var evictions = 0

    /// Statistics with the given counts (all zero by default).
    public init(hits: Int = 0, misses: Int = 0, evictions: Int = 0) {
        self.hits = hits
        self.misses = misses
        self.evictions = evictions
    }
}
