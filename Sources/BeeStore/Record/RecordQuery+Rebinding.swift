/// A record query run on a SQLite database it was not made on, by the code that takes
/// either kind of database.
extension RecordQuery {
    /// The same record query, run on `database` and rendered for SQLite.
    package consuming func bound(to database: Database) -> RecordQuery {
        var records = self
        records.query = records.query.bound(to: database)
        return records
    }
}
