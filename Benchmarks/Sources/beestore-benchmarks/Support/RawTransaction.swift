import CSQLiteRaw

/// The raw C baseline's write transaction: `BEGIN IMMEDIATE`, one `INSERT`, `COMMIT`,
/// each a statement prepared once and reused.
final class RawTransaction {
    private let database: RawDatabase
    private let begin: RawStatement
    private let insert: RawStatement
    private let commit: RawStatement

    init(_ database: RawDatabase, insertSQL: String = Item.insertSQL) throws {
        self.database = database
        begin = try database.prepare("BEGIN IMMEDIATE")
        insert = try database.prepare(insertSQL)
        commit = try database.prepare("COMMIT")
    }

    /// Inserts `item` in a transaction of its own; returns its new id.
    func insert(_ item: Item) throws -> Int64 {
        try insert(binding: item.bind(to:))
    }

    /// Runs the insert, its parameters bound by `bind`, in a transaction of its own;
    /// returns the new row's id.
    func insert(binding bind: (OpaquePointer) -> Void) throws -> Int64 {
        try run(begin)
        bind(insert.handle)
        try run(insert)
        let id = sqlite3_last_insert_rowid(database.handle)
        try run(commit)
        return id
    }

    private func run(_ statement: RawStatement) throws {
        let code = sqlite3_step(statement.handle)
        sqlite3_reset(statement.handle)
        try database.check(code, "write transaction")
    }
}
