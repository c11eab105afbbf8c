#if PostgreSQL
import BeeStore
import BeeStorePostgreSQL

extension ChinookRecords {
    /// On the PostgreSQL database at `url`, into which the sample is loaded first when the
    /// database is empty. The schema check compares the tables' columns and types before
    /// and after (SQLite's integrity and foreign key checks have no counterpart to run).
    static func runOnPostgreSQL(_ url: String) throws {
        let db = try PostgreSQLDatabase(url: url)
        defer { db.close() }
        try ChinookLoader(target: db).loadUnlessLoaded()
        let schemaBefore = try db.columnsDescription()
        try printFacts(db)
        print("Schema unchanged: \(try db.columnsDescription() == schemaBefore ? "yes" : "no").")
    }
}
#else
extension ChinookRecords {
    /// Without the `PostgreSQL` trait there is no PostgreSQL backend to run on.
    static func runOnPostgreSQL(_ url: String) throws {
        throw ChinookError.postgreSQLTraitOff
    }
}
#endif
