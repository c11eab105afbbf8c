#if PostgreSQL
import BeeStore
import BeeStorePostgreSQL
import Foundation

/// The latest state an app server's observers delivered: one observation per table, each
/// a builder query observed with `observe(in:)`, so that commits of any server reach it.
/// ``wait(for:until:)`` returns once the observers have delivered a state, or fails at a
/// deadline.
// Unchecked: `state`, `deliveries` and `failure` are read and written with `condition` locked;
// `tokens` is written once, by `init`.
final class ShopWatch: @unchecked Sendable {
    /// The observers stopped waiting at their deadline before delivering the state waited for.
    struct Timeout: Error, CustomStringConvertible {
        let expected: ShopState
        let latest: ShopState
        let failure: String?

        var description: String {
            "the observers delivered \(latest), not \(expected), before the deadline"
                + (failure.map { " (last observation error: \($0))" } ?? "")
        }
    }

    /// An observed aggregate query delivered no row.
    struct EmptyResult: Error, CustomStringConvertible {
        var description: String { "an observed count delivered no row" }
    }

    private let condition = NSCondition()
    private var state = ShopState()
    private var failure: (any Error)?
    private var deliveries = 0
    private var tokens: [ObservationToken] = []

    /// Starts observing the shop's tables on `db`.
    init(on db: PostgreSQLDatabase) throws {
        let orders = db.from("order").select(.countAll)
        let lines = db.from("order_line").select(.countAll)
        let accounts = db.from("account")
            .select(.coalesce(.sum(.column("balance")), .value(0)), .coalesce(.sum(.column("lock_version")), .value(0)))
        tokens = [
            try observe(orders, on: db) { state, row in state.orders = try row.decode(at: 0) },
            try observe(lines, on: db) { state, row in state.lines = try row.decode(at: 0) },
            try observe(accounts, on: db) { state, row in
                state.balance = try row.decode(at: 0)
                state.versions = try row.decode(at: 1)
            },
        ]
    }

    /// Stops the observations.
    func cancel() {
        for token in tokens { token.cancel() }
    }

    /// Waits until the observers have delivered `expected`, and returns how many values
    /// they delivered; throws ``Timeout`` when `deadline` comes first.
    func wait(for expected: ShopState, until deadline: Date) throws -> Int {
        try condition.withLock {
            while state != expected {
                if !condition.wait(until: deadline), state != expected {
                    throw Timeout(expected: expected, latest: state, failure: failure.map { "\($0)" })
                }
            }
            return deliveries
        }
    }

    /// Observes `query`, reading its one row into the state with `read`.
    private func observe(
        _ query: Query, on db: PostgreSQLDatabase, read: @escaping @Sendable (inout ShopState, Row) throws -> Void
    ) throws -> ObservationToken {
        try query.observe(in: db, onError: { [weak self] error in self?.record(error) }) { [weak self] rows in
            self?.deliver(rows, read)
        }
    }

    private func deliver(_ rows: [Row], _ read: (inout ShopState, Row) throws -> Void) {
        condition.withLock {
            deliveries += 1
            do {
                guard let row = rows.first else { throw EmptyResult() }
                try read(&state, row)
            } catch {
                failure = error
            }
            condition.broadcast()
        }
    }

    private func record(_ error: any Error) {
        condition.withLock { failure = error }
    }
}
#endif
