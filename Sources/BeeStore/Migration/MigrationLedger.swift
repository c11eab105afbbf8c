import Foundation

/// The table recording which migrations a database has applied: `beestore_migrations`,
/// with one row per applied migration (its identifier, its checksum when applied and the
/// time it was applied), in the order they were applied (rowid order).
enum MigrationLedger {
    static let tableName = "beestore_migrations"

    /// One applied migration.
    struct Entry {
        let identifier: String
        let checksum: String
        let appliedAt: Date
    }

    static func create(in connection: Connection) throws {
        try connection.execute("""
            CREATE TABLE IF NOT EXISTS \(tableName) (
                identifier TEXT NOT NULL PRIMARY KEY,
                checksum TEXT NOT NULL,
                applied_at TEXT NOT NULL
            )
            """)
    }

    /// The applied migrations, oldest first; none when the table does not exist yet.
    static func entries(in connection: Connection) throws -> [Entry] {
        let exists = try connection.fetchOne(
            "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?", [tableName]) != nil
        guard exists else { return [] }
        return try connection.fetchAll("SELECT identifier, checksum, applied_at FROM \(tableName) ORDER BY rowid")
            .map { row in
                Entry(
                    identifier: try row.decode(String.self, at: 0),
                    checksum: try row.decode(String.self, at: 1),
                    appliedAt: try row.decode(Date.self, at: 2))
            }
    }

    static func record(_ migration: Migration, in connection: Connection) throws {
        try connection.execute(
            "INSERT INTO \(tableName) (identifier, checksum, applied_at) VALUES (?, ?, ?)",
            [migration.identifier, migration.checksum, Date()])
    }

    static func updateChecksum(of migration: Migration, in connection: Connection) throws {
        try connection.execute(
            "UPDATE \(tableName) SET checksum = ? WHERE identifier = ?", [migration.checksum, migration.identifier])
    }

    static func remove(_ identifier: String, in connection: Connection) throws {
        try connection.execute("DELETE FROM \(tableName) WHERE identifier = ?", [identifier])
    }
}
