#if PostgreSQL
import BeeStore
import Dispatch
import Foundation

extension RecordsModel {
    /// A model of `query`'s records on a PostgreSQL database, fetched at once (as
    /// `records(in:)` reads them), then refreshed after each commit, by any connection or
    /// server, that changed a table they are read from (see
    /// ``RecordQuery/observe(in:on:onError:onChange:)``). Observers are called on `queue`,
    /// a serial queue (by default one of the model's own); ``RecordsModel/load(_:)``
    /// follows another query on the same database. Its state can be saved to and loaded
    /// from a cache, as on SQLite.
    ///
    /// ```swift
    /// let teams = try RecordsModel(Team.query().orderAsc("name"), in: db)
    /// teams.addObserver(self) { screen, change in screen.show(change.state) }
    /// try teams.load(Team.query().where("name", "Bees"))
    /// ```
    public convenience init(
        _ query: RecordQuery<Record>,
        in database: PostgreSQLDatabase,
        notifyOn queue: DispatchQueue? = nil,
        cache: (any KeyValueCache<String, Data>)? = nil,
        cacheKey: String? = nil
    ) throws {
        let source = Source(
            fetch: { try $0.records(in: database) },
            observe: { query, queue, onChange in try query.observe(in: database, on: queue, onChange: onChange) })
        try self.init(query, source: source, notifyOn: queue, cache: cache, cacheKey: cacheKey)
    }
}
#endif
