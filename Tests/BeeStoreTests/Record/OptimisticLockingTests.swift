import Dispatch
import Foundation
import Testing

@testable import BeeStore

@Suite("Optimistic locking")
struct OptimisticLockingTests {
    struct Doc: ActiveRecord, Equatable {
        var id: Int64?
        var title: String
        var counter = 0
        var lockVersion = 0
    }

    /// A record holding a versioned one: saved with `updatingRelated: true`, it writes it.
    struct Shelf: ActiveRecord {
        var id: Int64?
        var name: String
        var doc: Doc
    }

    /// A version declared by the mapping, in a column whose name must be quoted.
    struct Sheet: ActiveRecord, Equatable {
        var id: Int64?
        var body: String
        var revision: Int64

        static let mapping = RecordMapping().column("revision", "re\"vision; DROP TABLE sheet; --").lockVersion("revision")
    }

    /// A record reading its own columns: its saves go through `Codable`, which advances the version.
    struct FastDoc: ColumnCodableRecord, Equatable {
        var id: Int64?
        var title: String
        var lockVersion: Int

        static let storedProperties = [
            RecordProperty("id", Int64?.self), RecordProperty("title", String.self), RecordProperty("lockVersion", Int.self),
        ]

        init(id: Int64? = nil, title: String, lockVersion: Int = 0) {
            self.id = id
            self.title = title
            self.lockVersion = lockVersion
        }

        init(columns: inout ColumnReader) throws {
            id = try columns.read(Int64?.self)
            title = try columns.read(String.self)
            lockVersion = try columns.read(Int.self)
        }

        func encode(to columns: inout ColumnWriter) throws {
            try columns.write(id)
            try columns.write(title)
            try columns.write(lockVersion)
        }
    }

    struct Plain: ActiveRecord, Equatable {
        var id: Int64?
        var title: String
    }

    struct TextVersion: ActiveRecord {
        var id: Int64?
        var lockVersion: String
    }

    struct OptionalVersion: ActiveRecord {
        var id: Int64?
        var lock_version: Int?
    }

    struct MissingVersion: ActiveRecord {
        var id: Int64?
        var title: String

        static let mapping = RecordMapping().lockVersion("revision")
    }

    /// A table BeeStore did not create, with Rails' `lock_version` column.
    struct Article: ActiveRecord, Equatable {
        var id: Int64?
        var title: String
        var lockVersion: Int32

        static let mapping = RecordMapping(table: "Article", primaryKey: "ArticleId", columnNaming: .snakeCase)
    }

    struct Note: ActiveRecord {
        var id: Int64?
        var text: String
    }

    /// The same table as ``Note``, once the type gained a lock version.
    struct VersionedNote: ActiveRecord {
        var id: Int64?
        var text: String
        var lockVersion = 0

        static let tableName = "note"
    }

    let directory: TemporaryDirectory
    let path: String

    init() throws {
        directory = try TemporaryDirectory()
        path = directory.path("locking.sqlite")
    }

    /// Two databases on one file, and the key of a document saved in it.
    private func docInTwoDatabases() throws -> (first: Database, second: Database, id: Int64) {
        let first = try Database(path: path)
        let second = try Database(path: path)
        var doc = Doc(title: "Draft")
        try doc.save(in: first)
        #expect(doc.lockVersion == 0, "a new record is inserted with the version it holds")
        return (first, second, try #require(doc.id))
    }

    /// Two databases on one file, the key of a document, and a copy of it the second
    /// loaded before the first saved a change (title "Fresh", counter 1, version 1).
    private func staleDocInTwoDatabases() throws -> (first: Database, second: Database, id: Int64, stale: Doc) {
        let (first, second, id) = try docInTwoDatabases()
        let stale = try #require(try Doc.find(id, in: second))
        var fresh = try #require(try Doc.find(id, in: first))
        fresh.title = "Fresh"
        fresh.counter = 1
        try fresh.save(in: first)
        return (first, second, id, stale)
    }

    private func storedVersion(of id: Int64, in db: Database) throws -> Int? {
        try db.fetchValue(Int.self, "SELECT lockVersion FROM doc WHERE id = ?", [id])
    }

    @Test func theSecondOfTwoUpdatesOfOneLoadedRowIsRefusedAndWritesNothing() throws {
        let (first, second, id) = try docInTwoDatabases()
        var here = try #require(try Doc.find(id, in: first))
        var there = try #require(try Doc.find(id, in: second))

        here.title = "Here"
        try here.save(in: first)
        #expect(here.lockVersion == 1, "the saved copy holds the new version")

        there.title = "There"
        there.counter = 7
        #expect(throws: RecordError.versionConflict(record: "Doc", id: .integer(id), expectedVersion: 0)) {
            try there.save(in: second)
        }
        #expect(there.lockVersion == 0, "a refused save leaves the copy as it was")
        #expect(try Doc.find(id, in: first) == Doc(id: id, title: "Here", counter: 0, lockVersion: 1))

        // Reloaded, the edit goes through.
        there = try #require(try Doc.find(id, in: second))
        there.title = "There"
        try there.save(in: second)
        #expect(there.lockVersion == 2)
        #expect(try Doc.find(id, in: first) == Doc(id: id, title: "There", counter: 0, lockVersion: 2))
        let message = RecordError.versionConflict(record: "Doc", id: .integer(id), expectedVersion: 0).description
        #expect(message.contains("Doc") && message.contains("\(id)") && message.contains("version 0"))
    }

