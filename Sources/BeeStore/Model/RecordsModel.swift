import Dispatch
import Foundation

/// A model holding the records of a query, kept up to date: after each committed
/// transaction that changes the records' tables (or, within the observation's interval,
/// another connection's change), it fetches them again and, when they differ, tells its
/// observers (``ModelChangeKind/refreshed``).
///
/// ```swift
/// let nodes = try RecordsModel(Node.query(in: db).orderAsc("section_id").orderAsc("sort"))
/// nodes.addObserver(self) { screen, change in screen.show(change.state) }
/// ```
public final class RecordsModel<Record: ActiveRecord & Sendable>: Model<[Record]>, @unchecked Sendable {
    /// The query whose records the model holds.
    public let query: RecordQuery<Record>
    private let observation = Protected<ObservationToken?>(nil)

    /// A model of `query`'s records, fetched at once, then refreshed after changes;
    /// observers are called on `queue` (by default a serial queue of the model's own, which
    /// delivers in any program; pass `.main` for a user interface). Its state can also
    /// be saved to and loaded from a cache.
    public init(
        _ query: RecordQuery<Record>,
        notifyOn queue: DispatchQueue? = nil,
        cache: (any KeyValueCache<String, Data>)? = nil,
        cacheKey: String? = nil
    ) throws {
        self.query = query
        super.init(try query.records(), cache: cache, cacheKey: cacheKey, notifyOn: nil)
        let token = try query.observe(on: queue) { [weak self] records in
            self?.refresh(with: records)
        }
        observation.withLock { $0 = token }
    }

    deinit {
        stopObserving()
    }

    /// Stops following the database; the records stay as they are.
    public func stopObserving() {
        observation.withLock { token in
            token?.cancel()
            token = nil
        }
    }

    /// Notifies unless `records` equal the current ones: compared as JSON with sorted keys,
    /// since the order of an encoding's keys may differ from one encoding to the next.
    private func refresh(with records: [Record]) {
        let encoder = RecordJSON.makeEncoder()
        if let current = try? encoder.encode(state), let fresh = try? encoder.encode(records), current == fresh {
            return
        }
        change(to: records, kind: .refreshed)
    }
}
