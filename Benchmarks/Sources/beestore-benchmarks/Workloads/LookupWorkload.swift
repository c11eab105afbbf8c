import BeeStore
import BenchmarkSupport
import CSQLiteRaw
import GRDB

/// Looks up items one by one by primary key, in a pseudo-random order, in one read.
final class LookupWorkload: Workload {
    /// How BeeStore looks an item up.
    enum Style {
        /// `Item.where("id", id).first(in: db)`, the record query builder.
        case queryBuilder
        /// `Item.find(id, in: db)`.
        case find
    }

    let rawRatioTarget: Double? = 2
    private let fixture: ItemFixture
    private let style: Style
    private let ids: [Int64]
    private let expected: ItemDigest
    private var connections: ItemConnections?

    init(fixture: ItemFixture, lookups: Int, style: Style) {
        self.fixture = fixture
        self.style = style
        var state: UInt64 = 0x5EED
        ids = (0..<lookups).map { _ in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int64((state >> 33) % UInt64(fixture.count)) + 1
        }
        expected = ItemDigest(ids.map(Item.sample))
    }

    var name: String {
        switch style {
        case .queryBuilder: "3. lookup ×\(grouped(ids.count)) (query builder)"
        case .find: "3b. lookup ×\(grouped(ids.count)) (Item.find)"
        }
    }

    var operations: Operations { Operations(count: ids.count, unit: "lookup") }

    /// The query of one lookup, for the raw C baseline and GRDB.
    private static let sql = "SELECT \(Item.columnsSQL) FROM item WHERE id = ?"

    func setUp(in scratch: Scratch) throws {
        connections = try ItemConnections(path: fixture.path(in: scratch), rawSQL: Self.sql)
    }

    func trial(for library: Library, in scratch: Scratch) throws -> Trial {
        guard let connections else { throw CheckFailure("not set up") }
        var digest = ItemDigest()
        let ids = ids
        let bee = connections.bee
        let run: () throws -> Void
        switch (library, style) {
        case (.raw, _):
            run = { digest = try Self.lookUp(ids, connections.raw, connections.rawStatement) }
        case (.grdbCodable, _):
            run = { digest = try Self.lookUp(ids, in: connections.grdb, as: Item.self) { $0 } }
        case (.grdbHandWritten, _):
            run = { digest = try Self.lookUp(ids, in: connections.grdb, as: GRDBHandWrittenItem.self, \.item) }
        case (.beeStore, .queryBuilder):
            run = {
                digest = try bee.read { _ in
                    try ItemConnections.lookUp(ids) { id in try Item.where("id", id).first(in: bee) }
                }
            }
        case (.beeStore, .find):
            run = {
                digest = try bee.read { _ in
                    try ItemConnections.lookUp(ids) { try Item.find($0, in: bee) }
                }
            }
        case (.beeStoreColumnCodable, .queryBuilder):
            run = {
                digest = try bee.read { _ in
                    try ItemConnections.lookUp(ids) { id in
                        try ColumnCodableItem.where("id", id).first(in: bee)?.item
                    }
                }
            }
        case (.beeStoreColumnCodable, .find):
            run = {
                digest = try bee.read { _ in
                    try ItemConnections.lookUp(ids) { try ColumnCodableItem.find($0, in: bee)?.item }
                }
            }
        case (.foundation, _):
            throw CheckFailure.notCompared(library)
        }
        return Trial(run: run) { [expected] in
            try expectEqual(digest, expected, "looked-up items")
        }
    }

    /// GRDB in one read, as BeeStore caches its statements: each lookup takes the
    /// lookup's statement from the connection's cache (`cachedStatement(sql:)`) and
    /// fetches one `Record` from it.
    private static func lookUp<Record: FetchableRecord>(
        _ ids: [Int64], in pool: DatabasePool, as record: Record.Type, _ item: (Record) -> Item
    ) throws -> ItemDigest {
        try pool.read { db in
            try ItemConnections.lookUp(ids) { id in
                try Record.fetchOne(db.cachedStatement(sql: sql), arguments: [id]).map(item)
            }
        }
    }

    /// The C API by hand: one read transaction, one prepared statement bound and reset per id.
    private static func lookUp(_ ids: [Int64], _ database: RawDatabase, _ statement: RawStatement) throws -> ItemDigest {
        try database.execute("BEGIN")
        defer { try? database.execute("COMMIT") }
        let handle = statement.handle
        var digest = ItemDigest()
        for id in ids {
            sqlite3_bind_int64(handle, 1, id)
            let code = sqlite3_step(handle)
            guard code == SQLITE_ROW else {
                sqlite3_reset(handle)
                try database.check(code, "SELECT FROM item WHERE id = ?")
                throw CheckFailure("no item \(id)")
            }
            digest.add(Item(columnsOf: handle))
            sqlite3_reset(handle)
        }
        return digest
    }

    func tearDown() {
        connections?.close()
        connections = nil
    }
}
