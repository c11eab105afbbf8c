#if PostgreSQL
import BeeStore
import BeeStorePostgreSQL
import Dispatch
import Foundation
import Testing

/// SQL migrations on PostgreSQL: the same migrations and files as on SQLite.
@Suite struct MigrationTests {
    private static let players = SharedMigrationTests.players

    private static let scores = Migration(
        "0002_scores",
        sql: """
            ALTER TABLE player ADD COLUMN score INTEGER NOT NULL DEFAULT 0;
            -- a comment; with a semicolon
            INSERT INTO player (name, score) VALUES ('semi;colon', 1);
            CREATE FUNCTION doubled(value integer) RETURNS integer AS $$ SELECT value * 2; $$ LANGUAGE sql
            """,
        downSQL: "DROP FUNCTION doubled(integer); ALTER TABLE player DROP COLUMN score; DELETE FROM player")

    @Test func appliesEachMigrationOnceAndRecordsIt() throws {
        let db = try TestServer.freshDatabase()
        defer { db.close() }
        var migrator = PostgreSQLMigrator(database: db)
        try migrator.register(Self.players)
        try migrator.register(Self.scores)
        #expect(try migrator.migrate() == ["0001_players", "0002_scores"])
        #expect(try migrator.migrate() == [])
        #expect(try migrator.appliedMigrations() == ["0001_players", "0002_scores"])
        #expect(try db.fetchValue(String.self, "SELECT name FROM player WHERE score = doubled(0) + 1") == "semi;colon")
        let identity = try db.fetchValue(String.self, "SELECT is_identity FROM information_schema.columns WHERE table_name = 'player' AND column_name = 'id'")
        #expect(identity == "YES")
        #expect(try migrator.rollback(steps: 2) == ["0002_scores", "0001_players"])
        #expect(try db.fetchValue(Bool.self, "SELECT to_regclass('player') IS NULL") == true)
    }

    @Test func aFailingMigrationLeavesNothingBehind() throws {
        let db = try TestServer.freshDatabase()
        defer { db.close() }
        var migrator = PostgreSQLMigrator(database: db)
        try migrator.register(Self.players)
        try migrator.register(Migration("0002_broken", sql: "CREATE TABLE team (id BIGINT); INSERT INTO nowhere VALUES (1)"))
        #expect {
            try migrator.migrate()
        } throws: { error in
            guard case .failed(let identifier, _, let cause)? = error as? MigrationError else { return false }
            return identifier == "0002_broken" && (cause as? PostgreSQLError)?.sqlState == "42P01"
        }
        // Transactional DDL: the broken migration's table is gone with it.
        #expect(try db.fetchValue(Bool.self, "SELECT to_regclass('team') IS NULL") == true)
        #expect(try migrator.appliedMigrations() == ["0001_players"])
    }

    @Test func aChangedMigrationIsRefusedUnlessAccepted() throws {
        let db = try TestServer.freshDatabase()
        defer { db.close() }
        var first = PostgreSQLMigrator(database: db)
        try first.register(Migration("0001_notes", sql: "CREATE TABLE note (body TEXT)"))
        try first.migrate()
        var changed = PostgreSQLMigrator(database: db)
        try changed.register(Migration("0001_notes", sql: "CREATE TABLE note (body TEXT, title TEXT)"))
        #expect {
            try changed.migrate()
        } throws: { error in
            if case .checksumMismatch(let identifier, _, _)? = error as? MigrationError { return identifier == "0001_notes" }
            return false
        }
        #expect(try changed.migrate(acceptingChangedChecksums: true) == [])
        #expect(try changed.migrate() == [])
    }

    @Test func aMigrationWrittenInSwiftIsRefused() throws {
        let db = try TestServer.freshDatabase()
        defer { db.close() }
        var migrator = PostgreSQLMigrator(database: db)
        #expect {
            try migrator.register(Migration("0001_code") { _ in })
        } throws: { error in
            (error as? PostgreSQLError)?.kind == .unsupported
        }
    }

    @Test func readsTheSameFilesWithPostgreSQLCompanions() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("beestore-migrations-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try "CREATE TABLE tag (id INTEGER PRIMARY KEY AUTOINCREMENT, label TEXT)\n-- down\nDROP TABLE tag\n"
            .write(to: folder.appendingPathComponent("0001_tags.sql"), atomically: true, encoding: .utf8)
        try "CREATE TABLE tag (id BIGSERIAL PRIMARY KEY, label TEXT)\n-- down\nDROP TABLE tag\n"
            .write(to: folder.appendingPathComponent("0001_tags.postgresql.sql"), atomically: true, encoding: .utf8)
        try "INSERT INTO tag (label) VALUES ('portable')\n"
            .write(to: folder.appendingPathComponent("0002_seed.sql"), atomically: true, encoding: .utf8)
        let db = try TestServer.freshDatabase()
        defer { db.close() }
        var migrator = PostgreSQLMigrator(database: db)
        try migrator.registerMigrations(from: folder)
        #expect(try migrator.migrate() == ["0001_tags", "0002_seed"])
        #expect(try db.fetchValue(String.self, "SELECT label FROM tag WHERE id = 1") == "portable")
        // The SQLite side reads the same folder and runs its own SQL.
        let sqlite = try Database.inMemory()
        var sqliteMigrator = Migrator(database: sqlite)
        try sqliteMigrator.registerMigrations(from: folder)
        #expect(try sqliteMigrator.migrate() == ["0001_tags", "0002_seed"])
    }

    @Test func serversMigratingAtOnceApplyEachMigrationOnce() throws {
        let db = try TestServer.freshDatabase()
        defer { db.close() }
        try db.execute("CREATE TABLE applied (identifier TEXT)")
        let migrations = (1...5).map { number in
            Migration(String(format: "%04d_step", number), sql: "INSERT INTO applied VALUES ('\(number)'); SELECT pg_sleep(0.01)")
        }
        let results = OutcomeList<Int>()
        let group = DispatchGroup()
        for _ in 0..<4 {
            group.enter()
            Thread {
                defer { group.leave() }
                do {
                    var migrator = PostgreSQLMigrator(database: db)
                    for migration in migrations { try migrator.register(migration) }
                    results.append(try migrator.migrate().count)
                } catch {
                    results.append(-1)
                }
            }.start()
        }
        group.wait()
        #expect(results.values.reduce(0, +) == 5)
        #expect(!results.values.contains(-1))
        #expect(try db.fetchValue(Int.self, "SELECT count(*) FROM applied") == 5)
    }
}
#endif
