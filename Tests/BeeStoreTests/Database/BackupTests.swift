import Foundation
import Testing

@testable import BeeStore

@Suite("Online backup")
struct BackupTests {
    struct Cancelled: Error {}

    /// A WAL database with `rows` rows in `a` and in `b`, each with a 1 KiB blob, so that
    /// it spans many pages.
    private func makeSource(_ directory: TemporaryDirectory, rows: Int = 200) throws -> Database {
        let db = try Database(path: directory.path("source.sqlite"))
        try db.execute(script: """
            CREATE TABLE a (id INTEGER PRIMARY KEY, payload BLOB NOT NULL);
            CREATE TABLE b (id INTEGER PRIMARY KEY, payload BLOB NOT NULL);
            """)
        try db.write { connection in
            for _ in 0..<rows { try Self.insertPair(connection) }
        }
        return db
    }

    /// One row in `a` and one in `b`: a consistent state has as many rows in each.
    private static func insertPair(_ connection: Connection) throws {
        try connection.execute("INSERT INTO a (payload) VALUES (randomblob(1024))")
        try connection.execute("INSERT INTO b (payload) VALUES (randomblob(1024))")
    }

    private func count(_ table: String, in db: Database) throws -> Int {
        try db.fetchValue(Int.self, "SELECT count(*) FROM \(table)") ?? -1
    }

    private func integrity(of db: Database) throws -> String? {
        try db.fetchValue(String.self, "PRAGMA integrity_check")
    }

    /// The ids of `table`, which must be 1...n for a copy of a prefix of the commits.
    private func ids(_ table: String, in db: Database) throws -> [Int] {
        try db.fetchAll("SELECT id FROM \(table) ORDER BY id").map { try $0.decode(Int.self, at: 0) }
    }

    /// Blocks until `condition` holds, polling; fails when `timeout` seconds pass first.
    private static func block(until description: String, timeout: TimeInterval = 10, _ condition: () -> Bool) throws {
        let deadline = Date(timeIntervalSinceNow: timeout)
        while !condition() {
            guard Date() < deadline else { throw DeadlineExceeded(condition: description, timeout: .seconds(timeout)) }
            Thread.sleep(forTimeInterval: 0.005)
        }
    }

    @Test func aBackupToAFileCopiesEveryRowInStepsWithProgress() throws {
        let directory = try TemporaryDirectory()
        let db = try makeSource(directory)
        var reports: [BackupProgress] = []
        let final = try db.backup(toPath: directory.path("copy.sqlite"), pagesPerStep: 10) { reports.append($0) }
        #expect(final.isComplete && final.totalPageCount > 100)
        #expect(reports.count >= 10)
        #expect(reports.map(\.copiedPageCount) == reports.map(\.copiedPageCount).sorted())
        #expect(reports.allSatisfy { !$0.isComplete && $0.fractionCompleted < 1 })
        let copy = try Database(path: directory.path("copy.sqlite"))
        #expect(try integrity(of: copy) == "ok")
        #expect(try count("a", in: copy) == 200 && count("b", in: copy) == 200)
    }

    @Test func aBackupOfADatabaseBeingWrittenIsTheSnapshotOfItsStartAndDoesNotBlockTheWriter() throws {
        let directory = try TemporaryDirectory()
        let db = try makeSource(directory)
        let committed = Protected(0)
        let stop = Protected(false)
        let writerDone = Protected(false)
        let writer = Thread {
            while !stop.value {
                try? db.write { try Self.insertPair($0) }
                committed.withLock { $0 += 1 }
            }
            writerDone.withLock { $0 = true }
        }
        writer.start()
        defer {
            stop.withLock { $0 = true }
            try? Self.block(until: "the writer stops") { writerDone.value }
        }
        try Self.block(until: "the writer commits") { committed.value > 0 }
        var waited = false
        try db.backup(toPath: directory.path("copy.sqlite"), pagesPerStep: 5) { _ in
            guard !waited else { return }
            waited = true
            // The copy holds its snapshot; the writer must still commit meanwhile.
            let before = committed.value
            try Self.block(until: "the writer commits during the backup") { committed.value >= before + 5 }
        }
        stop.withLock { $0 = true }
        try Self.block(until: "the writer stops") { writerDone.value }
        let copy = try Database(path: directory.path("copy.sqlite"))
        #expect(try integrity(of: copy) == "ok")
        let copied = try count("a", in: copy)
        // A snapshot: both tables at one commit, every commit before it and none after.
        #expect(try count("b", in: copy) == copied)
        #expect(try ids("a", in: copy) == Array(1...copied))
        #expect(try copied + 5 <= count("a", in: db))
    }

