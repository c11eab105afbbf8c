import Dispatch
import Foundation
import Testing

@testable import BeeStore

/// The example app's migrations, in the repository's `Migrations/` folder.
enum ExampleMigrations {
    static var directory: URL {
        Repository.folder("Migrations")
    }

    static let identifiers = [
        "0001_create_sections", "0002_create_nodes", "0003_index_nodes_on_section", "0004_backfill_node_section_names",
    ]

    /// A file database in `directory` and a migrator holding the example migrations.
    static func migrator(in directory: TemporaryDirectory, file: String = "app.sqlite") throws -> Migrator {
        var migrator = Migrator(database: try Database(path: directory.path(file)))
        try migrator.registerMigrations(from: Self.directory)
        return migrator
    }
}

extension Database {
    /// The names of the schema objects of one type (`table`, `index`, …), sorted.
    func schemaNames(_ type: String) throws -> [String] {
        try fetchAll("SELECT name FROM sqlite_master WHERE type = ? AND name NOT LIKE 'sqlite_%' ORDER BY name", [type])
            .map { try $0.decode(String.self, at: 0) }
    }

    /// The column names of a table, in order.
    func columnNames(of table: String) throws -> [String] {
        try fetchAll("SELECT name FROM pragma_table_info(?)", [table]).map { try $0.decode(String.self, at: 0) }
    }

    /// Whether the writer enforces foreign keys (readers never write, so do not set it).
    var foreignKeysEnforced: Bool {
        get throws { try writeWithoutTransaction { try $0.fetchValue(Bool.self, "PRAGMA foreign_keys") } == true }
    }

    /// The number of rows of a table.
    func count(_ table: String) throws -> Int {
        try fetchValue(Int.self, "SELECT count(*) FROM \(table)") ?? 0
    }
}

/// Writes SQL migration files into a fresh directory.
func migrationFiles(_ files: [String: String]) throws -> TemporaryDirectory {
    let directory = try TemporaryDirectory("Migrations")
    for (name, text) in files {
        try Data(text.utf8).write(to: directory.url.appendingPathComponent(name))
    }
    return directory
}

@Suite struct MigrationTests {
    // MARK: Applying

    @Test func migrateAppliesAllPendingMigrationsInOrderOnce() throws {
        let directory = try TemporaryDirectory()
        let migrator = try ExampleMigrations.migrator(in: directory)
        #expect(try migrator.migrate() == ExampleMigrations.identifiers)
        #expect(try migrator.migrate() == [])
        let recorded = try migrator.database.fetchAll("SELECT identifier FROM beestore_migrations ORDER BY rowid")
            .map { try $0.decode(String.self, at: 0) }
        #expect(recorded == ExampleMigrations.identifiers)
    }

