import Foundation
import Testing

@testable import BeeStore

@Suite("Transactions")
struct TransactionTests {
    struct Failure: Error {}

    private func makeDatabase() throws -> Database {
        let db = try Database.inMemory()
        try db.execute("CREATE TABLE t (x INTEGER UNIQUE)")
        return db
    }

    private func values(_ db: Database) throws -> [Int] {
        try db.fetchAll("SELECT x FROM t ORDER BY x").map { try $0.decode(Int.self, at: 0) }
    }

    @Test func transactionCommitsWhenTheBodyReturns() throws {
        let db = try makeDatabase()
        let result = try db.transaction { connection in
            try connection.execute("INSERT INTO t VALUES (1)")
            try connection.execute("INSERT INTO t VALUES (2)")
            #expect(connection.isInTransaction)
            return connection.lastInsertRowID
        }
        #expect(result == 2)
        #expect(try values(db) == [1, 2])
    }

    @Test func transactionRollsBackWhenTheBodyThrows() throws {
        let db = try makeDatabase()
        #expect(throws: Failure.self) {
            try db.transaction { connection in
                try connection.execute("INSERT INTO t VALUES (1)")
                throw Failure()
            }
        }
        #expect(try values(db) == [])
        try db.writeWithoutTransaction { #expect(!$0.isInTransaction) }
    }

    @Test func failingStatementRollsBackTheWholeTransaction() throws {
        let db = try makeDatabase()
        let error = try #require(throws: DatabaseError.self) {
            try db.write { connection in
                try connection.execute("INSERT INTO t VALUES (1)")
                try connection.execute("INSERT INTO t VALUES (1)")
            }
        }
        #expect(error.extendedResultCode == .uniqueConstraint)
        #expect(try values(db) == [])
    }

    @Test func nestedTransactionIsASavepointWhoseRollbackKeepsTheOuterTransaction() throws {
        let db = try makeDatabase()
        try db.transaction { connection in
            try connection.execute("INSERT INTO t VALUES (1)")
            #expect(throws: Failure.self) {
                try connection.transaction { inner in
                    try inner.execute("INSERT INTO t VALUES (2)")
                    throw Failure()
                }
            }
            try connection.transaction { inner in
                try inner.execute("INSERT INTO t VALUES (3)")
            }
            #expect(connection.isInTransaction)
        }
        #expect(try values(db) == [1, 3])
    }

    @Test func nestedCallsOnTheDatabaseReuseTheOuterTransaction() throws {
        let db = try makeDatabase()
        #expect(throws: Failure.self) {
            try db.transaction { _ in
                try db.execute("INSERT INTO t VALUES (1)")
                try db.transaction { _ in try db.execute("INSERT INTO t VALUES (2)") }
                #expect(try db.read { try $0.fetchValue(Int.self, "SELECT count(*) FROM t") } == 2,
                    "a read inside the write sees its uncommitted changes")
                throw Failure()
            }
        }
        #expect(try values(db) == [])
    }

    @Test func deeplyNestedSavepointsUnwindIndependently() throws {
        let db = try makeDatabase()
        try db.write { connection in
            try connection.execute("INSERT INTO t VALUES (1)")
            try connection.transaction { level2 in
                try level2.execute("INSERT INTO t VALUES (2)")
                #expect(throws: Failure.self) {
                    try level2.transaction { level3 in
                        try level3.execute("INSERT INTO t VALUES (3)")
                        throw Failure()
                    }
                }
                try level2.execute("INSERT INTO t VALUES (4)")
            }
        }
        #expect(try values(db) == [1, 2, 4])
    }

    @Test func deferredForeignKeyViolationFailsCommitAndRollsBack() throws {
        let db = try Database.inMemory()
        try db.execute(script: """
            CREATE TABLE parent (id INTEGER PRIMARY KEY);
            CREATE TABLE child (parent_id INTEGER REFERENCES parent(id) DEFERRABLE INITIALLY DEFERRED);
            """)
        let error = try #require(throws: DatabaseError.self) {
            try db.write { try $0.execute("INSERT INTO child VALUES (99)") }
        }
        #expect(error.resultCode == .constraint)
        #expect(try db.fetchValue(Int.self, "SELECT count(*) FROM child") == 0)
        try db.writeWithoutTransaction { #expect(!$0.isInTransaction) }
    }

    @Test func changesAndLastInsertRowIDAreReported() throws {
        let db = try Database.inMemory()
        try db.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, x)")
        try db.execute("INSERT INTO t (x) VALUES (1), (2), (3)")
        #expect(try db.lastInsertRowID == 3)
        #expect(try db.changes == 3)
        try db.write { connection in
            try connection.execute("UPDATE t SET x = x + 1 WHERE id > 1")
            #expect(connection.changes == 2)
        }
    }
}
