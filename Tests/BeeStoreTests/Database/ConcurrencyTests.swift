import Dispatch
import Foundation
import Testing

@testable import BeeStore

@Suite("Concurrency")
struct ConcurrencyTests {
    @Test func eightThreadsInsertingConcurrentlyLoseNoRow() throws {
        let directory = try TemporaryDirectory()
        let db = try Database(path: directory.path("concurrent.sqlite"))
        try db.execute("CREATE TABLE t (thread INTEGER, n INTEGER, UNIQUE(thread, n))")
        let failures = Protected<[String]>([])
        DispatchQueue.concurrentPerform(iterations: 8) { thread in
            for n in 0..<1000 {
                do {
                    try db.execute("INSERT INTO t (thread, n) VALUES (?, ?)", [thread, n])
                } catch {
                    failures.withLock { $0.append("\(error)") }
                }
            }
        }
        #expect(failures.value == [])
        #expect(try db.fetchValue(Int.self, "SELECT count(*) FROM t") == 8000)
        #expect(try db.fetchValue(Int.self, "SELECT count(DISTINCT thread) FROM t") == 8)
    }

    @Test func readsAndWritesFromManyThreadsOnAnInMemoryDatabase() throws {
        let db = try Database.inMemory()
        try db.execute("CREATE TABLE t (x)")
        let errors = Protected(0)
        DispatchQueue.concurrentPerform(iterations: 8) { thread in
            for n in 0..<200 {
                do {
                    if thread % 2 == 0 {
                        try db.execute("INSERT INTO t VALUES (?)", [n])
                    } else {
                        _ = try db.fetchValue(Int.self, "SELECT count(*) FROM t")
                    }
                } catch {
                    errors.withLock { $0 += 1 }
                }
            }
        }
        #expect(errors.value == 0)
        #expect(try db.fetchValue(Int.self, "SELECT count(*) FROM t") == 800)
    }

    @Test func longReadKeepsItsSnapshotWhileAWriteCommitsWithoutWaiting() throws {
        let directory = try TemporaryDirectory()
        let db = try Database(path: directory.path("snapshot.sqlite"))
        try db.execute("CREATE TABLE t (x)")
        try db.execute("INSERT INTO t VALUES (1)")

        let readStarted = DispatchSemaphore(value: 0)
        let writeDone = DispatchSemaphore(value: 0)
        let counts = Protected<[Int]>([])
        let writerWaited = Protected(false)

        let reader = Thread {
            do {
                try db.read { connection in
                    let first = try connection.fetchValue(Int.self, "SELECT count(*) FROM t") ?? -1
                    readStarted.signal()
                    // The write must finish while this read is still open.
                    if writeDone.wait(timeout: .now() + 10) == .timedOut {
                        writerWaited.withLock { $0 = true }
                    }
                    let second = try connection.fetchValue(Int.self, "SELECT count(*) FROM t") ?? -1
                    counts.withLock { $0 = [first, second] }
                }
            } catch {
                counts.withLock { $0 = [-1] }
            }
            readStarted.signal()
        }
        reader.start()
        readStarted.wait()
        try db.execute("INSERT INTO t VALUES (2)")
        writeDone.signal()
        while counts.value.isEmpty { usleep(1000) }

        #expect(!writerWaited.value)
        #expect(counts.value == [1, 1], "the read finishes on the snapshot it started with")
        #expect(try db.fetchValue(Int.self, "SELECT count(*) FROM t") == 2)
    }

