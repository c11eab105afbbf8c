#if PostgreSQL
import BeeStore
import BeeStorePostgreSQL
import Foundation
import Testing

/// Records on both backends: keys, reads, updates, updates of the changed columns,
/// deletes, timestamps and optimistic locking, asserted once.
@Suite struct SharedRecordTests {
    struct Book: ActiveRecord, Equatable {
        static let mapping = RecordMapping().unique("title")
        var id: Int64?
        var title: String
        var pages: Int
        var createdAt: Date?
        var updatedAt: Date?
    }

    struct Account: ActiveRecord, Equatable {
        var id: Int64?
        var owner: String
        var balance: Int
        var lockVersion = 0
    }

    private static func books(_ titles: String...) -> [Book] {
        titles.enumerated().map { Book(title: $0.element, pages: 100 * ($0.offset + 1)) }
    }

    @Test(arguments: Backend.allCases)
    func savingAssignsKeysAndFindReadsTheRecordBack(_ backend: Backend) throws {
        let db = try BackendDatabase.fresh(backend)
        var books = Self.books("Dune", "Emma", "Ulysses")
        try db.save(&books)
        #expect(books.map(\.id) == [1, 2, 3])
        let emma = try #require(try db.find(Book.self, 2))
        #expect(emma.title == "Emma" && emma.pages == 200)
        #expect(try db.find(Book.self, 99) == nil)
        #expect(try db.count(Book.self) == 3)
        // Timestamps come back as they were saved (to the millisecond PostgreSQL keeps and
        // more), the same instant for both when the row is new.
        let saved = try #require(books[1].createdAt)
        #expect(books[1].updatedAt == saved)
        #expect(emma.createdAt.map { abs($0.timeIntervalSince(saved)) < 0.001 } == true)
    }

    @Test(arguments: Backend.allCases)
    func anUpdateChangesTheRowAndItsUpdateTimestampOnly(_ backend: Backend) throws {
        let db = try BackendDatabase.fresh(backend)
        var book = Book(title: "Draft", pages: 10)
        try db.insert(&book)
        let id = try #require(book.id)
        let created = try #require(book.createdAt)
        book.title = "Final"
        book.pages = 12
        try db.save(&book)
        #expect(book.id == id)
        let stored = try #require(try db.find(Book.self, id))
        #expect(stored.title == "Final" && stored.pages == 12)
        #expect(stored.createdAt.map { abs($0.timeIntervalSince(created)) < 0.001 } == true)
        let updated = try #require(stored.updatedAt)
        #expect(updated >= created.addingTimeInterval(-0.001))
        #expect(try db.count(Book.self) == 1)

        var ghost = book
        ghost.id = 9_999
        #expect(throws: RecordError.self) { try db.update(ghost) }
        #expect(throws: RecordError.self) { try db.update(Book(title: "Never saved", pages: 1)) }
        #expect(try db.all(Book.self).map(\.title) == ["Final"])
    }

    @Test(arguments: Backend.allCases)
    func allIsInKeyOrderAndDeletesRemoveWhatTheyName(_ backend: Backend) throws {
        let db = try BackendDatabase.fresh(backend)
        var books = Self.books("Walden", "Beloved", "Middlemarch", "Ivanhoe", "Persuasion")
        try db.save(&books)
        #expect(try db.all(Book.self).map(\.title) == ["Walden", "Beloved", "Middlemarch", "Ivanhoe", "Persuasion"])
        #expect(try db.records(Book.query().orderAsc("title").limit(2)).map(\.title) == ["Beloved", "Ivanhoe"])
        #expect(try db.records(Book.query().orderAsc("title").limit(2).offset(3)).map(\.title) == ["Persuasion", "Walden"])
        #expect(try db.records(Book.query().limit(0)).isEmpty)
        #expect(try db.first(Book.query().orderDesc("pages"))?.title == "Persuasion")
        #expect(try db.count(Book.query().where("pages", .greaterThan, 250)) == 3)

        #expect(try db.delete(books[0]))
        #expect(try db.delete(books[0]) == false)
        #expect(try db.deleteAll(Book.query().where("pages", .greaterThan, 350)) == 2)
        #expect(try db.all(Book.self).map(\.title) == ["Beloved", "Middlemarch"])
        #expect(try db.deleteAll(Book.self) == 2)
        #expect(try db.count(Book.self) == 0)
        #expect(try db.deleteAll(Book.self) == 0)
    }

