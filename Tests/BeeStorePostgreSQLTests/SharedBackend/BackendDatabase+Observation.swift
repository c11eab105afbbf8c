#if PostgreSQL
import BeeStore
import BeeStorePostgreSQL

extension BackendDatabase {
    /// Observes the query's rows: `onChange` has them at once, then after each committed
    /// transaction that changed what the query reads, until the token is cancelled.
    func observe(_ query: Query, onChange: @escaping @Sendable ([Row]) -> Void) throws -> ObservationToken {
        switch store {
        case .sqlite: try query.observe(onChange: onChange)
        case .postgresql(let database): try query.observe(in: database, onChange: onChange)
        }
    }
}
#endif