    @Test func twoDatabaseInstancesOnOneFileWriteAtOnceWithoutLockedErrors() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("shared.sqlite")
        let first = try Database(path: path)
        try first.execute("CREATE TABLE t (source INTEGER, n INTEGER)")
        let second = try Database(path: path)
        let errors = Protected<[String]>([])
        DispatchQueue.concurrentPerform(iterations: 8) { worker in
            let db = worker % 2 == 0 ? first : second
            for n in 0..<150 {
                do {
                    try db.write { connection in
                        let count = try connection.fetchValue(Int.self, "SELECT count(*) FROM t") ?? 0
                        try connection.execute("INSERT INTO t VALUES (?, ?)", [worker, count + n])
                    }
                } catch {
                    errors.withLock { $0.append("\(error)") }
                }
            }
        }
        #expect(errors.value == [])
        #expect(try first.fetchValue(Int.self, "SELECT count(*) FROM t") == 1200)
        #expect(try second.fetchValue(Int.self, "SELECT count(*) FROM t") == 1200)
    }

    @Test func manyConnectionsOpeningOneNewFileAtOnceAllSucceed() throws {
        let directory = try TemporaryDirectory()
        let failures = Protected<[String]>([])
        for round in 0..<40 {
            let path = directory.path("new-\(round).sqlite")
            DispatchQueue.concurrentPerform(iterations: 12) { opener in
                do {
                    let db = try Database(path: path)
                    try db.execute("CREATE TABLE IF NOT EXISTS t (opener INTEGER)")
                    try db.execute("INSERT INTO t VALUES (?)", [opener])
                    db.close()
                } catch {
                    failures.withLock { $0.append("round \(round), opener \(opener): \(error)") }
                }
            }
            let db = try Database(path: path)
            #expect(try db.fetchValue(Int.self, "SELECT count(*) FROM t") == 12)
            #expect(try db.fetchValue(String.self, "PRAGMA journal_mode") == "wal")
            db.close()
        }
        #expect(failures.value == [])
    }

    @Test func asyncReadAndWriteDoNotBlockTheCaller() async throws {
        let directory = try TemporaryDirectory()
        let db = try Database(path: directory.path("async.sqlite"))
        try await db.performWrite { try $0.execute("CREATE TABLE t (x)") }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for n in 0..<50 {
                group.addTask {
                    try await db.performWrite { try $0.execute("INSERT INTO t VALUES (?)", [n]) }
                }
            }
            try await group.waitForAll()
        }
        let count = try await db.performRead { try $0.fetchValue(Int.self, "SELECT count(*) FROM t") }
        #expect(count == 50)
        let sum = try await db.performTransaction { connection -> Int in
            try connection.fetchValue(Int.self, "SELECT sum(x) FROM t") ?? 0
        }
        #expect(sum == (0..<50).reduce(0, +))
    }

    /// Sixteen record operations that each wait until all sixteen have started: they can
    /// only all start if none of them holds one of the cooperative pool's few threads.
    @Test func recordOperationsFromATaskGroupBlockNoThreadOfTheCooperativePool() async throws {
        let directory = try TemporaryDirectory()
        let db = try Database(path: directory.path("records.sqlite"))
        struct Entry: ActiveRecord, Sendable {
            var id: Int64?
            var n: Int
        }
        _ = try await db.perform { try Entry.count(in: $0) }
        let concurrent = 16
        let started = Protected(0)
        let allStarted = DispatchSemaphore(value: 0)
        let results = try await withThrowingTaskGroup(of: Bool.self) { group in
            for n in 0..<concurrent {
                group.addTask {
                    try await db.perform { db in
                        if started.withLock({ count in count += 1; return count }) == concurrent {
                            for _ in 0..<concurrent { allStarted.signal() }
                        }
                        let together = allStarted.wait(timeout: .now() + 20) == .success
                        var entry = Entry(n: n)
                        try entry.save(in: db)
                        return together && entry.id != nil
                    }
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results == Array(repeating: true, count: concurrent))
        #expect(try await db.perform { try Entry.count(in: $0) } == concurrent)
    }

    @Test func asyncErrorsPropagateAndRollBack() async throws {
        let db = try Database.inMemory()
        try await db.performWrite { try $0.execute("CREATE TABLE t (x UNIQUE)") }
        await #expect(throws: DatabaseError.self) {
            try await db.performWrite { connection in
                try connection.execute("INSERT INTO t VALUES (1)")
                try connection.execute("INSERT INTO t VALUES (1)")
            }
        }
        #expect(try await db.performRead { try $0.fetchValue(Int.self, "SELECT count(*) FROM t") } == 0)
    }

    @Test func readsRunInParallelOnTheReaderPool() throws {
        let directory = try TemporaryDirectory()
        let db = try Database(path: directory.path("pool.sqlite"))
        try db.execute("CREATE TABLE t (x)")
        let inside = Protected(0)
        let maximum = Protected(0)
        let bothInside = DispatchSemaphore(value: 0)
        DispatchQueue.concurrentPerform(iterations: 2) { _ in
            try? db.read { _ in
                let now = inside.withLock { count -> Int in
                    count += 1
                    return count
                }
                maximum.withLock { $0 = max($0, now) }
                if now == 2 { bothInside.signal(); bothInside.signal() }
                _ = bothInside.wait(timeout: .now() + 5)
                inside.withLock { $0 -= 1 }
            }
        }
        #expect(maximum.value == 2)
    }
}
