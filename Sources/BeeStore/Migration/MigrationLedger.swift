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

    private static var table: Query {
        Query(database: nil, table: tableName)
    }

    static func create(in connection: Connection) throws {
        let definition = TableDefinition(database: nil, name: tableName)
            .field("identifier", .text).notNull().primaryKey()
            .field("checksum", .text).notNull()
            .field("applied_at", .text).notNull()
        for statement in try definition.createStatements(ifNotExists: true) {
            try connection.execute(statement)
        }
    }

    /// The applied migrations, oldest first; none when the table does not exist yet.
    static func entries(in connection: Connection) throws -> [Entry] {
        guard try connection.catalog.hasTable(named: tableName) else { return [] }
        let query = table.select("identifier", "checksum", "applied_at").order(by: "rowid")
        return try connection.fetchAll(query.selectStatement()).map { row in
            Entry(
                identifier: try row.decode(String.self, at: 0),
                checksum: try row.decode(String.self, at: 1),
                appliedAt: try row.decode(Date.self, at: 2))
        }
    }

    static func record(_ migration: Migration, in connection: Connection) throws {
        let insert = table.set("identifier", migration.identifier).set("checksum", migration.checksum)
            .set("applied_at", Date())
        try connection.execute(insert.insertStatement())
    }

    static func updateChecksum(of migration: Migration, in connection: Connection) throws {
        let update = table.set("checksum", migration.checksum).where("identifier", migration.identifier)
        try connection.execute(update.updateStatement())
    }

    static func remove(_ identifier: String, in connection: Connection) throws {
        try connection.execute(table.where("identifier", identifier).deleteStatement())
    }
}
