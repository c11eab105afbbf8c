#if PostgreSQL
import BeeStore
import BeeStorePostgreSQL
import Foundation
import Testing

/// Optimistic locking on PostgreSQL: the same lock version as on SQLite, checked by every
/// update and delete of a record, across servers.
@Suite struct OptimisticLockingTests {
    struct Account: ActiveRecord, Equatable {
        var id: Int64?
        var owner: String
        var balance: Int
        var lockVersion = 0
    }

    /// Two databases (two app servers) on one new database of the server.
    private func twoServers() throws -> (PostgreSQLDatabase, PostgreSQLDatabase) {
        let url = try TestServer.freshDatabaseURL()
        return (try PostgreSQLDatabase(url: url), try PostgreSQLDatabase(url: url))
    }

    @Test func aStaleCopyIsRefusedAndARetryResolvesIt() throws {
        let (first, second) = try twoServers()
        defer { first.close(); second.close() }
        var account = Account(owner: "Ann", balance: 10)
        try account.save(in: first)
        #expect(account.lockVersion == 0)
        let id = try #require(account.id)

        var mine = try #require(try Account.find(id, in: first))
        var theirs = try #require(try Account.find(id, in: second))
        mine.balance += 5
        try mine.save(in: first)
        #expect(mine.lockVersion == 1)
        theirs.balance -= 3
        let error = try #require(throws: RecordError.self) { try theirs.save(in: second) }
        guard case .versionConflict(_, let conflictID, let expected) = error else {
            Issue.record("expected a version conflict, got \(error)")
            return
        }
        #expect(conflictID == .integer(id) && expected == 0)
        #expect(try Account.find(id, in: first)?.balance == 15)   // nothing of the stale save

        var reloaded = try #require(try Account.find(id, in: second))
        reloaded.balance -= 3
        try reloaded.save(in: second)
        #expect(try Account.find(id, in: first) == Account(id: id, owner: "Ann", balance: 12, lockVersion: 2))

        #expect(throws: RecordError.self) { try mine.delete(in: first) }   // mine is at version 1, the row at 2
        #expect(try Account.count(in: first) == 1)
        #expect(try reloaded.delete(in: second))
    }

    @Test func concurrentServersRetryingLoseNoUpdate() throws {
        let url = try TestServer.freshDatabaseURL()
        let setup = try PostgreSQLDatabase(url: url)
        defer { setup.close() }
        var account = Account(owner: "Shared", balance: 0)
        try account.save(in: setup)
        let id = try #require(account.id)
        let servers = 4
        let updates = 20
        let failures = OutcomeList<String>()
        DispatchQueue.concurrentPerform(iterations: servers) { _ in
            do {
                let db = try PostgreSQLDatabase(url: url)
                defer { db.close() }
                for _ in 0..<updates {
                    while true {
                        guard var copy = try Account.find(id, in: db) else { throw RecordError.noDatabase }
                        copy.balance += 1
                        do {
                            try copy.save(in: db)
                            break
                        } catch RecordError.versionConflict {
                            continue   // another server saved first: load its copy and try again
                        }
                    }
                }
            } catch {
                failures.append("\(error)")
            }
        }
        #expect(failures.values.isEmpty)
        let final = try #require(try Account.find(id, in: setup))
        #expect(final.balance == servers * updates)
        #expect(final.lockVersion == servers * updates)
    }
}

#endif