    @Test func aDatabaseWithoutReadersIsCopiedWithTheWritesMadeBetweenSteps() throws {
        let directory = try TemporaryDirectory()
        let db = try Database.inMemory()
        try db.execute("CREATE TABLE a (id INTEGER PRIMARY KEY, payload BLOB NOT NULL)")
        try db.write { connection in
            for _ in 0..<200 { try connection.execute("INSERT INTO a (payload) VALUES (randomblob(1024))") }
        }
        let written = Protected(false)
        try db.backup(toPath: directory.path("copy.sqlite"), pagesPerStep: 5) { _ in
            guard !written.value else { return }
            // Another thread writes between two steps: the writer is free then.
            Thread {
                try? db.execute("INSERT INTO a (payload) VALUES (x'00')")
                written.withLock { $0 = true }
            }.start()
            try Self.block(until: "the write between steps") { written.value }
        }
        let copy = try Database(path: directory.path("copy.sqlite"))
        #expect(try integrity(of: copy) == "ok")
        #expect(try count("a", in: copy) == 201)
    }

    @Test func aCancelledBackupLeavesNoFile() throws {
        let directory = try TemporaryDirectory()
        let db = try makeSource(directory)
        let before = try FileManager.default.contentsOfDirectory(atPath: directory.url.path).sorted()
        #expect(throws: Cancelled.self) {
            try db.backup(toPath: directory.path("copy.sqlite"), pagesPerStep: 3) { _ in throw Cancelled() }
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.url.path).sorted() == before)
    }

    @Test func anExistingDestinationIsRefusedUnlessReplaced() throws {
        let directory = try TemporaryDirectory()
        let db = try makeSource(directory, rows: 3)
        let destination = directory.path("copy.sqlite")
        try Data("old".utf8).write(to: URL(fileURLWithPath: destination))
        #expect(throws: BackupError.destinationExists(path: destination)) { try db.backup(toPath: destination) }
        #expect(try Data(contentsOf: URL(fileURLWithPath: destination)) == Data("old".utf8))
        try db.backup(toPath: destination, replacingExisting: true)
        #expect(try count("a", in: Database(path: destination)) == 3)
    }

    @Test func aDestinationInUseOrTheSourceItselfOrInAMissingDirectoryIsRefused() throws {
        let directory = try TemporaryDirectory()
        let db = try makeSource(directory, rows: 3)
        let open = try Database(path: directory.path("open.sqlite"))
        try open.execute("CREATE TABLE t (x)")
        #expect(throws: BackupError.destinationInUse(path: open.path)) {
            try db.backup(toPath: open.path, replacingExisting: true)
        }
        #expect(throws: BackupError.sameDatabase) { try db.backup(toPath: db.path, replacingExisting: true) }
        #expect(throws: BackupError.sameDatabase) { try db.backup(to: db) }
        #expect(throws: BackupError.sameDatabase) { try db.backup(to: Database(path: db.path)) }
        do {
            try db.backup(toPath: directory.path("missing/copy.sqlite"))
            Issue.record("a backup into a missing directory succeeded")
        } catch BackupError.cannotCreateDestination(let path, _) {
            #expect(path == directory.path("missing/copy.sqlite"))
        }
        #expect(throws: DatabaseError.self) { try db.write { _ in try db.backup(toPath: directory.path("c.sqlite")) } }
    }

    @Test func aBackupIntoADatabaseReplacesItsContentOrLeavesItAsItWasWhenCancelled() throws {
        let directory = try TemporaryDirectory()
        let db = try makeSource(directory, rows: 100)
        let destination = try Database(path: directory.path("destination.sqlite"))
        try destination.execute("CREATE TABLE old (x)")
        #expect(throws: Cancelled.self) { try db.backup(to: destination, pagesPerStep: 2) { _ in throw Cancelled() } }
        #expect(try destination.fetchValue(Int.self, "SELECT count(*) FROM sqlite_schema") == 1)
        try db.backup(to: destination)
        #expect(try integrity(of: destination) == "ok")
        #expect(try count("a", in: destination) == 100)
        #expect(try destination.fetchValue(Int.self, "SELECT count(*) FROM sqlite_schema WHERE name = 'old'") == 0)
    }
}
