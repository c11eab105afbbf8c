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
    enum Plan: Equatable {
        /// As an unnamed statement, parsed and planned for this run only.
        case unnamed
        /// By its prepared `name`, after preparing it when `prepares` is true, and after
        /// letting the `released` statements go.
        case prepared(name: String, prepares: Bool, released: [String])
    }

    private struct Entry {
        let name: String
        var lastUse: UInt64
    }

    private var entries: [String: Entry] = [:]
    private var seenOnce: Set<String> = []
    private var clock: UInt64 = 0
    private var numbered = 0

    /// Whether the connection holds any prepared statement.
    var isEmpty: Bool { entries.isEmpty }

    /// How to run `sql` with `values`. Only a statement of kind `kind` is ever prepared,
    /// and only when each value can be written as a literal of `EXECUTE`'s arguments
    /// (text with a NUL cannot: the server refuses it in either form, and says why only
    /// for a bound value).
    mutating func plan(for sql: String, kind: StatementKind, values: [Value]) -> Plan {
        guard kind == .rows, !values.contains(where: Self.hasNUL) else { return .unnamed }
        clock += 1
        if let entry = entries[sql] {
            entries[sql]?.lastUse = clock
            return .prepared(name: entry.name, prepares: false, released: [])
        }
        guard seenOnce.remove(sql) != nil else {
            if seenOnce.count >= Self.seenCapacity { seenOnce.removeAll() }
            seenOnce.insert(sql)
            return .unnamed
        }
        var released: [String] = []
        if entries.count >= Self.capacity, let oldest = entries.min(by: { $0.value.lastUse < $1.value.lastUse }) {
            entries[oldest.key] = nil
            released.append(oldest.value.name)
        }
        numbered += 1
        let name = "beestore_\(numbered)"
        entries[sql] = Entry(name: name, lastUse: clock)
        return .prepared(name: name, prepares: true, released: released)
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
