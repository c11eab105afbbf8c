import Foundation
import Testing

@testable import BeeStore

/// What the two dialects decide beside the query builder's text: transactions and
/// savepoints, names, features by version.
@Suite("SQL dialects")
struct SQLDialectTests {
    @Test func transactionAndSavepointStatements() {
        let sqlite = SQLDialect.sqlite, postgreSQL = SQLDialect.postgreSQL
        #expect(sqlite.beginTransaction(.immediate) == "BEGIN IMMEDIATE TRANSACTION")
        #expect(sqlite.beginTransaction(.deferred) == "BEGIN DEFERRED TRANSACTION")
        #expect(sqlite.beginTransaction(.exclusive) == "BEGIN EXCLUSIVE TRANSACTION")
        #expect(postgreSQL.beginTransaction(.immediate) == "BEGIN")
        #expect([sqlite.commitTransaction, sqlite.rollbackTransaction] == ["COMMIT TRANSACTION", "ROLLBACK TRANSACTION"])
        #expect([postgreSQL.commitTransaction, postgreSQL.rollbackTransaction] == ["COMMIT", "ROLLBACK"])
        for dialect in [sqlite, postgreSQL] {
            #expect(dialect.savepoint("s1") == "SAVEPOINT s1")
            #expect(dialect.releaseSavepoint("s1") == "RELEASE SAVEPOINT s1")
            #expect(dialect.rollbackToSavepoint("s1") == "ROLLBACK TO SAVEPOINT s1")
        }
    }

    @Test func theTransactionsOfADatabaseRunItsDialectsStatements() throws {
        var configuration = Configuration()
        let traced = Protected<[String]>([])
        configuration.trace = { statement in traced.withLock { $0.append(statement.sql) } }
        let db = try Database.inMemory(configuration: configuration)
        try db.execute("CREATE TABLE t (n INTEGER)")
        traced.withLock { $0.removeAll() }
        struct Undo: Error {}
        try db.transaction { connection in
            try connection.execute("INSERT INTO t VALUES (1)")
            _ = try? connection.transaction { inner -> Void in
                try inner.execute("INSERT INTO t VALUES (2)")
                throw Undo()
            }
        }
        #expect(traced.value == [
            "BEGIN IMMEDIATE TRANSACTION", "INSERT INTO t VALUES (1)", "SAVEPOINT beestore_savepoint_1",
            "INSERT INTO t VALUES (2)", "ROLLBACK TO SAVEPOINT beestore_savepoint_1",
            "RELEASE SAVEPOINT beestore_savepoint_1", "COMMIT TRANSACTION",
        ])
        #expect(try db.fetchValue(Int.self, "SELECT count(*) FROM t") == 1)
        #expect(db.dialect == .sqlite)
    }

    @Test func namesAndFeatures() {
        #expect("\(SQLDialect.sqlite)" == "SQLite")
        #expect("\(SQLDialect.postgreSQL)" == "PostgreSQL")
        #expect(SQLDialect.postgreSQL.supportsReturning)
        #expect(SQLDialect.sqlite.supportsReturning == (sqlite3VersionNumber >= 3_035_000))
    }

    private var sqlite3VersionNumber: Int {
        let parts = BeeStoreVersion.sqlite.split(separator: ".").compactMap { Int($0) }
        return parts.count == 3 ? parts[0] * 1_000_000 + parts[1] * 1_000 + parts[2] : 0
    }
}
