import BeeStore
import BenchmarkSupport
import CSQLiteRaw
import Foundation
import GRDB

/// Edits one column of items an app loaded before, and writes them back in one write
/// transaction: every column of the row (9, `update`), or only the changed one (9b,
/// `updateChanges(from:)`, which BeeStore makes refuse a row changed underneath).
final class UpdateWorkload: Workload {
    /// What each update writes.
    enum Style {
        /// Every column: `record.update(in: db)`, GRDB's `update(db)`.
        case wholeRow
        /// The changed column: `record.updateChanges(in: db, from: loaded)`, GRDB's
        /// `updateChanges(db, from: loaded)`.
        case changedColumn
    }

    let rawRatioTarget: Double? = nil
    private let fixture: ItemFixture
    private let style: Style
    /// The items as loaded, and as edited (`c` plus one).
    private let loaded: [Item]
    private let edited: [Item]

    init(fixture: ItemFixture, updates: Int, style: Style) {
        self.fixture = fixture
        self.style = style
        loaded = (1...Int64(min(updates, fixture.count))).map(Item.sample)
        edited = loaded.map { item in
            var item = item
            item.c += 1
            return item
        }
    }

    var name: String {
        switch style {
        case .wholeRow: "9. update ×\(grouped(loaded.count)) rows, every column"
        case .changedColumn: "9b. update ×\(grouped(loaded.count)) rows, the changed column"
        }
    }

    var operations: Operations { Operations(count: loaded.count, unit: "update") }

    func setUp(in scratch: Scratch) throws {}

    /// The raw C baseline's statement: the one BeeStore runs for the style (for the
    /// changed column, the old value checked in the `WHERE` clause).
    private var rawSQL: String {
        switch style {
        case .wholeRow: "UPDATE item SET " + Item.columns.dropFirst().map { "\($0) = ?" }.joined(separator: ", ") + " WHERE id = ?"
        case .changedColumn: "UPDATE item SET c = ? WHERE id = ? AND c = ?"
        }
    }

    /// Every library updates a fresh copy of the fixture, opened before the clock.
    func trial(for library: Library, in scratch: Scratch) throws -> Trial {
        let path = scratch.freshPath("update")
        try FileManager.default.copyItem(atPath: try fixture.path(in: scratch), toPath: path)
        let (loaded, edited, style) = (loaded, edited, style)
        var close: () -> Void = {}
        let run: () throws -> Void
        switch library {
        case .raw:
            let database = try RawDatabase(path: path)
            let statement = try database.prepare(rawSQL)
            let sql = rawSQL
            run = {
                let handle = statement.handle
                try database.execute("BEGIN IMMEDIATE")
                for (old, new) in zip(loaded, edited) {
                    switch style {
                    case .wholeRow:
                        new.bind(to: handle)
                        sqlite3_bind_int64(handle, 11, new.id!)
                    case .changedColumn:
                        sqlite3_bind_int64(handle, 1, new.c)
                        sqlite3_bind_int64(handle, 2, new.id!)
                        sqlite3_bind_int64(handle, 3, old.c)
                    }
                    let code = sqlite3_step(handle)
                    sqlite3_reset(handle)
                    try database.check(code, sql)
                }
                try database.execute("COMMIT")
            }
        case .grdbCodable:
            let pool = try DatabasePool(path: path)
            close = { try? pool.close() }
            run = { try Self.update(loaded, to: edited, in: pool, style: style) }
        case .grdbHandWritten:
            let pool = try DatabasePool(path: path)
            close = { try? pool.close() }
            let (old, new) = (loaded.map(GRDBHandWrittenItem.init), edited.map(GRDBHandWrittenItem.init))
            run = { try Self.update(old, to: new, in: pool, style: style) }
        case .beeStore:
            let bee = try BeeStore.Database(path: path)
            _ = try Item.count(in: bee)  // the first use of a record type checks its table
            close = { bee.close() }
            run = { try Self.update(loaded, to: edited, in: bee, style: style) }
        case .beeStoreColumnCodable:
            let bee = try BeeStore.Database(path: path)
            _ = try ColumnCodableItem.count(in: bee)  // the first use of a record type checks its table
            close = { bee.close() }
            let (old, new) = (loaded.map(ColumnCodableItem.init), edited.map(ColumnCodableItem.init))
            run = { try Self.update(old, to: new, in: bee, style: style) }
        case .foundation:
            throw CheckFailure.notCompared(library)
        }
        let expected = ItemDigest((1...Int64(fixture.count)).lazy.map { id in
            id <= Int64(edited.count) ? edited[Int(id) - 1] : Item.sample(id)
        })
        return Trial(run: run) {
            close()
            try expectEqual(try ItemDigest.ofTable(in: RawDatabase(path: path)), expected, "item table after the updates")
            scratch.remove(database: path)
        }
    }

    /// GRDB in one write: `update(db)`, or `updateChanges(db, from:)`.
    private static func update<Record: MutablePersistableRecord>(
        _ loaded: [Record], to edited: [Record], in pool: DatabasePool, style: Style
    ) throws {
        try pool.write { db in
            for (old, new) in zip(loaded, edited) {
                switch style {
                case .wholeRow: try new.update(db)
                case .changedColumn:
                    guard try new.updateChanges(db, from: old) else { throw CheckFailure("no change written") }
                }
            }
        }
    }

    /// BeeStore in one write: `update(in:)`, or `updateChanges(in:from:)`.
    private static func update<Record: ActiveRecord>(
        _ loaded: [Record], to edited: [Record], in bee: BeeStore.Database, style: Style
    ) throws {
        try bee.write { _ in
            for (old, new) in zip(loaded, edited) {
                switch style {
                case .wholeRow: try new.update(in: bee)
                case .changedColumn:
                    var new = new
                    guard try new.updateChanges(in: bee, from: old) else { throw CheckFailure("no change written") }
                }
            }
        }
    }

    func tearDown() {}
}
