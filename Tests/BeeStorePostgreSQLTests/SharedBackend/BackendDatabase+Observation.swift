#if PostgreSQL
import BeeStore
import BeeStorePostgreSQL

extension BackendDatabase {
    /// Observes the query's rows: `onChange` has them at once, then after each committed
    /// transaction that changed what the query reads, until the token is cancelled.
    func observe(_ query: Query, onChange: @escaping @Sendable ([Row]) -> Void) throws -> ObservationToken {
        try query.observe(in: database, onChange: onChange)
    }

    /// Observes the records of the query `build` makes of a query of `type`: `onChange` has
    /// them at once, then after each committed transaction that changed a table they are
    /// read from, until the token is cancelled.
    func observe<Record: ActiveRecord & Sendable>(
        _ type: Record.Type, _ build: (RecordQuery<Record>) -> RecordQuery<Record>,
        onChange: @escaping @Sendable ([Record]) -> Void
    ) throws -> ObservationToken {
        try build(Record.query()).observe(in: database, onChange: onChange)
    }
}
#endif
