import CSQLiteRaw

/// The `item` table read by the fetch and lookup workloads: ids 1…count holding
/// ``Item/sample(_:)``, built once with the C API and shared by all three libraries.
final class ItemFixture {
    let count: Int
    /// The file's name, without its extension.
    private let name: String
    private var builtPath: String?

    init(count: Int, name: String = "items") {
        self.count = count
        self.name = name
    }

    /// The digest of the whole table.
    lazy var digest = ItemDigest((1...Int64(count)).lazy.map(Item.sample))

    /// The fixture's file, built on first use.
    func path(in scratch: Scratch) throws -> String {
        if let builtPath { return builtPath }
        let path = scratch.path(name + ".sqlite")
        let database = try RawDatabase(path: path)
        try database.execute(Item.createTableSQL)
        try database.execute("BEGIN")
        let insert = try database.prepare("INSERT INTO item (\(Item.columnsSQL)) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")
        for id in 1...Int64(count) {
            let item = Item.sample(id)
            sqlite3_bind_int64(insert.handle, 1, id)
            for (index, value) in item.values.enumerated() {
                sqlite3_bind_int64(insert.handle, Int32(index + 2), value)
            }
            try database.check(sqlite3_step(insert.handle), "INSERT INTO item")
            sqlite3_reset(insert.handle)
        }
        try database.execute("COMMIT; PRAGMA wal_checkpoint(TRUNCATE)")
        try expectEqual(try ItemDigest.ofTable(in: database), digest, "item fixture")
        builtPath = path
        return path
    }
}
