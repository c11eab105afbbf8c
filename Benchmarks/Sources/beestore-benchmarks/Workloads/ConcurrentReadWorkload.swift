import BeeStore
import BenchmarkSupport
import CSQLiteRaw
import Foundation
import GRDB

/// Reader threads fetch every row of the item table at once, each in a read of its own,
/// while a writer thread commits one-row transactions into another table of the same
/// file until they are done: how reads scale across threads beside a busy writer. Not
/// counted in instructions: callgrind counts one thread, and here the work is on five.
final class ConcurrentReadWorkload: Workload {
    static let readerCount = 4
    let rawRatioTarget: Double? = nil
    let isCountedInInstructions = false
    var libraries: [Library] { [.raw, .grdbHandWritten, .beeStore, .beeStoreColumnCodable] }
    private let fixture: ItemFixture
    private var connections: Connections?
    /// Per library, each trial's rows per second (all readers) and commits per second.
    private var rates: [Library: [(rows: Double, commits: Double)]] = [:]

    /// What the writer inserts, one row per transaction.
    static let tickSQL = "INSERT INTO tick (value) VALUES (?)"

    init(rowsPerReader: Int) {
        fixture = ItemFixture(count: rowsPerReader, name: "concurrent")
    }

    var name: String {
        "7. \(Self.readerCount) readers × \(grouped(fixture.count)) rows beside a writer"
    }

    var operations: Operations { Operations(count: Self.readerCount * fixture.count, unit: "row") }

    func setUp(in scratch: Scratch) throws {
        let path = try fixture.path(in: scratch)
        try RawDatabase(path: path).execute("CREATE TABLE tick (id INTEGER PRIMARY KEY, value INTEGER NOT NULL)")
        connections = try Connections(path: path)
    }

    func trial(for library: Library, in scratch: Scratch) throws -> Trial {
        guard let connections else { throw CheckFailure("not set up") }
        let read: (_ reader: Int) throws -> ItemDigest
        let write: (Int64) throws -> Void
        switch library {
        case .raw:
            let readers = connections.rawReaders
            read = { reader in ItemDigest(try readers[reader].0.fetchItems(readers[reader].1)) }
            let transaction = connections.rawWriter
            write = { value in _ = try transaction.insert { sqlite3_bind_int64($0, 1, value) } }
        case .grdbHandWritten:
            let pool = connections.grdb
            read = { _ in ItemDigest(try pool.read { db in try GRDBHandWrittenItem.fetchAll(db) }.lazy.map(\.item)) }
            write = { value in try pool.write { db in try db.cachedStatement(sql: Self.tickSQL).execute(arguments: [value]) } }
        case .beeStore, .beeStoreColumnCodable:
            let bee = connections.bee
            read = library == .beeStore
                ? { _ in ItemDigest(try Item.all(in: bee)) }
                : { _ in ItemDigest(try ColumnCodableItem.all(in: bee).lazy.map(\.item)) }
            write = { value in try bee.write { try $0.execute(Self.tickSQL, [value]) } }
        case .grdbCodable, .foundation:
            throw CheckFailure.notCompared(library)
        }
        var outcome = ConcurrentOutcome()
        return Trial(run: { outcome = try ConcurrentOutcome.run(readers: Self.readerCount, read: read, write: write) }) {
            [fixture, connections] in
            for digest in outcome.digests {
                try expectEqual(digest, fixture.digest, "items one reader fetched")
            }
            try expectEqual(outcome.digests.count, Self.readerCount, "readers")
            let ticks = try connections.check.integers("SELECT count(*) FROM tick")
            try expectEqual(ticks, [Int64(outcome.commits)], "rows the writer committed")
            try connections.check.execute("DELETE FROM tick")
            self.rates[library, default: []].append(
                (Double(self.operations.count) / outcome.seconds, Double(outcome.commits) / outcome.seconds))
        }
    }

    /// The readers' rows and the writer's commits per second, per library: medians of the
    /// timed trials (the first trial of each library is the untimed warm-up).
    func notes() throws -> [String] {
        func median(_ values: [Double]) -> Double {
            let sorted = values.sorted()
            return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
        }
        let medians = rates.mapValues { trials in
            let timed = trials.count > 1 ? Array(trials.dropFirst()) : trials
            return (rows: median(timed.map(\.rows)), commits: median(timed.map(\.commits)))
        }
        let rawRows = medians[.raw]?.rows
        var lines = ["7: rows per second fetched by the \(Self.readerCount) readers together, and commits per second of the writer beside them (medians):"]
        for library in libraries {
            guard let rates = medians[library] else { continue }
            let ratio = rawRows.map { " (" + format(rates.rows / $0) + "× raw C)" } ?? ""
            lines.append("  \(library.rawValue): \(grouped(Int(rates.rows))) rows/s\(ratio), writer \(grouped(Int(rates.commits))) commits/s")
        }
        return lines
    }

    func tearDown() {
        connections?.bee.close()
        connections = nil
    }

    /// Every library's connections to the workload's file, open across iterations.
    private final class Connections {
        /// One raw connection per reader, each with its prepared query.
        let rawReaders: [(RawDatabase, RawStatement)]
        let rawWriter: RawTransaction
        let grdb: DatabasePool
        let bee: BeeStore.Database
        /// A connection of its own for the checks.
        let check: RawDatabase

        init(path: String) throws {
            rawReaders = try (0..<ConcurrentReadWorkload.readerCount).map { _ in
                let database = try RawDatabase(path: path)
                return (database, try database.prepare("SELECT \(Item.columnsSQL) FROM item ORDER BY id"))
            }
            rawWriter = try RawTransaction(RawDatabase(path: path), insertSQL: ConcurrentReadWorkload.tickSQL)
            grdb = try DatabasePool(path: path)
            bee = try BeeStore.Database(path: path)
            // A record type's first use on a database checks its table in a write, which a read cannot nest.
            _ = try Item.count(in: bee)
            _ = try ColumnCodableItem.count(in: bee)
            check = try RawDatabase(path: path)
        }
    }
}

/// What one trial of concurrent reads gave: each reader's digest, the writer's commits,
/// and the time until the last reader was done.
struct ConcurrentOutcome {
    var digests: [ItemDigest] = []
    var commits = 0
    var seconds = 0.0

    /// Starts a writer thread that calls `write` in a loop, then `readers` threads that
    /// each call `read` once with their number; stops the writer once they are all done.
    static func run(
        readers: Int, read: @escaping (_ reader: Int) throws -> ItemDigest, write: @escaping (Int64) throws -> Void
    ) throws -> ConcurrentOutcome {
        let stop = StopFlag()
        let writer = JoinableThread { () throws -> Int in
            var commits = 0
            while !stop.isRaised {
                try write(Int64(commits))
                commits += 1
            }
            return commits
        }
        let clock = ContinuousClock()
        let start = clock.now
        let threads = (0..<readers).map { reader in JoinableThread { try read(reader) } }
        let digests = threads.map { thread in Result { try thread.join() } }
        let elapsed = clock.now - start
        stop.raise()
        let commits = try writer.join()
        return ConcurrentOutcome(digests: try digests.map { try $0.get() }, commits: commits, seconds: elapsed / .seconds(1))
    }
}
