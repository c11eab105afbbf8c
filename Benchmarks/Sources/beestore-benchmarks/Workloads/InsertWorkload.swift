import BeeStore
import CSQLiteRaw
import GRDB

/// Inserts new items (no ids) into a fresh, empty database in one transaction.
final class InsertWorkload: Workload {
    let rawRatioTarget: Double? = 2
    private let items: [Item]
    private let expected: ItemDigest

    init(count: Int) {
        items = (1...Int64(count)).map { id in
            var item = Item.sample(id)
            item.id = nil
            return item
        }
        expected = ItemDigest((1...Int64(count)).map(Item.sample))
    }

    var name: String { "2. insert \(grouped(items.count)) rows × 10 columns" }

    func setUp(in scratch: Scratch) throws {}

    var operations: Operations { Operations(count: items.count, unit: "row") }

    /// Every library inserts into a fresh database whose table the C API created, before the clock.
    func trial(for library: Library, in scratch: Scratch) throws -> Trial {
        let path = scratch.freshPath("insert")
        try RawDatabase(path: path).execute(Item.createTableSQL)
        // Each trial writes the new ids into an array of its own, made here: writing into
        // one that shares its buffer with `items` would copy it inside the timed part.
        var batch = items.map { $0 }
        var close: () -> Void = {}
        var inserted: () -> ItemDigest = { ItemDigest(batch) }
        let run: () throws -> Void
        switch library {
        case .raw:
            let raw = try RawDatabase(path: path)
            run = { try Self.insert(&batch, into: raw) }
        case .grdbCodable:
            var grdb: DatabasePool? = try DatabasePool(path: path)
            close = { grdb = nil }
            run = {
                try grdb?.write { db in
                    for index in batch.indices {
                        try batch[index].insert(db)
                    }
                }
            }
        case .grdbHandWritten:
            var grdb: DatabasePool? = try DatabasePool(path: path)
            var records = items.map(GRDBHandWrittenItem.init)
            close = { grdb = nil }
            inserted = { ItemDigest(records.lazy.map(\.item)) }
            run = {
                try grdb?.write { db in
                    for index in records.indices {
                        try records[index].insert(db)
                    }
                }
            }
        case .beeStore:
            let bee = try BeeStore.Database(path: path)
            _ = try Item.count(in: bee)  // the first use of a record type checks its table
            close = { bee.close() }
            run = { try batch.save(in: bee) }
        case .beeStoreColumnCodable:
            let bee = try BeeStore.Database(path: path)
            _ = try ColumnCodableItem.count(in: bee)  // the first use of a record type checks its table
            var records = items.map(ColumnCodableItem.init)
            close = { bee.close() }
            inserted = { ItemDigest(records.lazy.map(\.item)) }
            run = { try records.save(in: bee) }
        case .foundation:
            throw CheckFailure.notCompared(library)
        }
        return Trial(run: run) { [expected] in
            close()
            try expectEqual(inserted(), expected, "inserted items with their new ids")
            try expectEqual(try ItemDigest.ofTable(in: RawDatabase(path: path)), expected, "item table after insert")
            scratch.remove(database: path)
        }
    }

    /// What `Encodable` alone costs, to set beside the raw C insert.
    func notes() throws -> [String] {
        let floor = try CodableFloor.encoding(items)
        return [
            "2: Codable alone, no SQLite: encoding the \(grouped(items.count)) items into an encoder that "
                + "discards them takes \(milliseconds(floor)) (median of 7), the least any Encodable insert adds to raw C."
        ]
    }

    /// The C API by hand: one transaction, one prepared statement bound and reset per item.
    private static func insert(_ items: inout [Item], into database: RawDatabase) throws {
        let sql = "INSERT INTO item (a, b, c, d, e, f, g, h, i, j) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
        let statement = try database.prepare(sql)
        let handle = statement.handle
        try database.execute("BEGIN IMMEDIATE")
        for index in items.indices {
            let item = items[index]
            sqlite3_bind_int64(handle, 1, item.a)
            sqlite3_bind_int64(handle, 2, item.b)
            sqlite3_bind_int64(handle, 3, item.c)
            sqlite3_bind_int64(handle, 4, item.d)
            sqlite3_bind_int64(handle, 5, item.e)
            sqlite3_bind_int64(handle, 6, item.f)
            sqlite3_bind_int64(handle, 7, item.g)
            sqlite3_bind_int64(handle, 8, item.h)
            sqlite3_bind_int64(handle, 9, item.i)
            sqlite3_bind_int64(handle, 10, item.j)
            let code = sqlite3_step(handle)
            sqlite3_reset(handle)
            try database.check(code, sql)
            items[index].id = sqlite3_last_insert_rowid(database.handle)
        }
        try database.execute("COMMIT")
    }

    func tearDown() {}
}
