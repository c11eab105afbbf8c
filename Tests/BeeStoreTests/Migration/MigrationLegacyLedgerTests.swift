import Foundation
import Testing

@testable import BeeStore

/// A database migrated by an earlier version (Fixtures/legacy-migrations.sqlite: the example
/// migrations of Migrations/, recorded with the SHA-256 of their SQL, and a code migration
/// of version "2"), migrated by this one, whose SQL checksums are CRC-32C.
@Suite struct MigrationLegacyLedgerTests {
    let folder: TemporaryDirectory
    let database: Database

    init() throws {
        folder = try TemporaryDirectory("MigrationLegacyLedgerTests")
        database = try Database(path: try Fixtures.copy("legacy-migrations.sqlite", into: folder))
    }


    func migrator(editing identifier: String? = nil) throws -> Migrator {
        var migrator = Migrator(database: database)
        for migration in try Migration.load(from: ExampleMigrations.directory) {
            if migration.identifier == identifier {
                try migrator.register(Migration(migration.identifier, sql: "CREATE TABLE edited (id INTEGER)"))
            } else {
                try migrator.register(migration)
            }
        }
        try migrator.register(Migration("0005_code", version: "2") { try $0.execute("CREATE TABLE code_made (id INTEGER)") })
        return migrator
    }

    @Test func anEarlierLedgersSHA256ChecksumsStillMatchAndStayAsTheyWere() throws {
        let ledger = "SELECT identifier, checksum FROM beestore_migrations ORDER BY rowid"
        let before = try database.fetchAll(ledger).map { try $0.decode(String.self, at: 1) }
        #expect(before.prefix(4).allSatisfy(LegacySHA256.isHexDigest))
        let migrator = try migrator()
        #expect(try migrator.status().map(\.state) == Array(repeating: .applied, count: 5))
        #expect(try migrator.migrate().isEmpty)
        #expect(try database.fetchAll(ledger).map { try $0.decode(String.self, at: 1) } == before)
    }

    @Test func aMigrationChangedSinceAnEarlierVersionAppliedItIsStillDetected() throws {
        let migrator = try migrator(editing: "0002_create_nodes")
        #expect(try migrator.status().map(\.state) == [.applied, .changed, .applied, .applied, .applied])
        #expect(throws: MigrationError.self) { try migrator.migrate() }
        #expect(try migrator.migrate(acceptingChangedChecksums: true).isEmpty)
        let recorded = try database.fetchValue(
            String.self, "SELECT checksum FROM beestore_migrations WHERE identifier = '0002_create_nodes'")
        #expect(recorded == Migration("0002_create_nodes", sql: "CREATE TABLE edited (id INTEGER)").checksum)
        #expect(recorded?.utf8.count == 8)
    }
}
