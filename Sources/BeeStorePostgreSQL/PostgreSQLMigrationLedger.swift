#if PostgreSQL
import BeeStore
import Foundation

/// The table recording which migrations a PostgreSQL database applied:
/// `beestore_migrations`, one row per migration with its position in the order applied.
enum PostgreSQLMigrationLedger {
    static let tableName = "beestore_migrations"

    /// The key of the advisory lock every BeeStore migrator takes: "BeeStore" in ASCII.
    static let lockKey: Int64 = 0x4265_6553_746F_7265

    struct Entry {
        let identifier: String
        let checksum: String
    }

    private static var table: Query {
        Query(database: nil, table: tableName).rendered(for: .postgreSQL)
    }

    /// Takes the migrators' lock for the rest of the transaction, then makes the ledger
    /// if it is missing (under the lock, so that two servers never race to create it).
    static func lock(_ connection: PostgreSQLConnection) throws {
        try connection.execute(ServerStatements.transactionLock, [lockKey])
        let definition = TableDefinition(database: nil, name: tableName).rendered(for: .postgreSQL)
            .field("identifier", .text).notNull().primaryKey()
            .field("checksum", .text).notNull()
            .field("position", .integer).notNull()
            .field("applied_at", .text).notNull()
        for statement in try definition.createStatements(ifNotExists: true) {
            try connection.execute(statement)
        }
    }

    /// The applied migrations, in the order applied; none before the ledger exists.
    static func entries(in connection: PostgreSQLConnection) throws -> [Entry] {
        guard try connection.fetchValue(Bool.self, ServerStatements.tableExists, [tableName]) == true else { return [] }
        return try connection.fetchAll(table.select("identifier", "checksum").order(by: "position").selectStatement()).map {
            Entry(identifier: try $0.decode(String.self, at: 0), checksum: try $0.decode(String.self, at: 1))
        }
    }

    static func record(_ migration: Migration, position: Int, in connection: PostgreSQLConnection) throws {
        try connection.execute(
            table.set("identifier", migration.identifier).set("checksum", migration.checksum(for: .postgreSQL))
                .set("position", position).set("applied_at", Date()).insertStatement())
    }

    static func updateChecksum(of migration: Migration, in connection: PostgreSQLConnection) throws {
        try connection.execute(
            table.set("checksum", migration.checksum(for: .postgreSQL)).where("identifier", migration.identifier)
                .updateStatement())
    }

    static func remove(_ identifier: String, in connection: PostgreSQLConnection) throws {
        try connection.execute(table.where("identifier", identifier).deleteStatement())
    }
}
#endif
