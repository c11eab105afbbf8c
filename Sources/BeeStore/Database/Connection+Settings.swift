// SQLite island: foreign key enforcement, the data version, the schema version and a
// table's primary key are settings, counters and facts that SQLite keeps per connection
// and per file, read and written with PRAGMAs.

extension Connection {
    /// Whether SQLite enforces foreign keys on this connection.
    var enforcesForeignKeys: Bool {
        get throws { try fetchValue(Bool.self, "PRAGMA foreign_keys") ?? false }
    }

    /// Turns foreign key enforcement on or off; SQLite ignores the change inside a transaction.
    func setEnforcesForeignKeys(_ enforced: Bool) throws {
        try execute(enforced ? "PRAGMA foreign_keys = ON" : "PRAGMA foreign_keys = OFF")
    }

    /// SQLite's data version of the connection's file: it changes when another connection
    /// commits a change to it.
    func dataVersion() throws -> Int? {
        try fetchValue(Int.self, "PRAGMA data_version")
    }

    /// Reads the schema version, which starts the read transaction of an open deferred
    /// transaction at once: from then on the connection sees one snapshot of the file.
    func startSnapshot() throws {
        _ = try fetchValue(Int.self, "PRAGMA schema_version")
    }

    /// How many columns the table `name` of the main database has, and how many of them
    /// are in its primary key (0 for a table with a row id and no declared key). Both are
    /// 0 for a table that does not exist.
    func primaryKeyShape(of name: String) throws -> (columnCount: Int, keyColumnCount: Int) {
        let row = try fetchOne("SELECT count(*), coalesce(sum(pk > 0), 0) FROM pragma_table_info(?, 'main')", [name])
        return (try row?.decode(Int.self, at: 0) ?? 0, try row?.decode(Int.self, at: 1) ?? 0)
    }
}