    @Test(arguments: Backend.allCases)
    func aStaleCopyIsAVersionConflictAndChangesNothing(_ backend: Backend) throws {
        let db = try BackendDatabase.fresh(backend)
        let other = try db.another()
        var account = Account(owner: "Ann", balance: 10)
        try db.save(&account)
        let id = try #require(account.id)
        var mine = try #require(try db.find(Account.self, id))
        var theirs = try #require(try other.find(Account.self, id))
        mine.balance += 5
        try db.save(&mine)
        #expect(mine.lockVersion == 1)

        theirs.balance -= 3
        let error = try #require(throws: RecordError.self) { try other.save(&theirs) }
        guard case .versionConflict(_, let conflictID, let expected) = error else {
            Issue.record("expected a version conflict, got \(error)")
            return
        }
        #expect(conflictID == .integer(id) && expected == 0)
        #expect(throws: RecordError.self) { try other.delete(theirs) }
        #expect(try db.find(Account.self, id) == Account(id: id, owner: "Ann", balance: 15, lockVersion: 1))
    }

    @Test(arguments: Backend.allCases)
    func updateChangesWritesTheChangedColumnsWhileTheRowStillHoldsTheirOldValues(_ backend: Backend) throws {
        let db = try BackendDatabase.fresh(backend)
        let other = try db.another()
        var book = Book(title: "Draft", pages: 10)
        try db.save(&book)
        let id = try #require(book.id)
        let loaded = book
        #expect(try db.updateChanges(&book, from: loaded) == false)

        // Another database value changes the title; the pages changed here leave it be.
        var theirs = loaded
        theirs.title = "Final"
        #expect(try other.updateChanges(&theirs, from: loaded))
        book.pages = 12
        #expect(try db.updateChanges(&book, from: loaded))
        let stored = try #require(try db.find(Book.self, id))
        #expect(stored.title == "Final" && stored.pages == 12)
        let loadedAt = try #require(loaded.updatedAt)
        #expect(book.updatedAt.map { $0 >= loadedAt } == true)

        // A copy loaded before the title changed cannot change it again: nothing is written.
        var stale = loaded
        stale.title = "Lost"
        #expect(throws: RecordError.staleRecord(record: "Book", id: .integer(id), columns: ["title"])) {
            try db.updateChanges(&stale, from: loaded)
        }
        #expect(try db.find(Book.self, id)?.title == "Final")

        // A row deleted meanwhile is not found.
        #expect(try other.delete(stored))
        var gone = stored
        gone.pages = 1
        #expect(throws: RecordError.notFound(record: "Book", id: .integer(id))) {
            try db.updateChanges(&gone, from: stored)
        }
    }

    @Test(arguments: Backend.allCases)
    func updateChangesOfARecordWithALockVersionChecksTheVersion(_ backend: Backend) throws {
        let db = try BackendDatabase.fresh(backend)
        let other = try db.another()
        var account = Account(owner: "Ann", balance: 10)
        try db.save(&account)
        let id = try #require(account.id)
        let loaded = account
        account.balance = 11
        #expect(try db.updateChanges(&account, from: loaded))
        #expect(account.lockVersion == 1)

        // Another column, from a copy of the older version: refused, whatever the columns.
        var theirs = loaded
        theirs.owner = "Bob"
        #expect(throws: RecordError.versionConflict(record: "Account", id: .integer(id), expectedVersion: 0)) {
            try other.updateChanges(&theirs, from: loaded)
        }
        #expect(try db.find(Account.self, id) == Account(id: id, owner: "Ann", balance: 11, lockVersion: 1))
    }

    @Test(arguments: Backend.allCases)
    func aFailedBatchSaveLeavesNothingAndTheRecordsWithoutKeys(_ backend: Backend) throws {
        let db = try BackendDatabase.fresh(backend)
        var first = Self.books("Dune")
        try db.save(&first)
        // The last book, under a key of its own, takes the first one's unique title: the
        // whole batch is refused.
        var batch = Self.books("Emma", "Ulysses") + [Book(id: 777, title: "Dune", pages: 1)]
        #expect {
            try db.save(&batch)
        } throws: { error in
            Backend.resultCode(of: error) == .uniqueConstraint
        }
        #expect(batch.map(\.id) == [nil, nil, 777])
        #expect(try db.all(Book.self).map(\.title) == ["Dune"])
    }

    @Test(arguments: Backend.allCases)
    func savesInATransactionRollBackWithIt(_ backend: Backend) throws {
        let db = try BackendDatabase.fresh(backend)
        var kept = Book(title: "Kept", pages: 1)
        try db.save(&kept)
        struct Abort: Error {}
        #expect(throws: Abort.self) {
            try db.transaction { _ in
                var lost = Book(title: "Lost", pages: 2)
                try db.save(&lost)
                #expect(try db.count(Book.self) == 2)
                throw Abort()
            }
        }
        #expect(try db.all(Book.self).map(\.title) == ["Kept"])
    }
}
#endif
