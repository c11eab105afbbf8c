import Foundation
import Testing

import BeeStore

// example: optimistic-locking
struct Account: ActiveRecord {
    var id: Int64?
    var owner: String
    var balance: Int
    var lockVersion = 0                  // checked and advanced by every update
}

/// Adds `amount` to the account, reloading it and trying again when another writer
/// saved it in between (five times at most).
func deposit(_ amount: Int, into accountID: Int64, in db: Database) throws {
    for attempt in 1... {
        guard var account = try Account.find(accountID, in: db) else {
            throw RecordError.notFound(record: "Account", id: .integer(accountID))
        }
        account.balance += amount
        do {
            try account.save(in: db)     // … WHERE "id" = ? AND "lockVersion" = ?
            return
        } catch RecordError.versionConflict where attempt < 5 {
            continue                     // saved elsewhere since it was loaded: reload, redo
        }
    }
}
// end example

@Suite("README optimistic locking example")
struct OptimisticLockingExampleTests {
    @Test func aStaleCopyIsRefusedAndDepositsReloadFirst() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("accounts.sqlite")
        let db = try Database(path: path)
        let elsewhere = try Database(path: path)
        var account = Account(owner: "Ada", balance: 0)
        try account.save(in: db)
        let accountID = try #require(account.id)

        // A copy loaded before another writer's deposit is refused, and nothing of it written.
        var stale = try #require(try Account.find(accountID, in: elsewhere))
        try deposit(10, into: accountID, in: db)
        stale.balance += 1_000
        #expect(throws: RecordError.versionConflict(record: "Account", id: .integer(accountID), expectedVersion: 0)) {
            try stale.save(in: elsewhere)
        }

        try deposit(5, into: accountID, in: elsewhere)
        try deposit(5, into: accountID, in: db)
        let stored = try #require(try Account.find(accountID, in: db))
        #expect(stored.balance == 20 && stored.lockVersion == 3)
    }

    @Test func aMissingAccountIsNotFound() throws {
        let db = try Database.inMemory()
        #expect(throws: RecordError.notFound(record: "Account", id: .integer(42))) {
            try deposit(1, into: 42, in: db)
        }
    }
}
