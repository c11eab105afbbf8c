/// What a ``RecordQuery`` holds: its plain query, or, for a query that is only
/// `Record.where(column, value)` (a lookup by key, made and dropped at each call), only
/// the column and the value. A lookup made that way makes no query: no table name, no
/// list of conditions to allocate and free, nothing to search for the lookup in `first`.
enum RecordQueryForm: Sendable {
    /// `WHERE column = value`, for a value that is not null, and nothing else.
    case lookup(column: String, value: Value)
    /// Any other query on the records' table.
    case query(Query)
}
