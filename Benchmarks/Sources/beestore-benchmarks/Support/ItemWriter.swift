import BeeStore
import GRDB

/// How a write workload writes items, for each kind of library: given the open database
/// of a trial, the timed code that writes a library's own records (their new ids
/// written into them).
protocol ItemWriting {
    func raw(_ database: RawDatabase) throws -> (inout [Item]) throws -> Void
    func grdb<Record: MutablePersistableRecord>(_ pool: DatabasePool, _ type: Record.Type) -> (inout [Record]) throws -> Void
    func bee<Record: ActiveRecord>(_ database: BeeStore.Database, _ type: Record.Type) -> (inout [Record]) throws -> Void
}

/// One trial of a write workload, set up before the clock: a fresh database whose item
/// table the C API created, the library's connection, and its own records of the items
/// (each trial writes the new ids into an array of its own: writing into one that shared
/// its buffer with the workload's would copy it inside the timed part).
struct ItemWriter {
    private let run: () throws -> Void
    private let close: () -> Void
    private let written: () -> ItemDigest
    private let path: String
    private let scratch: Scratch

    /// The items of a write workload: new (no id), the values of ``Item/sample(_:)``.
    static func newItems(_ count: Int) -> [Item] {
        (1...Int64(count)).map { id in
            var item = Item.sample(id)
            item.id = nil
            return item
        }
    }

    init(library: Library, items: [Item], scratch: Scratch, writing: some ItemWriting) throws {
        let path = scratch.freshPath("write")
        try RawDatabase(path: path).execute(Item.createTableSQL)
        self.path = path
        self.scratch = scratch
        var batch = items.map { $0 }
        var close: () -> Void = {}
        var written: () -> ItemDigest = { ItemDigest(batch) }
        switch library {
        case .raw:
            let write = try writing.raw(try RawDatabase(path: path))
            run = { try write(&batch) }
        case .grdbCodable:
            let pool = try DatabasePool(path: path)
            let write = writing.grdb(pool, Item.self)
            close = { try? pool.close() }
            run = { try write(&batch) }
        case .grdbHandWritten:
            let pool = try DatabasePool(path: path)
            let write = writing.grdb(pool, GRDBHandWrittenItem.self)
            var records = items.map(GRDBHandWrittenItem.init)
            close = { try? pool.close() }
            written = { ItemDigest(records.lazy.map(\.item)) }
            run = { try write(&records) }
        case .beeStore:
            let bee = try BeeStore.Database(path: path)
            _ = try Item.count(in: bee)  // the first use of a record type checks its table
            let write = writing.bee(bee, Item.self)
            close = { bee.close() }
            run = { try write(&batch) }
        case .beeStoreColumnCodable:
            let bee = try BeeStore.Database(path: path)
            _ = try ColumnCodableItem.count(in: bee)  // the first use of a record type checks its table
            let write = writing.bee(bee, ColumnCodableItem.self)
            var records = items.map(ColumnCodableItem.init)
            close = { bee.close() }
            written = { ItemDigest(records.lazy.map(\.item)) }
            run = { try write(&records) }
        case .foundation:
            throw CheckFailure.notCompared(library)
        }
        self.close = close
        self.written = written
    }

    /// The trial: the write timed, then the new ids and the file's table checked against `expected`.
    func trial(expecting expected: ItemDigest) -> Trial {
        Trial(run: run) { [self] in
            close()
            try expectEqual(written(), expected, "written items with their new ids")
            try expectEqual(try ItemDigest.ofTable(in: RawDatabase(path: path)), expected, "item table after the writes")
            scratch.remove(database: path)
        }
    }
}