    @Test func everyUpdatePathAdvancesTheVersion() throws {
        let db = try Database(path: path)
        var doc = Doc(title: "Draft", lockVersion: 5)
        try doc.insert(in: db)
        let id = try #require(doc.id)
        #expect(try storedVersion(of: id, in: db) == 5, "insert stores the version the record holds")

        doc.title = "Saved"
        try doc.save(in: db)
        #expect(doc.lockVersion == 6)
        #expect(try storedVersion(of: id, in: db) == 6)

        doc.title = "Updated"
        try doc.update(in: db)
        #expect(try storedVersion(of: id, in: db) == 7, "update(in:) keeps no copy: the row advances")
        doc = try #require(try Doc.find(id, in: db))
        #expect(doc.lockVersion == 7)

        let loaded = doc
        doc.counter = 1
        #expect(try doc.updateChanges(in: db, from: loaded))
        #expect(doc.lockVersion == 8)
        #expect(try doc.updateChanges(in: db) { $0.counter += 1 })
        #expect(doc.lockVersion == 9)
        #expect(try !doc.updateChanges(in: db) { $0.lockVersion = 99 }, "a version alone is no change")
        #expect(doc.lockVersion == 99, "the closure form keeps the edited copy")
        doc.lockVersion = 9

        var shelf = Shelf(name: "Top", doc: doc)
        try shelf.save(in: db)
        #expect(try storedVersion(of: id, in: db) == 9, "an existing related record is not written by default")
        shelf.doc.title = "Through the shelf"
        try shelf.save(in: db, updatingRelated: true)
        #expect(shelf.doc.lockVersion == 10)
        #expect(try Doc.find(id, in: db) == Doc(id: id, title: "Through the shelf", counter: 2, lockVersion: 10))

        var docs = [shelf.doc, Doc(title: "New")]
        docs[0].counter = 3
        try docs.save(in: db)
        #expect(docs.map(\.lockVersion) == [11, 0])
        #expect(try storedVersion(of: id, in: db) == 11)
    }

    @Test func everyUpdatePathRefusesAStaleCopy() throws {
        let (first, second, id, stale) = try staleDocInTwoDatabases()
        let conflict = RecordError.versionConflict(record: "Doc", id: .integer(id), expectedVersion: 0)

        var edited = stale
        edited.title = "Stale"
        #expect(throws: conflict) { try edited.update(in: second) }
        #expect(throws: conflict) { try edited.updateChanges(in: second, from: stale) }
        var viaClosure = stale
        #expect(throws: conflict) { try viaClosure.updateChanges(in: second) { $0.title = "Stale" } }
        #expect(viaClosure == stale)
        var shelf = Shelf(name: "Top", doc: edited)
        #expect(throws: conflict) { try shelf.save(in: second, updatingRelated: true) }
        #expect(try Shelf.count(in: first) == 0, "the shelf's insert is rolled back with the refused related record")
        var docs = [Doc(title: "New"), edited]
        #expect(throws: conflict) { try docs.save(in: second) }
        #expect(try Doc.count(in: first) == 1, "all of the array or none")
        #expect(try Doc.find(id, in: first) == Doc(id: id, title: "Fresh", counter: 1, lockVersion: 1))
    }

