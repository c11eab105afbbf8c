#if PostgreSQL
import BeeStore

/// The column names of the results of each statement run unnamed, kept so that a statement
/// that runs again reads its rows with the names it read them with before, instead of
/// indexing them anew (the largest cost of a one-row result). A prepared statement keeps
/// its own (``PreparedStatements/PreparedStatement``), found with it.
struct ResultColumns {
    /// The most statements whose names are kept; past it, all are let go.
    private static let capacity = 200

    private var bySQL: [String: ColumnNames] = [:]

    /// The column names of a result of `sql` whose columns are `names`.
    mutating func columns(of sql: String, named names: [String]) -> ColumnNames {
        if let kept = bySQL[sql], kept.names == names { return kept }
        if bySQL.count >= Self.capacity { bySQL.removeAll() }
        let columns = ColumnNames(names)
        bySQL[sql] = columns
        return columns
    }
}
#endif
