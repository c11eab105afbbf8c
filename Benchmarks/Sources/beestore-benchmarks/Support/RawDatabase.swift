import CSQLiteRaw

/// A bare SQLite connection for the raw C baseline and for checking what the libraries
/// wrote. The timed loops call the C API directly on ``handle`` and ``RawStatement/handle``.
final class RawDatabase {
    let handle: OpaquePointer

    /// Opens (creating if needed) a database with the settings all three libraries share:
    /// WAL, `synchronous = NORMAL`, foreign keys on, the default page cache.
    init(path: String) throws {
        var handle: OpaquePointer?
        let code = sqlite3_open_v2(path, &handle, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX, nil)
        guard code == SQLITE_OK, let handle else {
            sqlite3_close_v2(handle)
            throw CheckFailure("cannot open \(path): \(String(cString: sqlite3_errstr(code)))")
        }
        self.handle = handle
        sqlite3_busy_timeout(handle, 5000)
        try execute("PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON")
    }

    deinit {
        sqlite3_close_v2(handle)
    }

    /// Runs `;`-separated SQL without arguments.
    func execute(_ sql: String) throws {
        try check(sqlite3_exec(handle, sql, nil, nil, nil), sql)
    }

    func prepare(_ sql: String) throws -> RawStatement {
        var statement: OpaquePointer?
        try check(sqlite3_prepare_v3(handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil), sql)
        guard let statement else { throw CheckFailure("no statement in \(sql)") }
        return RawStatement(handle: statement)
    }

    /// The integer columns of the single row `sql` returns.
    func integers(_ sql: String) throws -> [Int64] {
        let statement = try prepare(sql)
        guard sqlite3_step(statement.handle) == SQLITE_ROW else { throw error(sql) }
        return (0..<sqlite3_column_count(statement.handle)).map { sqlite3_column_int64(statement.handle, $0) }
    }

    /// Throws unless `code` is `SQLITE_OK` (or `SQLITE_DONE` after a step).
    func check(_ code: Int32, _ sql: String) throws {
        guard code == SQLITE_OK || code == SQLITE_DONE else { throw error(sql) }
    }

    func error(_ sql: String) -> CheckFailure {
        CheckFailure("SQLite error \(sqlite3_extended_errcode(handle)) \(String(cString: sqlite3_errmsg(handle))) in \(sql)")
    }

    /// `SQLITE_TRANSIENT`: SQLite copies bound text before the call returns.
    static var transient: sqlite3_destructor_type {
        unsafeBitCast(OpaquePointer(bitPattern: -1), to: sqlite3_destructor_type.self)
    }

    /// The version of the SQLite library loaded in the process.
    static var version: String {
        String(cString: sqlite3_libversion())
    }
}

/// A prepared statement, finalized when released.
final class RawStatement {
    let handle: OpaquePointer

    init(handle: OpaquePointer) {
        self.handle = handle
    }

    deinit {
        sqlite3_finalize(handle)
    }

    /// The names of the statement's result columns.
    var columnNames: [String] {
        (0..<sqlite3_column_count(handle)).map { String(cString: sqlite3_column_name(handle, $0)) }
    }
}

extension Item {
    /// An item from the current row of a raw statement selecting ``Item/columnsSQL``.
    init(columnsOf statement: OpaquePointer) {
        self.init(
            id: sqlite3_column_int64(statement, 0),
            a: sqlite3_column_int64(statement, 1), b: sqlite3_column_int64(statement, 2),
            c: sqlite3_column_int64(statement, 3), d: sqlite3_column_int64(statement, 4),
            e: sqlite3_column_int64(statement, 5), f: sqlite3_column_int64(statement, 6),
            g: sqlite3_column_int64(statement, 7), h: sqlite3_column_int64(statement, 8),
            i: sqlite3_column_int64(statement, 9), j: sqlite3_column_int64(statement, 10))
    }
}

extension RawDatabase {
    /// The C API by hand: one read transaction, one step and ten column reads per row of
    /// `statement`, which selects ``Item/columnsSQL``.
    func fetchItems(_ statement: RawStatement) throws -> [Item] {
        try execute("BEGIN")
        defer {
            sqlite3_reset(statement.handle)
            try? execute("COMMIT")
        }
        let handle = statement.handle
        var items: [Item] = []
        while true {
            let code = sqlite3_step(handle)
            guard code == SQLITE_ROW else {
                try check(code, "SELECT FROM item")
                return items
            }
            items.append(Item(columnsOf: handle))
        }
    }
}

extension Item {
    /// The new item's columns, for ``bind(to:)``: the database gives the id.
    static let insertSQL = "INSERT INTO item (a, b, c, d, e, f, g, h, i, j) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"

    /// Binds the item's ten value columns to the parameters of ``insertSQL``.
    func bind(to statement: OpaquePointer) {
        sqlite3_bind_int64(statement, 1, a)
        sqlite3_bind_int64(statement, 2, b)
        sqlite3_bind_int64(statement, 3, c)
        sqlite3_bind_int64(statement, 4, d)
        sqlite3_bind_int64(statement, 5, e)
        sqlite3_bind_int64(statement, 6, f)
        sqlite3_bind_int64(statement, 7, g)
        sqlite3_bind_int64(statement, 8, h)
        sqlite3_bind_int64(statement, 9, i)
        sqlite3_bind_int64(statement, 10, j)
    }
}
