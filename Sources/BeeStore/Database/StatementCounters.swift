import CSQLite

/// How many statements a database's connections compiled and ran.
public struct DatabaseStatistics: Sendable, Equatable {
    /// Statements compiled by SQLite (`sqlite3_prepare`). Reusing a cached statement does not count.
    public var preparedStatements = 0
    /// Statement executions: each run of a statement, cached or not, counts once.
    public var executedStatements = 0
}

/// The statement counts of one database's connections. Each connection counts in a slot
/// of its own, on a cache line of its own, that only the thread using the connection
/// writes: readers running in parallel never write to the same memory, as they did when
/// every connection incremented one shared pair of counters with locked instructions. A
/// snapshot adds the slots up.
// Safe to share: the list of slots is only read and written under its lock; each slot
// is written by the one thread using its connection and read with atomic loads.
final class StatementCounters: @unchecked Sendable {
    private static let slotBytes = 64
    private let slots = Protected<[StatementCountSlot]>([])

    deinit {
        for slot in slots.state {
            UnsafeMutableRawPointer(slot.storage).deallocate()
        }
    }

    /// A new slot, at zero, for one connection; it stays allocated as long as these counters.
    func makeSlot() -> StatementCountSlot {
        let raw = UnsafeMutableRawPointer.allocate(byteCount: Self.slotBytes, alignment: Self.slotBytes)
        let storage = raw.initializeMemory(as: CLongLong.self, repeating: 0, count: 2)
        let slot = StatementCountSlot(storage: storage)
        slots.withLock { $0.append(slot) }
        return slot
    }

    var snapshot: DatabaseStatistics {
        slots.withLock { slots in
            var statistics = DatabaseStatistics()
            for slot in slots {
                statistics.preparedStatements += Int(beestore_atomic_load(slot.storage))
                statistics.executedStatements += Int(beestore_atomic_load(slot.storage + 1))
            }
            return statistics
        }
    }
}

/// One connection's counts: prepared statements, then executions. Only the thread using
/// the connection increments them.
struct StatementCountSlot {
    let storage: UnsafeMutablePointer<CLongLong>

    func recordPreparation() {
        beestore_owned_increment(storage)
    }

    func recordExecution() {
        beestore_owned_increment(storage + 1)
    }
}
