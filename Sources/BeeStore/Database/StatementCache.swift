/// Prepared statements of one connection keyed by SQL text, with least-recently-used
/// eviction beyond a capacity so that generated SQL cannot grow it without bound.
final class StatementCache {
    private var entries: [String: (statement: Statement, lastUse: UInt64)] = [:]
    private var clock: UInt64 = 0
    private let capacity: Int
    /// The entry used last. Asking for it again (a loop running one query) compares the
    /// SQL text once instead of hashing it, and needs no new use time: it is already the latest.
    private var mostRecent: (sql: String, statement: Statement)?

    init(capacity: Int) {
        self.capacity = max(capacity, 1)
    }

    subscript(sql: String) -> Statement? {
        get {
            if let mostRecent, mostRecent.sql == sql { return mostRecent.statement }
            guard let index = entries.index(forKey: sql) else { return nil }
            clock &+= 1
            entries.values[index].lastUse = clock
            let statement = entries.values[index].statement
            mostRecent = (sql, statement)
            return statement
        }
        set {
            guard let newValue else {
                entries[sql] = nil
                if mostRecent?.sql == sql { mostRecent = nil }
                return
            }
            if entries[sql] == nil, entries.count >= capacity, let oldest = entries.min(by: { $0.value.lastUse < $1.value.lastUse }) {
                entries[oldest.key] = nil
            }
            clock &+= 1
            entries[sql] = (newValue, clock)
            mostRecent = (sql, newValue)
        }
    }

    func removeAll() {
        entries.removeAll()
        mostRecent = nil
    }
}
