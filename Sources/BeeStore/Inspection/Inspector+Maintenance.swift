// SQLite island: VACUUM and ANALYZE are SQLite's own statements for the upkeep of
// a database file, with no counterpart in the query builder's grammar.

/// The size of a database file before and after ``Inspector/vacuum()``.
public struct VacuumSummary: Sendable, Hashable {
    /// The bytes the database took before.
    public let byteCountBefore: Int
    /// The bytes it takes now.
    public let byteCountAfter: Int
}

extension Inspector {
    /// Rebuilds the database file without its free pages (SQLite's `VACUUM`), which SQLite
    /// does atomically: a failure leaves the file as it was. Needs a database opened for
    /// writing, with no transaction open on it.
    @discardableResult
    public func vacuum() throws -> VacuumSummary {
        try database.writeWithoutTransaction { connection in
            let before = try connection.catalog.pageFigures()
            try connection.execute("VACUUM")
            let after = try connection.catalog.pageFigures()
            return VacuumSummary(
                byteCountBefore: before.pageSize * before.pageCount, byteCountAfter: after.pageSize * after.pageCount)
        }
    }

    /// Gathers the statistics SQLite's query planner uses to choose indexes, for every
    /// table and index (SQLite's `ANALYZE`), in one transaction.
    public func optimize() throws {
        try database.write { connection in
            try connection.execute("ANALYZE")
        }
    }
}
