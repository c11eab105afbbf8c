/// The SQL text of `SELECT`s by their shape (``SelectShape``): queries that differ only in
/// the values they bind render their text once, and, handing the connections the same
/// text again, find their prepared statement in the connection's statement cache.
///
/// One cache serves the whole process (``shared``): the text depends on the shape alone,
/// never on the database, so the queries of every database share it (prepared statements
/// stay per connection). It keeps at most ``capacity`` shapes, dropping the least
/// recently used; it is safe to use from any thread, its lock held only to look a shape
/// up or store one, never while rendering. A stored shape keeps no values and no database.
final class SelectSQLCache: Sendable {
    /// The cache every query renders through.
    static let shared = SelectSQLCache(capacity: 512)

    /// The most shapes kept.
    let capacity: Int

    private struct State {
        var texts = RecencyList<SelectShape, String>()
        var statistics = CacheStatistics()
    }

    private let state = Protected(State())

    /// An empty cache keeping at most `capacity` shapes (at least one).
    init(capacity: Int) {
        self.capacity = max(capacity, 1)
    }

    /// The text rendered for `shape`, which becomes the most recently used; nil when it
    /// is not kept.
    func sql(for shape: SelectShape) -> String? {
        state.withLock { state in
            let sql = state.texts.use(shape)
            if sql == nil { state.statistics.misses += 1 } else { state.statistics.hits += 1 }
            return sql
        }
    }

    /// Keeps `sql` as the text of `shape`'s queries, dropping the least recently used
    /// shape beyond the capacity.
    func store(_ sql: String, for shape: SelectShape) {
        let stored = shape.stored
        state.withLock { state in
            state.texts.insert(sql, forKey: stored)
            if state.texts.count > capacity, state.texts.removeOldest() != nil {
                state.statistics.evictions += 1
            }
        }
    }

    /// Lookups that found a text, lookups that did not, and shapes dropped for the capacity.
    var statistics: CacheStatistics {
        state.withLock { $0.statistics }
    }

    /// The number of shapes kept.
    var count: Int {
        state.withLock { $0.texts.count }
    }
}
