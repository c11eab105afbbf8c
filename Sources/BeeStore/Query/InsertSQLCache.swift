/// The SQL text of plain `INSERT`s (values only, columns named as written: no expression,
/// no upsert, no `RETURNING`, no record query's property names) by what the text depends
/// on: the dialect, the table, the columns set in order, and `OR REPLACE`. A loop inserting
/// rows of one shape renders its text once; the rows after the first only collect their
/// values.
///
/// One cache serves the whole process (``shared``), safe to use from any thread: its lock
/// is held to look a shape up or store one, never while rendering. The shapes are kept
/// newest first, a hit moving its shape to the front, and the oldest let go past
/// ``capacity``. Names are compared byte by byte, as the database reads them: two
/// canonically equivalent names that `==` calls equal are two shapes. A stored shape keeps
/// no values and no database.
final class InsertSQLCache: Sendable {
    /// The cache every plain insert renders through.
    static let shared = InsertSQLCache(capacity: 32)

    /// The most shapes kept.
    let capacity: Int

    private struct Entry {
        let dialect: SQLDialect
        let table: String
        let columns: [String]
        let orReplace: Bool
        let sql: String

        /// Whether `query`, inserted with `orReplace` in `dialect`, renders this text.
        func matches(_ query: Query, orReplace: Bool, dialect: SQLDialect) -> Bool {
            guard self.orReplace == orReplace, self.dialect == dialect, SelectShape.sameBytes(table, query.table)
            else { return false }
            // The query's columns are read in place, without an array of their own.
            guard let assignments = query.clausesBox?.clauses.assignments, assignments.count == columns.count else {
                return false
            }
            for index in columns.indices where !SelectShape.sameBytes(columns[index], assignments[index].column) {
                return false
            }
            return true
        }
    }

    private struct State {
        /// Newest first.
        var entries: [Entry] = []
        var statistics = CacheStatistics()
    }

    private let state = Protected(State())

    /// A cache of at most `capacity` shapes.
    init(capacity: Int) {
        precondition(capacity > 0, "an insert cache keeps at least one shape")
        self.capacity = capacity
    }

    /// The text stored for `query`'s insert with `orReplace` in `dialect`, if any.
    func sql(for query: Query, orReplace: Bool, dialect: SQLDialect) -> String? {
        state.withLock { state in
            guard let index = state.entries.firstIndex(where: { $0.matches(query, orReplace: orReplace, dialect: dialect) })
            else {
                state.statistics.misses += 1
                return nil
            }
            state.statistics.hits += 1
            if index > 0 { state.entries.insert(state.entries.remove(at: index), at: 0) }
            return state.entries[0].sql
        }
    }

    /// Keeps `sql` as the text of `query`'s insert with `orReplace` in `dialect`.
    func store(_ sql: String, for query: Query, orReplace: Bool, dialect: SQLDialect) {
        let entry = Entry(
            dialect: dialect, table: query.table, columns: query.assignments.map(\.column), orReplace: orReplace, sql: sql)
        state.withLock { state in
            guard !state.entries.contains(where: { $0.matches(query, orReplace: orReplace, dialect: dialect) }) else { return }
            state.entries.insert(entry, at: 0)
            if state.entries.count > capacity {
                state.entries.removeLast()
                state.statistics.evictions += 1
            }
        }
    }

    /// The hits, misses and evictions so far.
    var statistics: CacheStatistics {
        state.withLock { $0.statistics }
    }
}
