import Foundation
import Testing

@testable import BeeStore

/// What the hooks of the records below saw, by each record's tag (one per test, so that
/// tests running at once do not mix their logs).
private let hookLog = Protected<[String: [String]]>([:])

private func log(_ tag: String, _ entry: String) {
    hookLog.withLock { $0[tag, default: []].append(entry) }
}

private func logged(_ tag: String) -> [String] {
    hookLog.value[tag] ?? []
}

@Suite("Record insert, update and commit callbacks")
struct RecordCallbackTests {
    struct Refused: Error, Equatable {
        let hook: String
    }

    /// Logs every hook, and the commit of each write; `failing` names a hook that throws.
    struct Entry: ActiveRecord {
        var id: Int64?
        var tag: String
        var text: String
        var failing: String?

        private func run(_ hook: String, _ database: Database) throws {
            log(tag, "\(hook) \(text)")
            if failing == hook { throw Refused(hook: hook) }
        }

        func willSave(in database: Database) throws { try run("willSave", database) }
        func didSave(in database: Database) throws { try run("didSave", database) }
        func willInsert(in database: Database) throws { try run("willInsert", database) }
        func willUpdate(in database: Database) throws { try run("willUpdate", database) }

        func didInsert(in database: Database) throws {
            try run("didInsert", database)
            let (tag, text) = (tag, text)
            database.afterCommit { log(tag, "committed insert \(text)") }
        }

        func didUpdate(in database: Database) throws {
            try run("didUpdate", database)
            let (tag, text) = (tag, text)
            database.afterCommit { log(tag, "committed update \(text)") }
        }
    }

    let db: Database
    let directory: TemporaryDirectory
    let tag = UUID().uuidString

    init() throws {
        directory = try TemporaryDirectory()
        db = try Database(path: directory.path("callbacks.sqlite"))
    }

    @Test func insertsAndUpdatesCallTheirOwnHooksBetweenTheSaveHooks() throws {
        var entry = Entry(tag: tag, text: "a")
        try entry.save(in: db)
        #expect(logged(tag) == ["willSave a", "willInsert a", "didInsert a", "didSave a", "committed insert a"])

        hookLog.withLock { $0[tag] = [] }
        entry.text = "b"
        try entry.save(in: db)
        try entry.update(in: db)
        try entry.updateChanges(in: db) { $0.text = "c" }
        #expect(logged(tag) == [
            "willSave b", "willUpdate b", "didUpdate b", "didSave b", "committed update b",
            "willSave b", "willUpdate b", "didUpdate b", "didSave b", "committed update b",
            "willSave c", "willUpdate c", "didUpdate c", "didSave c", "committed update c",
        ])
    }

    @Test func aSaveWithAKeyNoRowHasInserts() throws {
        var entry = Entry(id: 42, tag: tag, text: "a")
        try entry.save(in: db)
        var other = Entry(id: 43, tag: tag, text: "b")
        try other.insert(in: db)
        #expect(logged(tag).filter { $0.hasPrefix("will") } == ["willSave a", "willInsert a", "willSave b", "willInsert b"])
    }

    @Test func commitCallbacksRunOnceAfterTheOutermostCommit() throws {
        try db.transaction { _ in
            var first = Entry(tag: tag, text: "a")
            try first.save(in: db)
            try db.transaction { _ in
                var second = Entry(tag: tag, text: "b")
                try second.save(in: db)
            }
            #expect(!logged(tag).contains { $0.hasPrefix("committed") }, "nothing runs before the commit")
        }
        #expect(logged(tag).filter { $0.hasPrefix("committed") } == ["committed insert a", "committed insert b"])
    }

    @Test func aRolledBackTransactionRunsNoCommitCallback() throws {
        struct Abort: Error {}
        #expect(throws: Abort.self) {
            try db.transaction { _ in
                var entry = Entry(tag: tag, text: "a")
                try entry.save(in: db)
                throw Abort()
            }
        }
        #expect(logged(tag) == ["willSave a", "willInsert a", "didInsert a", "didSave a"])
        #expect(try Entry.count(in: db) == 0)
    }

    @Test func aRolledBackSavepointDropsOnlyItsOwnCommitCallbacks() throws {
        struct Abort: Error {}
        try db.transaction { _ in
            var kept = Entry(tag: tag, text: "kept")
            try kept.save(in: db)
            do {
                try db.transaction { _ in
                    var dropped = Entry(tag: tag, text: "dropped")
                    try dropped.save(in: db)
                    try db.transaction { _ in
                        var inner = Entry(tag: tag, text: "inner")
                        try inner.save(in: db)  // released into the savepoint that rolls back
                    }
                    throw Abort()
                }
            } catch is Abort {}
        }
        #expect(logged(tag).filter { $0.hasPrefix("committed") } == ["committed insert kept"])
        #expect(try Entry.query(in: db).pluck("text", as: String.self) == ["kept"])
    }

    @Test func aThrowingHookRollsTheSaveBackWithItsOwnError() throws {
        var entry = Entry(tag: tag, text: "a", failing: "willInsert")
        #expect(throws: Refused(hook: "willInsert")) { try entry.save(in: db) }
        #expect(entry.id == nil)
        #expect(try Entry.count(in: db) == 0)

        var saved = Entry(tag: tag, text: "b")
        try saved.save(in: db)
        hookLog.withLock { $0[tag] = [] }
        var loaded = saved
        saved.text = "c"
        saved.failing = "didUpdate"
        #expect(throws: Refused(hook: "didUpdate")) { try saved.save(in: db) }
        #expect(throws: Refused(hook: "didUpdate")) {
            try loaded.updateChanges(in: db) { $0.text = "d"; $0.failing = "didUpdate" }
        }
        #expect(loaded.text == "b")
        #expect(try Entry.query(in: db).pluck("text", as: String.self) == ["b"], "both updates rolled back")
        #expect(!logged(tag).contains { $0.hasPrefix("committed") }, "the registered commit work is dropped")
    }

    @Test func commitWorkMayWriteAndOutsideAWriteRunsAtOnce() throws {
        try db.execute("CREATE TABLE audit (text TEXT NOT NULL)")
        let database = db
        try db.write { connection in
            try connection.execute("INSERT INTO audit VALUES ('write')")
            database.afterCommit {
                // The writer is released: a transaction of its own may run.
                do {
                    try database.write { try $0.execute("INSERT INTO audit VALUES ('after')") }
                } catch {
                    Issue.record(error)
                }
            }
        }
        #expect(try db.fetchAll("SELECT text FROM audit ORDER BY rowid").map { try $0.decode(column: "text") as String } == ["write", "after"])

        let ran = Protected(false)
        db.afterCommit { ran.withLock { $0 = true } }
        #expect(ran.value, "no write pending: the work runs at once")
    }
}
