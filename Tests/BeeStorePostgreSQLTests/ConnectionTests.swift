#if PostgreSQL
import BeeStore
import BeeStorePostgreSQL
import Dispatch
import Foundation
import Testing

@Suite struct ConnectionTests {
    @Test func runsStatementsWithBoundValues() throws {
        let db = try TestServer.freshDatabase()
        defer { db.close() }
        try db.execute("CREATE TABLE player (id BIGINT PRIMARY KEY, name TEXT NOT NULL)")
        try db.write { connection in
            try connection.execute("INSERT INTO player (id, name) VALUES ($1, $2), ($3, $4)", [1, "Arthur", 2, "O'Brien"])
            #expect(connection.changes == 2)
        }
        let rows = try db.fetchAll("SELECT id, name FROM player WHERE id >= $1 ORDER BY id", [1])
        #expect(rows.map { try! $0.decode(String.self, column: "name") } == ["Arthur", "O'Brien"])
        #expect(try db.fetchValue(Int.self, "SELECT count(*) FROM player") == 2)
        #expect(try db.fetchOne("SELECT name FROM player WHERE id = $1", [3]) == nil)
    }

    @Test func rollsBackATransactionThatThrows() throws {
        let db = try TestServer.freshDatabase()
        defer { db.close() }
        try db.execute("CREATE TABLE note (body TEXT)")
        struct Abandon: Error {}
        #expect(throws: Abandon.self) {
            try db.transaction { connection in
                try connection.execute("INSERT INTO note VALUES ($1)", ["lost"])
                throw Abandon()
            }
        }
        #expect(try db.fetchValue(Int.self, "SELECT count(*) FROM note") == 0)
    }

    @Test func nestedTransactionsAreSavepoints() throws {
        let db = try TestServer.freshDatabase()
        defer { db.close() }
        try db.execute("CREATE TABLE note (body TEXT)")
        struct Abandon: Error {}
        try db.write { connection in
            try connection.execute("INSERT INTO note VALUES ($1)", ["kept"])
            #expect(throws: Abandon.self) {
                try db.write { inner in
                    #expect(inner === connection)
                    try inner.execute("INSERT INTO note VALUES ($1)", ["undone"])
                    throw Abandon()
                }
            }
            // A read inside the write sees its uncommitted rows.
            #expect(try db.read { try $0.fetchValue(Int.self, "SELECT count(*) FROM note") } == 1)
        }
        #expect(try db.fetchAll("SELECT body FROM note").map { try $0.decode(String.self, at: 0) } == ["kept"])
    }

    @Test func aReadRefusesToWrite() throws {
        let db = try TestServer.freshDatabase()
        defer { db.close() }
        try db.execute("CREATE TABLE note (body TEXT)")
        #expect {
            try db.read { try $0.execute("INSERT INTO note VALUES ($1)", ["no"]) }
        } throws: { error in
            (error as? PostgreSQLError)?.resultCode == .readOnly
        }
        #expect(try db.fetchValue(Int.self, "SELECT count(*) FROM note") == 0)
    }

    @Test func aReadSeesOneSnapshot() throws {
        let db = try TestServer.freshDatabase()
        defer { db.close() }
        try db.execute("CREATE TABLE counter (value BIGINT)")
        try db.execute("INSERT INTO counter VALUES (1)")
        let counts = try db.read { connection -> [Int?] in
            let before = try connection.fetchValue(Int.self, "SELECT count(*) FROM counter")
            // Another connection commits meanwhile, from another thread.
            let done = DispatchSemaphore(value: 0)
            Thread { try? db.execute("INSERT INTO counter VALUES (2)"); done.signal() }.start()
            done.wait()
            return [before, try connection.fetchValue(Int.self, "SELECT count(*) FROM counter")]
        }
        #expect(counts == [1, 1])
        #expect(try db.fetchValue(Int.self, "SELECT count(*) FROM counter") == 2)
    }

    @Test func aStatementPastTheTimeLimitIsStopped() throws {
        let db = try TestServer.freshDatabase { $0.statementTimeLimitInterval = 0.2 }
        defer { db.close() }
        #expect(throws: StatementTimeLimitExceeded.self) {
            try db.execute("SELECT pg_sleep(5)")
        }
        // The connection stays usable.
        #expect(try db.fetchValue(Int.self, "SELECT 1 + 1") == 2)
    }

    @Test func aWrongPortFailsWithAConnectionError() throws {
        var configuration = try TestServer.configuration()
        configuration.port = 1
        configuration.connectionWaitInterval = 2
        #expect {
            try PostgreSQLDatabase(configuration: configuration)
        } throws: { error in
            (error as? PostgreSQLError)?.kind == .connection
        }
    }

    @Test func anOperationWaitsForAFreeConnectionUpToItsLimit() throws {
        let db = try TestServer.freshDatabase {
            $0.maximumConnectionCount = 1
            $0.connectionWaitInterval = 0.3
        }
        defer { db.close() }
        let holding = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let finished = DispatchSemaphore(value: 0)
        Thread {
            try? db.write { _ in
                holding.signal()
                release.wait()
            }
            finished.signal()
        }.start()
        holding.wait()
        #expect {
            try db.fetchValue(Int.self, "SELECT 1")
        } throws: { error in
            (error as? PostgreSQLError)?.kind == .connectionWait
        }
        release.signal()
        finished.wait()
        #expect(try db.fetchValue(Int.self, "SELECT 1") == 1)
    }

    @Test func aDroppedConnectionIsATypedErrorAndIsReplaced() throws {
        let db = try TestServer.freshDatabase { $0.maximumConnectionCount = 1 }
        defer { db.close() }
        let admin = try TestServer.freshDatabase()
        defer { admin.close() }
        #expect {
            try db.write { connection in
                let pid = try connection.fetchValue(Int.self, "SELECT pg_backend_pid()")
                _ = try admin.fetchValue(Bool.self, "SELECT pg_terminate_backend($1)", [pid])
                try connection.execute("SELECT 1")
            }
        } throws: { error in
            (error as? PostgreSQLError)?.kind == .connection
        }
        #expect(try db.fetchValue(Int.self, "SELECT 41 + 1") == 42)
    }

    @Test func aDeadlockIsTransientAndRetryingResolvesIt() throws {
        let db = try TestServer.freshDatabase()
        defer { db.close() }
        try db.execute("CREATE TABLE account (id BIGINT PRIMARY KEY, balance BIGINT NOT NULL)")
        try db.execute("INSERT INTO account VALUES (1, 100), (2, 100)")
        let firstLocked = DispatchSemaphore(value: 0)
        let secondLocked = DispatchSemaphore(value: 0)
        let outcomes = OutcomeList<Int>()
        let group = DispatchGroup()
        for (first, second, mine, other) in [(1, 2, firstLocked, secondLocked), (2, 1, secondLocked, firstLocked)] {
            group.enter()
            Thread {
                defer { group.leave() }
                var attempts = 0
                do {
                    try db.retrying {
                        attempts += 1
                        try db.write { connection in
                            try connection.execute("UPDATE account SET balance = balance - 10 WHERE id = $1", [first])
                            if attempts == 1 {
                                mine.signal()
                                other.wait()
                            }
                            try connection.execute("UPDATE account SET balance = balance + 10 WHERE id = $1", [second])
                        }
                    }
                    outcomes.append(attempts)
                } catch {
                    outcomes.append(-1)
                }
            }.start()
        }
        group.wait()
        // The server fails one transaction with a deadlock; run again, it succeeds.
        #expect(outcomes.values.sorted() == [1, 2])
        #expect(try db.fetchValue(Int.self, "SELECT sum(balance) FROM account") == 200)
    }
}

/// Results appended from several threads.
// `list` is read and written only with `storage` locked.
final class OutcomeList<Element: Sendable>: @unchecked Sendable {
    private let storage = NSLock()
    private var list: [Element] = []

    func append(_ value: Element) {
        storage.withLock { list.append(value) }
    }

    var values: [Element] {
        storage.withLock { list }
    }
}
#endif
