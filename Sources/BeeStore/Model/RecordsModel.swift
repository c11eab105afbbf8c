import Dispatch
import Foundation

/// A model holding the records of a query, kept up to date: after each committed
/// transaction that changes the records' tables (or, within the observation's interval,
/// another connection's change), it fetches them again and, when they differ, tells its
/// observers (``ModelChangeKind/refreshed``).
///
/// The query can be replaced while the model runs (a search field's text, a sort order
/// the user picked): ``load(_:)`` follows the new query from then on, and the model is
/// refreshed once with its records, as sqlite-data's dynamic `@FetchAll` does.
///
/// ```swift
/// let nodes = try RecordsModel(Node.query(in: db).orderAsc("section_id").orderAsc("sort"))
/// nodes.addObserver(self) { screen, change in screen.show(change.state) }
/// try nodes.load(Node.query(in: db).like("name", "swift").orderAsc("sort"))
/// ```
public final class RecordsModel<Record: ActiveRecord & Sendable>: Model<[Record]>, @unchecked Sendable {
    /// What the model follows: its query, the number it was given (so that a value
    /// fetched for an earlier query is left out), the last number given to a query (one
    /// that failed to start included, so that none is given twice) and the running
    /// observation.
    private struct Following {
        var query: RecordQuery<Record>
        var generation: UInt64
        var lastGeneration: UInt64
        var observation: ObservationToken?
    }

    /// How the model fetches and observes a query's records on its database.
    package struct Source: Sendable {
        /// The query's records now.
        let fetch: @Sendable (RecordQuery<Record>) throws -> [Record]
        /// Starts observing the query, delivering its records on the queue after each change.
        let observe: @Sendable (
            RecordQuery<Record>, DispatchQueue, @escaping @Sendable ([Record]) -> Void
        ) throws -> ObservationToken

        /// A source that fetches with `fetch` and observes with `observe`.
        package init(
            fetch: @escaping @Sendable (RecordQuery<Record>) throws -> [Record],
            observe: @escaping @Sendable (
                RecordQuery<Record>, DispatchQueue, @escaping @Sendable ([Record]) -> Void
            ) throws -> ObservationToken
        ) {
            self.fetch = fetch
            self.observe = observe
        }

        /// The query's own SQLite database (or the shared one).
        static var sqlite: Source {
            Source(fetch: { try $0.records() }, observe: { query, queue, onChange in try query.observe(on: queue, onChange: onChange) })
        }

        /// `database`, whatever database the queries were made on: the model's first
        /// query and those ``load(_:)`` gives it.
        package static func sqlite(_ database: Database) -> Source {
            Source(
                fetch: { try $0.records(in: database) },
                observe: { query, queue, onChange in try query.bound(to: database).observe(on: queue, onChange: onChange) })
        }
    }

    private let following: Protected<Following>
    private let source: Source
    /// Where refreshes are delivered, one at a time, whichever query they come from.
    private let deliveryQueue: DispatchQueue

    /// The query whose records the model holds: the one it was made with, or the one
    /// last given to ``load(_:)``.
    public var query: RecordQuery<Record> {
        following.value.query
    }

    /// A model of `query`'s records, fetched at once, then refreshed after changes;
    /// observers are called on `queue`, a serial queue (by default one of the model's
    /// own, which delivers in any program; pass `.main` for a user interface). Its state
    /// can also be saved to and loaded from a cache.
    public convenience init(
        _ query: RecordQuery<Record>,
        notifyOn queue: DispatchQueue? = nil,
        cache: (any KeyValueCache<String, Data>)? = nil,
        cacheKey: String? = nil
    ) throws {
        try self.init(query, source: .sqlite, notifyOn: queue, cache: cache, cacheKey: cacheKey)
    }

    /// A model of `query`'s records, fetched and observed through `source` (another
    /// backend's database), as the public initializer describes.
    package init(
        _ query: RecordQuery<Record>,
        source: Source,
        notifyOn queue: DispatchQueue?,
        cache: (any KeyValueCache<String, Data>)?,
        cacheKey: String?
    ) throws {
        following = Protected(Following(query: query, generation: 0, lastGeneration: 0, observation: nil))
        self.source = source
        deliveryQueue = queue ?? DispatchQueue(label: "BeeStore.RecordsModel")
        super.init(try source.fetch(query), cache: cache, cacheKey: cacheKey, notifyOn: nil)
        try follow(query)
    }

    deinit {
        stopObserving()
    }

    /// Replaces the model's query: fetches its records (a query that cannot run, a
    /// misspelt column for example, throws here and the model keeps its query), stops
    /// following the former query and, unless the records equal those the model holds,
    /// tells its observers once, on its queue (``ModelChangeKind/refreshed``); from then
    /// on it refreshes after each change to the new query's tables. A value still on
    /// its way for the former query is not delivered.
    public func load(_ query: RecordQuery<Record>) throws {
        try follow(query, records: source.fetch(query))
    }

    /// Observes `query` in place of the query followed before, if any; `records`, the
    /// query's records just fetched, are delivered first.
    private func follow(_ query: RecordQuery<Record>, records: [Record]? = nil) throws {
        let replaced = try following.withLock { following -> ObservationToken? in
            following.lastGeneration += 1
            let generation = following.lastGeneration
            if let records {
                // Queued before the observation starts: its deliveries come after.
                deliveryQueue.async { [weak self] in self?.refresh(with: records, generation: generation) }
            }
            let token = try source.observe(query, deliveryQueue) { [weak self] fresh in
                self?.refresh(with: fresh, generation: generation)
            }
            defer { following = Following(query: query, generation: generation, lastGeneration: generation, observation: token) }
            return following.observation
        }
        replaced?.cancel()
    }

    /// Stops following the database; the records stay as they are.
    public func stopObserving() {
        let token = following.withLock { following -> ObservationToken? in
            defer { following.observation = nil }
            return following.observation
        }
        token?.cancel()
    }

    /// Notifies unless `records` come from a query followed before, or equal the current
    /// ones: compared as JSON with sorted keys, since the order of an encoding's keys may
    /// differ from one encoding to the next. Runs on the delivery queue only.
    private func refresh(with records: [Record], generation: UInt64) {
        guard following.value.generation == generation else { return }
        let encoder = RecordJSON.makeEncoder()
        if let current = try? encoder.encode(state), let fresh = try? encoder.encode(records), current == fresh {
            return
        }
        change(to: records, kind: .refreshed)
    }
}
