// SQLite island: foreign key enforcement and the data version are settings and counters
// that SQLite keeps per connection, read and written with PRAGMAs.

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
}