    @Test func exampleMigrationsGiveTheExpectedSchema() throws {
        let directory = try TemporaryDirectory()
        let migrator = try ExampleMigrations.migrator(in: directory)
        try migrator.migrate()
        let db = migrator.database
        #expect(try db.schemaNames("table") == ["beestore_migrations", "nodes", "sections"])
        #expect(try db.schemaNames("index") == ["nodes_on_section_id_and_sort"])
        #expect(try db.columnNames(of: "sections") == ["id", "name", "sort"])
        #expect(
            try db.columnNames(of: "nodes")
                == ["id", "name", "summary", "section_id", "sort", "topics_count", "updated_at", "section_name"])
        let foreignKey = try #require(try db.fetchOne("SELECT \"table\", \"from\", \"to\", on_delete FROM pragma_foreign_key_list('nodes')"))
        #expect(foreignKey.values == ["sections", "section_id", "id", "CASCADE"])
        let indexColumns = try db.fetchAll("SELECT name FROM pragma_index_info('nodes_on_section_id_and_sort') ORDER BY seqno")
            .map { try $0.decode(String.self, at: 0) }
        #expect(indexColumns == ["section_id", "sort"])
    }

    @Test func backfillMigrationFillsRowsStoredBeforeIt() throws {
        let directory = try TemporaryDirectory()
        let migrator = try ExampleMigrations.migrator(in: directory)
        try migrator.migrate(upTo: "0003_index_nodes_on_section")
        try migrator.database.execute(script: """
            INSERT INTO sections (id, name, sort) VALUES (1, 'Ruby', 1), (2, 'Jobs', 2);
            INSERT INTO nodes (id, name, section_id) VALUES (10, 'Rails', 1), (11, 'Remote', 2);
            """)
        #expect(try migrator.migrate() == ["0004_backfill_node_section_names"])
        let names = try migrator.database.fetchAll("SELECT section_name FROM nodes ORDER BY id")
            .map { try $0.decode(String.self, at: 0) }
        #expect(names == ["Ruby", "Jobs"])
    }

    @Test func migrateUpToStopsAtTheTarget() throws {
        let directory = try TemporaryDirectory()
        let migrator = try ExampleMigrations.migrator(in: directory)
        #expect(try migrator.migrate(upTo: "0002_create_nodes") == ["0001_create_sections", "0002_create_nodes"])
        #expect(try migrator.database.schemaNames("index") == [])
        #expect(try migrator.migrate(upTo: "0001_create_sections") == [])
        let error = #expect(throws: MigrationError.self) { try migrator.migrate(upTo: "0009_missing") }
        guard case .notRegistered("0009_missing")? = error else {
            Issue.record("unexpected error \(String(describing: error))")
            return
        }
    }

    @Test func migrateRefusesToRunInsideATransaction() throws {
        let directory = try TemporaryDirectory()
        let migrator = try ExampleMigrations.migrator(in: directory)
        let error = #expect(throws: MigrationError.self) {
            try migrator.database.write { _ in try migrator.migrate() }
        }
        guard case .insideTransaction? = error else {
            Issue.record("unexpected error \(String(describing: error))")
            return
        }
        #expect(try migrator.database.schemaNames("table") == [])
    }

    @Test func registeringAnIdentifierTwiceIsRefused() throws {
        let directory = try TemporaryDirectory()
        var migrator = try ExampleMigrations.migrator(in: directory)
        let error = #expect(throws: MigrationError.self) {
            try migrator.register(Migration("0002_create_nodes", sql: "SELECT 1"))
        }
        guard case .duplicateIdentifier("0002_create_nodes")? = error else {
            Issue.record("unexpected error \(String(describing: error))")
            return
        }
        #expect(migrator.migrations.count == 4)
    }

    // MARK: Failures

    @Test func failingMigrationRollsBackCompletelyAndKeepsEarlierOnes() throws {
        let directory = try TemporaryDirectory()
        var migrator = Migrator(database: try Database(path: directory.path("app.sqlite")))
        try migrator.register(Migration("1_create_sections", sql: "CREATE TABLE sections (id INTEGER PRIMARY KEY)"))
        try migrator.register(Migration("2_broken", sql: """
            CREATE TABLE nodes (id INTEGER PRIMARY KEY);
            INSERT INTO sections (id) VALUES (1);
            INSERT INTO no_such_table VALUES (1);
            """))
        try migrator.register(Migration("3_never", sql: "CREATE TABLE never (id INTEGER)"))
        let error = #expect(throws: MigrationError.self) { try migrator.migrate() }
        guard case .failed("2_broken", .up, let cause as DatabaseError)? = error else {
            Issue.record("unexpected error \(String(describing: error))")
            return
        }
        #expect(cause.message.contains("no_such_table"))
        #expect(String(describing: error).contains("2_broken"))
        let db = migrator.database
        #expect(try db.schemaNames("table") == ["beestore_migrations", "sections"])
        #expect(try db.count("sections") == 0)
        #expect(try migrator.status().map(\.state) == [.applied, .pending, .pending])
    }

    @Test func migrationBreakingAForeignKeyIsRolledBack() throws {
        let directory = try TemporaryDirectory()
        var migrator = try ExampleMigrations.migrator(in: directory)
        try migrator.register(Migration("0005_orphan_node", sql: "INSERT INTO nodes (id, name, section_id) VALUES (1, 'Lost', 99)"))
        let error = #expect(throws: MigrationError.self) { try migrator.migrate() }
        guard case .failed("0005_orphan_node", .up, let cause as ForeignKeyCheckError)? = error else {
            Issue.record("unexpected error \(String(describing: error))")
            return
        }
        #expect(cause.violations == [ForeignKeyViolation(table: "nodes", rowID: 1, referencedTable: "sections", foreignKeyIndex: 0)])
        #expect(try migrator.database.count("nodes") == 0)
        #expect(try migrator.status().last?.state == .pending)
        #expect(try migrator.database.foreignKeysEnforced)
    }

    // MARK: Rolling back

    @Test func rollbackStepsRevertsTheNewestMigrations() throws {
        let directory = try TemporaryDirectory()
        let migrator = try ExampleMigrations.migrator(in: directory)
        try migrator.migrate()
        #expect(try migrator.rollback(steps: 2) == ["0004_backfill_node_section_names", "0003_index_nodes_on_section"])
        let db = migrator.database
        #expect(try db.schemaNames("index") == [])
        #expect(!(try db.columnNames(of: "nodes").contains("section_name")))
        #expect(try migrator.status().map(\.state) == [.applied, .applied, .pending, .pending])
        #expect(try migrator.rollback() == ["0002_create_nodes"])
        #expect(try migrator.migrate() == Array(ExampleMigrations.identifiers.dropFirst()))
        #expect(try migrator.rollback(steps: 4) == ExampleMigrations.identifiers.reversed())
        #expect(try db.schemaNames("table") == ["beestore_migrations"])
    }

    @Test func rollbackStepsBeyondTheAppliedOnesIsRefused() throws {
        let directory = try TemporaryDirectory()
        let migrator = try ExampleMigrations.migrator(in: directory)
        try migrator.migrate(upTo: "0002_create_nodes")
        for steps in [3, -1] {
            let error = #expect(throws: MigrationError.self) { try migrator.rollback(steps: steps) }
            guard case .invalidStepCount(requested: steps, applied: 2)? = error else {
                Issue.record("unexpected error \(String(describing: error))")
                return
            }
        }
        #expect(try migrator.status().map(\.state) == [.applied, .applied, .pending, .pending])
    }

    @Test func rollbackToKeepsTheTargetApplied() throws {
        let directory = try TemporaryDirectory()
        let migrator = try ExampleMigrations.migrator(in: directory)
        try migrator.migrate(upTo: "0003_index_nodes_on_section")
        #expect(
            try migrator.rollback(to: "0001_create_sections") == ["0003_index_nodes_on_section", "0002_create_nodes"])
        #expect(try migrator.database.schemaNames("table") == ["beestore_migrations", "sections"])
        #expect(try migrator.rollback(to: "0001_create_sections") == [])

        let notApplied = #expect(throws: MigrationError.self) { try migrator.rollback(to: "0002_create_nodes") }
        guard case .notApplied("0002_create_nodes")? = notApplied else {
            Issue.record("unexpected error \(String(describing: notApplied))")
            return
        }
        let unknown = #expect(throws: MigrationError.self) { try migrator.rollback(to: "0042_unknown") }
        guard case .notRegistered("0042_unknown")? = unknown else {
            Issue.record("unexpected error \(String(describing: unknown))")
            return
        }
    }

    @Test func rollbackOfAMigrationWithoutDownIsRefusedBeforeAnythingChanges() throws {
        let directory = try TemporaryDirectory()
        var migrator = try ExampleMigrations.migrator(in: directory)
        try migrator.register(Migration("0005_seed") { connection in
            try connection.execute("INSERT INTO sections (id, name) VALUES (1, 'Ruby')")
        })
        try migrator.register(Migration("0006_index_sections", sql: "CREATE INDEX sections_on_sort ON sections (sort)", downSQL: "DROP INDEX sections_on_sort"))
        try migrator.migrate()
        let error = #expect(throws: MigrationError.self) { try migrator.rollback(steps: 2) }
        guard case .irreversible("0005_seed")? = error else {
            Issue.record("unexpected error \(String(describing: error))")
            return
        }
        #expect(try migrator.status().allSatisfy { $0.state == .applied })
        #expect(try migrator.database.schemaNames("index").contains("sections_on_sort"))
        #expect(try migrator.rollback() == ["0006_index_sections"])
    }

    @Test func rollbackOfAnUnknownAppliedMigrationIsRefused() throws {
        let directory = try TemporaryDirectory()
        var full = try ExampleMigrations.migrator(in: directory)
        try full.register(Migration("0005_extra", sql: "CREATE TABLE extra (id INTEGER)", downSQL: "DROP TABLE extra"))
        try full.migrate()
        let older = try ExampleMigrations.migrator(in: directory, file: "app.sqlite")
        let error = #expect(throws: MigrationError.self) { try older.rollback() }
        guard case .notRegistered("0005_extra")? = error else {
            Issue.record("unexpected error \(String(describing: error))")
            return
        }
        #expect(try older.database.schemaNames("table").contains("extra"))
    }

    // MARK: Status and checksums

    @Test func statusReportsEveryState() throws {
        let directory = try TemporaryDirectory()
        var migrator = Migrator(database: try Database(path: directory.path("app.sqlite")))
        try migrator.register(Migration("1_a", sql: "CREATE TABLE a (id INTEGER)"))
        try migrator.register(Migration("2_b", sql: "CREATE TABLE b (id INTEGER)"))
        try migrator.register(Migration("3_c", sql: "CREATE TABLE c (id INTEGER)"))
        #expect(try migrator.status().map(\.state) == [.pending, .pending, .pending])
        #expect(try migrator.database.schemaNames("table") == [])  // status only reads

        let before = Date().addingTimeInterval(-1)
        try migrator.migrate(upTo: "2_b")
        let status = try migrator.status()
        #expect(status.map(\.state) == [.applied, .applied, .pending])
        #expect(status[0].appliedAt.map { $0 >= before } == true)
        #expect(status[2].appliedAt == nil && status[2].recordedChecksum == nil)

        var edited = Migrator(database: migrator.database)
        try edited.register(Migration("1_a", sql: "CREATE TABLE a (id INTEGER, name TEXT)"))
        try edited.register(Migration("3_c", sql: "CREATE TABLE c (id INTEGER)"))
        let editedStatus = try edited.status()
        #expect(editedStatus.map(\.identifier) == ["1_a", "3_c", "2_b"])
        #expect(editedStatus.map(\.state) == [.changed, .pending, .unknown])
        #expect(editedStatus[0].recordedChecksum == status[0].currentChecksum)
        #expect(editedStatus[2].currentChecksum == nil)
    }

    @Test func changedChecksumIsRefusedUnlessAccepted() throws {
        let directory = try TemporaryDirectory()
        var original = Migrator(database: try Database(path: directory.path("app.sqlite")))
        try original.register(Migration("1_create", version: "1") { try $0.execute("CREATE TABLE a (id INTEGER)") })
        try original.migrate()

        var edited = Migrator(database: original.database)
        try edited.register(Migration("1_create", version: "2") { try $0.execute("CREATE TABLE a (id INTEGER)") })
        try edited.register(Migration("2_next", sql: "CREATE TABLE b (id INTEGER)"))
        let error = #expect(throws: MigrationError.self) { try edited.migrate() }
        guard case .checksumMismatch("1_create", recorded: "1", current: "2")? = error else {
            Issue.record("unexpected error \(String(describing: error))")
            return
        }
        #expect(try edited.status().map(\.state) == [.changed, .pending])

        #expect(try edited.migrate(acceptingChangedChecksums: true) == ["2_next"])
        #expect(try edited.status().map(\.state) == [.applied, .applied])
        #expect(try edited.status().first?.recordedChecksum == "2")
    }

    @Test func sqlChecksumIsTheCRC32COfTheUpPartWithNormalisedLineEndings() throws {
        let unix = Migration("1_a", sql: "CREATE TABLE a (id INTEGER);\nCREATE TABLE b (id INTEGER);\n")
        let windows = Migration("1_a", sql: "CREATE TABLE a (id INTEGER);\r\nCREATE TABLE b (id INTEGER);\r\n")
        let oldMac = Migration("1_a", sql: "CREATE TABLE a (id INTEGER);\rCREATE TABLE b (id INTEGER);\r")
        let crc = CRC32C.checksum(Array("CREATE TABLE a (id INTEGER);\nCREATE TABLE b (id INTEGER);\n".utf8))
        #expect(UInt32(unix.checksum, radix: 16) == crc && unix.checksum.utf8.count == 8)
        #expect(Migration("1_b", sql: "").checksum == "00000000")
        #expect(windows.checksum == unix.checksum && oldMac.checksum == unix.checksum)
        #expect(Migration("1_a", sql: "CREATE TABLE a (id TEXT)").checksum != unix.checksum)
        #expect(Migration("1_a", sql: unix.identifier, downSQL: "DROP TABLE a").checksum
            == Migration("1_a", sql: unix.identifier).checksum)
    }

    // MARK: Concurrency

    @Test func twoDatabasesMigratingOneFileAtOnceApplyEachMigrationOnce() throws {
        let directory = try TemporaryDirectory()
        for round in 0..<5 {
            let file = "shared-\(round).sqlite"
            let migrators = try (0..<2).map { _ in
                var migrator = try ExampleMigrations.migrator(in: directory, file: file)
                try migrator.register(Migration("0005_slow_seed") { connection in
                    try connection.execute("INSERT INTO sections (id, name) VALUES (1, 'Ruby')")
                    Thread.sleep(forTimeInterval: 0.05)
                })
                return migrator
            }
            let results = Protected<[Int: Result<[String], any Error>]>([:])
            DispatchQueue.concurrentPerform(iterations: 2) { index in
                let result = Result { try migrators[index].migrate() }
                results.withLock { $0[index] = result }
            }
            let applied = try (0..<2).map { try #require(results.value[$0]).get() }
            #expect((applied[0] + applied[1]).sorted() == ExampleMigrations.identifiers + ["0005_slow_seed"])
            #expect(Set(applied[0]).isDisjoint(with: applied[1]))
            #expect(try migrators[0].database.count("sections") == 1)
            #expect(try migrators[1].database.count("beestore_migrations") == 5)
        }
    }

    @Test func aFailingMigrateReportsWhatItAppliedAndNothingAnotherDatabaseApplied() throws {
        let directory = try TemporaryDirectory()
        let other = try ExampleMigrations.migrator(in: directory, file: "shared.sqlite")
        var migrator = try ExampleMigrations.migrator(in: directory, file: "shared.sqlite")
        try migrator.register(Migration("0005_broken", sql: "INSERT INTO nowhere VALUES (1)"))
        #expect(try other.migrate(upTo: "0002_create_nodes") == ["0001_create_sections", "0002_create_nodes"])
        var reported: [String] = []
        do {
            try migrator.migrate { reported.append($0) }
            Issue.record("0005_broken applied")
        } catch {
            #expect(error is MigrationError)
        }
        #expect(reported == ["0003_index_nodes_on_section", "0004_backfill_node_section_names"])
        #expect(try migrator.status().map(\.state) == [.applied, .applied, .applied, .applied, .pending])
    }

    // MARK: Loading SQL files

    @Test func directoryMigrationsAreOrderedByNumberWithTheirDownParts() throws {
        let directory = try migrationFiles([
            "10_c.sql": "CREATE TABLE c (id INTEGER);",
            "2_b.sql": "CREATE TABLE b (id INTEGER);\r\n-- DOWN  \r\nDROP TABLE b;\r\n",
            "1_a.sql": "CREATE TABLE a (id INTEGER);",
            "1_a.down.sql": "DROP TABLE a;",
            "README.md": "Not a migration.",
            ".hidden.sql": "garbage",
        ])
        let migrations = try Migration.load(from: directory.url)
        #expect(migrations.map(\.identifier) == ["1_a", "2_b", "10_c"])
        #expect(migrations.map(\.isReversible) == [true, true, false])
        #expect(migrations[1].checksum == Migration("2_b", sql: "CREATE TABLE b (id INTEGER);\n").checksum)

        var migrator = Migrator(database: try Database.inMemory())
        try migrator.registerMigrations(from: directory.url)
        #expect(try migrator.migrate(upTo: "2_b") == ["1_a", "2_b"])
        #expect(try migrator.rollback(steps: 2) == ["2_b", "1_a"])
        #expect(try migrator.database.schemaNames("table") == ["beestore_migrations"])
    }

    @Test func aPostgreSQLCompanionChangesNothingOnSQLite() throws {
        let directory = try migrationFiles([
            "0001_a.sql": "CREATE TABLE a (id INTEGER PRIMARY KEY AUTOINCREMENT);\n-- down\nDROP TABLE a;",
            "0001_a.postgresql.sql": "CREATE TABLE a (id BIGSERIAL PRIMARY KEY);\n-- down\nDROP TABLE a;",
        ])
        let migrations = try Migration.load(from: directory.url)
        #expect(migrations.map(\.identifier) == ["0001_a"])
        #expect(migrations[0].checksum == Migration("0001_a", sql: "CREATE TABLE a (id INTEGER PRIMARY KEY AUTOINCREMENT);\n").checksum)
        var migrator = Migrator(database: try Database.inMemory())
        try migrator.registerMigrations(from: directory.url)
        #expect(try migrator.migrate() == ["0001_a"])
        #expect(try migrator.rollback(steps: 1) == ["0001_a"])
    }

    @Test(arguments: ["create.sql", "0001.sql", "0001_.sql", "01-create.sql", "0001_bad name.sql", "99999999999999999999999_big.sql"])
    func malformedFileNamesAreRejected(fileName: String) throws {
        let directory = try migrationFiles(["0002_fine.sql": "SELECT 1;", fileName: "SELECT 1;"])
        let error = #expect(throws: MigrationFileError.self) { try Migration.load(from: directory.url) }
        guard case .malformedFileName(fileName)? = error else {
            Issue.record("unexpected error \(String(describing: error))")
            return
        }
    }

    @Test func malformedDirectoriesAreRejectedNamingTheFile() throws {
        let cases: [([String: String], String)] = [
            (["0002_a.sql": "SELECT 1;", "2_b.sql": "SELECT 2;"], "migration number 2 is used by several files: 0002_a.sql, 2_b.sql"),
            (["0001_a.sql": "SELECT 1;", "0002_b.down.sql": "SELECT 2;"], "0002_b.down.sql has no matching migration file"),
            (["0001_a.sql": "SELECT 1;", "0002_b.postgresql.sql": "SELECT 2;"], "0002_b.postgresql.sql has no matching migration file"),
            (["0001_a.sql": "SELECT 1;", "0001_a.postgresql.sql": "  \n-- down\nSELECT 2;"], "0001_a.postgresql.sql has no SQL to apply"),
            (["0001_a.sql": "SELECT 1;\n-- down\nSELECT 2;", "0001_a.down.sql": "SELECT 3;"], "0001_a.sql has both"),
            (["0001_a.sql": "SELECT 1;\n-- down\nSELECT 2;\n-- down\n"], "0001_a.sql has more than one -- down line"),
            (["0001_a.sql": "  \n-- down\nSELECT 2;"], "0001_a.sql has no SQL to apply"),
        ]
        for (files, message) in cases {
            let directory = try migrationFiles(files)
            let error = #expect(throws: MigrationFileError.self) { try Migration.load(from: directory.url) }
            #expect(error.map { String(describing: $0).hasPrefix(message) } == true, "\(String(describing: error))")
        }
    }

    @Test func unreadableDirectoriesAndFilesAreRejected() throws {
        let directory = try migrationFiles([:])
        try Data([0x53, 0xFF, 0xFE]).write(to: directory.url.appendingPathComponent("0001_binary.sql"))
        let notUTF8 = #expect(throws: MigrationFileError.self) { try Migration.load(from: directory.url) }
        guard case .notUTF8(fileName: "0001_binary.sql")? = notUTF8 else {
            Issue.record("unexpected error \(String(describing: notUTF8))")
            return
        }
        let missing = directory.url.appendingPathComponent("missing")
        let unreadable = #expect(throws: MigrationFileError.self) { try Migration.load(from: missing) }
        guard case .unreadable(missing, _)? = unreadable else {
            Issue.record("unexpected error \(String(describing: unreadable))")
            return
        }
    }

    @Test func migrationsLoadFromFilesHeldInMemoryAsFromADirectory() throws {
        let directory = ExampleMigrations.directory
        var files: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: directory.path) {
            files[name] = try Data(contentsOf: directory.appendingPathComponent(name))
        }
        let fromFiles = try Migration.load(files: files)
        let fromDirectory = try Migration.load(from: directory)
        #expect(fromFiles.map(\.identifier) == ExampleMigrations.identifiers)
        #expect(fromFiles.map(\.identifier) == fromDirectory.map(\.identifier))
        #expect(fromFiles.map(\.checksum) == fromDirectory.map(\.checksum))
        #expect(fromFiles.map(\.isReversible) == fromDirectory.map(\.isReversible))
        let error = #expect(throws: MigrationFileError.self) { try Migration.load(files: ["0001_a.sql": Data([0xFF])]) }
        guard case .notUTF8(fileName: "0001_a.sql")? = error else {
            Issue.record("unexpected error \(String(describing: error))")
            return
        }
    }

    // MARK: Nothing to do

    @Test func migratingWithNothingToDoOnlyReadsTheDatabase() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("app.sqlite")
        var configuration = Configuration()
        configuration.journalMode = nil
        try Database(path: path, configuration: configuration).execute("CREATE TABLE kept (x)")
        configuration.readOnly = true

        // No migration registered: not even the ledger table is created.
        let empty = Migrator(database: try Database(path: path, configuration: configuration))
        #expect(try empty.migrate() == [])

        let applying = try ExampleMigrations.migrator(in: directory, file: "app.sqlite")
        #expect(try applying.migrate() == ExampleMigrations.identifiers)
        applying.database.close()
        var readOnly = Migrator(database: try Database(path: path, configuration: configuration))
        try readOnly.registerMigrations(from: ExampleMigrations.directory)
        #expect(try readOnly.migrate() == [])
        #expect(try readOnly.migrate(upTo: "0002_create_nodes") == [])
    }
}
