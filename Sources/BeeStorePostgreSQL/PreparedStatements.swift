#if PostgreSQL
import BeeStore

/// The statements one connection keeps prepared on the server, so that a query or a
/// change of rows that runs again is neither parsed nor planned again: the second time
/// a connection runs a statement (``StatementKind/rows``), it is prepared under a name of
/// its own, and executed by that name from then on. The server holds at most
/// ``capacity`` of them per connection, the least recently used let go first; a statement
/// that may change what they mean (``StatementKind/other``: a change of the schema, a
/// `DEALLOCATE`) lets them all go.
struct PreparedStatements {
    /// The most statements a connection keeps prepared.
    static let capacity = 100

    /// The most statements remembered as run once, waiting for a second run.
    private static let seenCapacity = 1_000

    /// How to run a statement.
    enum Plan {
        /// As an unnamed statement of kind `kind`, parsed and planned for this run only.
        case unnamed(StatementKind)
        /// By the name of `statement`, after preparing it when `prepares` is true, and
        /// after letting the `released` statements go.
        case prepared(PreparedStatement, prepares: Bool, released: [String])
    }

    /// A statement the connection keeps prepared, found once per run: its name, when it
    /// last ran, and the column names of its results.
    final class PreparedStatement {
        let name: String
        fileprivate var lastUse: UInt64
        /// Kept so that each run reads its rows with the names it read them with before,
        /// instead of indexing them anew (the largest cost of a one-row result).
        private var columns: ColumnNames?

        fileprivate init(name: String, lastUse: UInt64) {
            self.name = name
            self.lastUse = lastUse
        }

        /// The column names of a result whose columns are `names`.
        func columns(named names: [String]) -> ColumnNames {
            if let columns, columns.names == names { return columns }
            let named = ColumnNames(names)
            columns = named
            return named
        }
    }

    private var entries: [String: PreparedStatement] = [:]
    private var seenOnce: Set<String> = []
    private var clock: UInt64 = 0
    private var numbered = 0

    /// Whether the connection holds any prepared statement.
    var isEmpty: Bool { entries.isEmpty }

    /// How to run `sql` with `values`. Only a statement of kind ``StatementKind/rows`` is
    /// ever prepared (its kind is read from its text unless it is prepared already), and
    /// only when each value can be written as a literal of `EXECUTE`'s arguments (text
    /// with a NUL cannot: the server refuses it in either form, and says why only for a
    /// bound value).
    mutating func plan(for sql: String, values: [Value]) -> Plan {
        guard !values.contains(where: Self.hasNUL) else { return .unnamed(StatementKind(of: sql)) }
        clock += 1
        if let entry = entries[sql] {
            entry.lastUse = clock
            return .prepared(entry, prepares: false, released: [])
        }
        let kind = StatementKind(of: sql)
        guard kind == .rows, seenOnce.remove(sql) != nil else {
            if kind == .rows {
                if seenOnce.count >= Self.seenCapacity { seenOnce.removeAll() }
                seenOnce.insert(sql)
            }
            return .unnamed(kind)
        }
        var released: [String] = []
        if entries.count >= Self.capacity, let oldest = entries.min(by: { $0.value.lastUse < $1.value.lastUse }) {
            entries[oldest.key] = nil
            released.append(oldest.value.name)
        }
        numbered += 1
        let entry = PreparedStatement(name: "beestore_\(numbered)", lastUse: clock)
        entries[sql] = entry
        return .prepared(entry, prepares: true, released: released)
    }

    /// Forgets `sql`'s prepared statement: it failed to prepare, or the server no longer
    /// holds it as it was.
    mutating func forget(_ sql: String) {
        entries[sql] = nil
    }

    /// Forgets every prepared statement, as the server does on `DEALLOCATE ALL`.
    mutating func forgetAll() {
        entries.removeAll()
        seenOnce.removeAll()
    }

    private static func hasNUL(_ value: Value) -> Bool {
        guard case .text(let text) = value else { return false }
        return text.utf8.contains(0)
    }
}
#endif
