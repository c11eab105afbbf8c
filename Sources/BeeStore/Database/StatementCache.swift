/// Prepared statements of one connection keyed by SQL text, with least-recently-used
/// eviction beyond a capacity so that generated SQL cannot grow it without bound.
final class StatementCache {
    private var entries: [String: (statement: Statement, lastUse: UInt64)] = [:]
    private var clock: UInt64 = 0
    private let capacity: Int

    init(capacity: Int) {
        self.capacity = max(capacity, 1)
    }

    subscript(sql: String) -> Statement? {
        get {
            guard let index = entries.index(forKey: sql) else { return nil }
            clock &+= 1
            entries.values[index].lastUse = clock
            return entries.values[index].statement
        }
        set {
            guard let newValue else {
                entries[sql] = nil
                return
            }
            if entries[sql] == nil, entries.count >= capacity, let oldest = entries.min(by: { $0.value.lastUse < $1.value.lastUse }) {
                entries[oldest.key] = nil
            }
            clock &+= 1
            entries[sql] = (newValue, clock)
        }
    }

    func removeAll() {
        entries.removeAll()
    }
}