    @Test func aRowThatIsGoneIsNotFoundRatherThanAConflict() throws {
        let db = try Database(path: path)
        var doc = Doc(title: "Draft")
        try doc.save(in: db)
        let id = try #require(doc.id)
        try db.execute("DELETE FROM doc")
        #expect(throws: RecordError.notFound(record: "Doc", id: .integer(id))) { try doc.update(in: db) }
        #expect(throws: RecordError.notFound(record: "Doc", id: .integer(id))) {
            try doc.updateChanges(in: db) { $0.title = "Gone" }
        }
        #expect(try !doc.delete(in: db))
        try doc.save(in: db)
        #expect(try Doc.find(id, in: db) == Doc(id: id, title: "Draft", counter: 0, lockVersion: 0), "a save inserts it again")
    }

    @Test func aStaleCopyCannotDeleteTheRow() throws {
        let (first, second, id, stale) = try staleDocInTwoDatabases()

        #expect(throws: RecordError.versionConflict(record: "Doc", id: .integer(id), expectedVersion: 0)) {
            try stale.delete(in: second)
        }
        #expect(try Doc.find(id, in: first)?.title == "Fresh", "nothing deleted")

        let reloaded = try #require(try Doc.find(id, in: second))
        #expect(try reloaded.delete(in: second))
        #expect(try Doc.count(in: first) == 0)

        var other = Doc(title: "Other")
        try other.save(in: first)
        let otherID = try #require(other.id)
        try Doc.where("id", otherID).updateAll(["lockVersion": 40], in: first)
        #expect(try Doc.delete(otherID, in: second), "deleting by key loads the row's version")
    }

    @Test func bulkChangesNeitherCheckNorAdvanceVersions() throws {
        let db = try Database(path: path)
        var doc = Doc(title: "Draft")
        try doc.save(in: db)
        let id = try #require(doc.id)
        #expect(try Doc.where("id", id).updateAll(["title": "Bulk"], in: db) == 1)
        #expect(try Doc.where("id", id).increment("counter", in: db) == 1)
        #expect(try Doc.find(id, in: db) == Doc(id: id, title: "Bulk", counter: 1, lockVersion: 0))
    }

    @Test func aRecordWithoutALockVersionIsUnaffected() throws {
        let first = try Database(path: path)
        let second = try Database(path: path)
        var plain = Plain(title: "Draft")
        try plain.save(in: first)
        let id = try #require(plain.id)
        var here = try #require(try Plain.find(id, in: first))
        var there = try #require(try Plain.find(id, in: second))
        here.title = "Here"
        try here.save(in: first)
        there.title = "There"
        try there.save(in: second)
        #expect(try Plain.find(id, in: first) == Plain(id: id, title: "There"), "the last write wins")
        #expect(try RecordSchema.of(Plain.self).lockVersionIndex == nil)
        #expect(try !RecordSchema.of(Plain.self).updateSQL.contains("lockVersion"))
        #expect(try Plain(id: id, title: "There").delete(in: second))
    }

    @Test func theUpdateIsPreparedWithTheVersionCondition() throws {
        let schema = try RecordSchema.of(Doc.self)
        #expect(schema.lockVersionIndex == 3)
        #expect(schema.updateSQL == #"UPDATE "doc" SET "title" = ?, "counter" = ?, "lockVersion" = ? WHERE "id" = ? AND "lockVersion" = ?"#)
        #expect(schema.lockVersionParameter == 5)
        #expect(schema.parameter(ofColumn: 3, in: .update) == 3, "the version column's own parameter takes the new version")
    }

    @Test func aVersionedSaveRunsAsManyStatementsAsAnyOtherAndPreparesNoneOnceWarm() throws {
        let db = try Database(path: path)
        var doc = Doc(title: "Draft")
        var plain = Plain(title: "Draft")
        try doc.save(in: db)
        try plain.save(in: db)
        for round in 1...2 {
            doc.title = "Round \(round)"
            plain.title = "Round \(round)"
            try doc.save(in: db)
            try plain.save(in: db)
        }
        let before = db.statistics
        doc.title = "Measured"
        try doc.save(in: db)
        let versioned = db.statistics
        plain.title = "Measured"
        try plain.save(in: db)
        let after = db.statistics
        #expect(versioned.preparedStatements == before.preparedStatements, "the versioned update is prepared once")
        #expect(versioned.executedStatements - before.executedStatements == after.executedStatements - versioned.executedStatements)
        #expect(doc.lockVersion == 3)
    }

    @Test func aRecordReadingItsOwnColumnsIsLockedToo() throws {
        let first = try Database(path: path)
        let second = try Database(path: path)
        var doc = FastDoc(title: "Draft")
        try doc.save(in: first)
        let id = try #require(doc.id)
        var stale = try #require(try FastDoc.find(id, in: second))
        doc.title = "Fresh"
        try doc.save(in: first)
        #expect(doc.lockVersion == 1)
        stale.title = "Stale"
        #expect(throws: RecordError.versionConflict(record: "FastDoc", id: .integer(id), expectedVersion: 0)) {
            try stale.save(in: second)
        }
        #expect(try FastDoc.find(id, in: second) == FastDoc(id: id, title: "Fresh", lockVersion: 1))
    }

    @Test func aMappingDeclaresAnotherVersionPropertyInAHostileColumn() throws {
        let first = try Database(path: path)
        let second = try Database(path: path)
        var sheet = Sheet(body: "a", revision: 0)
        try sheet.save(in: first)
        let id = try #require(sheet.id)
        var stale = try #require(try Sheet.find(id, in: second))
        sheet.body = "b"
        try sheet.save(in: first)
        #expect(sheet.revision == 1)
        stale.body = "c"
        #expect(throws: RecordError.versionConflict(record: "Sheet", id: .integer(id), expectedVersion: 0)) {
            try stale.save(in: second)
        }
        #expect(try Sheet.find(id, in: second) == Sheet(id: id, body: "b", revision: 1))
    }

    @Test func aVersionPropertyOfAnotherTypeIsATypedError() throws {
        let db = try Database(path: path)
        var text = TextVersion(lockVersion: "1")
        #expect {
            try text.save(in: db)
        } throws: { error in
            guard case RecordError.unsupportedType("TextVersion", "lockVersion", "String", let reason) = error else { return false }
            return reason.contains("integer")
        }
        var optional = OptionalVersion(lock_version: 0)
        #expect {
            try optional.save(in: db)
        } throws: { error in
            guard case RecordError.unsupportedType("OptionalVersion", "lock_version", "Int?", _) = error else { return false }
            return true
        }
        var missing = MissingVersion(title: "x")
        #expect {
            try missing.save(in: db)
        } throws: { error in
            guard case RecordError.unsupportedType("MissingVersion", "revision", "RecordMapping", _) = error else { return false }
            return true
        }
        #expect(try db.fetchValue(Int.self, "SELECT count(*) FROM sqlite_master") == 0, "nothing created")
    }

    @Test func aTableBeeStoreDidNotCreateKeepsItsLockVersionColumn() throws {
        let first = try Database(path: path)
        try first.execute("""
            CREATE TABLE "Article" (
                "ArticleId" INTEGER PRIMARY KEY,
                "Title" TEXT NOT NULL,
                "lock_version" INTEGER NOT NULL DEFAULT 0,
                "Extra" TEXT NOT NULL DEFAULT 'kept'
            )
            """)
        try first.execute(#"INSERT INTO "Article" ("ArticleId", "Title") VALUES (1, 'Imported')"#)
        let second = try Database(path: path)

        var here = try #require(try Article.find(1, in: first))
        #expect(here == Article(id: 1, title: "Imported", lockVersion: 0))
        var there = try #require(try Article.find(1, in: second))
        here.title = "Here"
        try here.save(in: first)
        #expect(here.lockVersion == 1)
        there.title = "There"
        #expect(throws: RecordError.versionConflict(record: "Article", id: .integer(1), expectedVersion: 0)) {
            try there.save(in: second)
        }
        let row = try #require(try first.fetchOne(#"SELECT "Title", "lock_version", "Extra" FROM "Article""#))
        #expect(row.values == [.text("Here"), .integer(1), .text("kept")], "only the record's columns are written")
        #expect(try first.fetchValue(Int.self, #"SELECT count(*) FROM pragma_table_info('Article')"#) == 4, "not altered")
    }

    @Test func aTableWithRowsGainsTheVersionColumnAtZero() throws {
        let db = try Database(path: path)
        var note = Note(text: "old")
        try note.save(in: db)
        let id = try #require(note.id)
        var versioned = try #require(try VersionedNote.find(id, in: db))
        #expect(versioned.lockVersion == 0)
        versioned.text = "new"
        try versioned.save(in: db)
        #expect(versioned.lockVersion == 1)
    }

    @Test func concurrentWritersRetryingOnConflictLoseNoIncrement() throws {
        let first = try Database(path: path)
        var doc = Doc(title: "Counter")
        try doc.save(in: first)
        let id = try #require(doc.id)
        let databases = try [first] + (1..<4).map { _ in try Database(path: path) }
        let writers = 4
        let updatesPerWriter = 25
        let failures = Protected<[String]>([])
        let conflicts = Protected(0)
        DispatchQueue.concurrentPerform(iterations: writers) { writer in
            let db = databases[writer]
            for _ in 0..<updatesPerWriter {
                var attempts = 0
                while true {
                    attempts += 1
                    do {
                        guard var current = try Doc.find(id, in: db) else {
                            failures.withLock { $0.append("writer \(writer): the row is gone") }
                            return
                        }
                        current.counter += 1
                        try current.save(in: db)
                        break
                    } catch RecordError.versionConflict {
                        conflicts.withLock { $0 += 1 }
                        if attempts == 10_000 {
                            failures.withLock { $0.append("writer \(writer): no success in \(attempts) attempts") }
                            return
                        }
                    } catch {
                        failures.withLock { $0.append("writer \(writer): \(error)") }
                        return
                    }
                }
            }
        }
        #expect(failures.value == [])
        let stored = try #require(try Doc.find(id, in: first))
        #expect(stored.counter == writers * updatesPerWriter, "no increment lost")
        #expect(stored.lockVersion == writers * updatesPerWriter, "one version per update")
    }
}
