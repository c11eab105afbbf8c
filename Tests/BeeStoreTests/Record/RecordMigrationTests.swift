import Foundation
import Testing

@testable import BeeStore

/// A note as the app first shipped it, and as it is after gaining a property.
struct NoteV1: ActiveRecord, Equatable {
    var id: Int64?
    var title: String
    static let tableName = "note"
}

struct NoteV2: ActiveRecord, Equatable {
    var id: Int64?
    var title: String
    var visits: Int?
    static let tableName = "note"
}

struct Shelf: ActiveRecord, Equatable {
    var id: Int64?
    var name: String
    var notes: [ShelvedNote]?
}

struct ShelvedNote: ActiveRecord, Equatable {
    var id: Int64?
    var text: String
}

@Suite("Records and migrations")
struct RecordMigrationTests {
    let directory: TemporaryDirectory

    init() throws {
        directory = try TemporaryDirectory()
    }

    private func managedDatabase(_ name: String = "managed.sqlite") throws -> Database {
        var configuration = Configuration()
        configuration.schemaOwnership = .managed
        return try Database(path: directory.path(name), configuration: configuration)
    }

    private func schema(of db: Database) throws -> [Row] {
        try db.fetchAll("SELECT type, name, sql FROM sqlite_master ORDER BY name")
    }

    @Test func aManagedDatabaseBuiltByMigrationsServesRecords() throws {
        let db = try managedDatabase()
        let sqlDirectory = directory.url.appendingPathComponent("migrations", isDirectory: true)
        try FileManager.default.createDirectory(at: sqlDirectory, withIntermediateDirectories: true)
        try "CREATE TABLE note (id INTEGER PRIMARY KEY, title TEXT NOT NULL);\n"
            .write(to: sqlDirectory.appendingPathComponent("0001_create_note.sql"), atomically: true, encoding: .utf8)
        var migrator = Migrator(database: db)
        try migrator.registerMigrations(from: sqlDirectory)
        try migrator.register(Migration("0002_shelves", version: "1") { connection in
            try connection.updateTables(for: Shelf.self)
        })
        #expect(try migrator.migrate() == ["0001_create_note", "0002_shelves"])
        let before = try schema(of: db)

        var note = NoteV1(title: "first")
        try note.save(in: db)
        var shelf = Shelf(name: "s", notes: [ShelvedNote(text: "a")])
        try shelf.save(in: db)
        #expect(try NoteV1.all(in: db) == [note])
        #expect(try Shelf.query(in: db).including("notes").first()?.notes?.map(\.text) == ["a"])
        #expect(try schema(of: db) == before, "records never change a managed schema")
    }

    @Test func aMismatchIsATypedErrorNamingTheColumnsAndChangesNothing() throws {
        let db = try managedDatabase()
        try db.execute("CREATE TABLE note (id INTEGER PRIMARY KEY, title TEXT NOT NULL)")
        let before = try schema(of: db)
        let error = try #require(throws: RecordError.self) { try NoteV2.count(in: db) }
        #expect(error == .schemaMismatch(record: "NoteV2", differences: [#"column "note"."visits" is missing"#]))
        #expect("\(error)".contains(#""note"."visits""#))
        #expect(throws: RecordError.schemaMismatch(record: "Shelf", differences: [
            #"table "shelved_note" is missing"#, #"table "shelf" is missing"#,
            #"column "shelved_note"."shelf_id" is missing"#,
        ])) { try Shelf.all(in: db) }
        #expect(try schema(of: db) == before)
    }

    @Test func aMigrationAddsTheColumnsARecordTypeGained() throws {
        let db = try managedDatabase()
        var migrator = Migrator(database: db)
        try migrator.register(Migration("0001_notes", version: "1") { try $0.updateTables(for: NoteV1.self) })
        try migrator.migrate()
        var old = NoteV1(title: "kept")
        try old.save(in: db)
        #expect(throws: RecordError.self) { try NoteV2.all(in: db) }

        try migrator.register(Migration("0002_note_visits", version: "1") { try $0.updateTables(for: NoteV2.self) })
        #expect(try migrator.migrate() == ["0002_note_visits"])
        var new = NoteV2(title: "new", visits: 3)
        try new.save(in: db)
        #expect(try NoteV2.all(in: db).map(\.visits) == [nil, 3])
        // An SQL migration after it sees the table the records use.
        try migrator.register(Migration("0003_index", sql: "CREATE INDEX note_on_visits ON note (visits)"))
        #expect(try migrator.migrate() == ["0003_index"])
    }

    @Test func nothingIsCreatedInsideARead() throws {
        let db = try Database(path: directory.path("automatic.sqlite"))
        let error = try #require(throws: RecordError.self) { try db.read { _ in try NoteV1.count(in: db) } }
        #expect(error == .schemaChangeInRead(record: "NoteV1", differences: [#"table "note" is missing"#]))
        #expect(try db.fetchValue(Int.self, "SELECT count(*) FROM sqlite_master") == 0)
        #expect(try NoteV1.count(in: db) == 0, "outside the read, the table is created")
        #expect(try db.read { _ in try NoteV1.count(in: db) } == 0, "and then reads need nothing more")
    }

    @Test func automaticTablesCreatedInARolledBackTransactionAreCreatedAgain() throws {
        let db = try Database(path: directory.path("rollback.sqlite"))
        struct Abort: Error {}
        #expect(throws: Abort.self) {
            try db.transaction { _ in
                var note = NoteV1(title: "gone")
                try note.save(in: db)
                throw Abort()
            }
        }
        var note = NoteV1(title: "kept")
        try note.save(in: db)
        #expect(try NoteV1.all(in: db).map(\.title) == ["kept"])
    }
}

/// The note with two required properties more than its table, and its title as a number.
struct NoteV3: ActiveRecord, Equatable {
    var id: Int64?
    var title: Int
    var body: String
    var pinned: Bool
    static let tableName = "note"
}

extension RecordMigrationTests {
    @Test(arguments: [false, true])
    func aManagedMismatchNamesEveryColumnWhetherTheTableHasRowsOrNot(hasRows: Bool) throws {
        let db = try managedDatabase()
        try db.execute("CREATE TABLE note (id INTEGER PRIMARY KEY, title TEXT NOT NULL)")
        if hasRows { try db.execute("INSERT INTO note (title) VALUES ('kept')") }
        let before = try schema(of: db)
        #expect(throws: RecordError.schemaMismatch(record: "NoteV3", differences: [
            #"column "note"."title" is TEXT, not INTEGER"#,
            #"column "note"."body" is missing"#, #"column "note"."pinned" is missing"#,
        ])) { try NoteV3.count(in: db) }
        #expect(try schema(of: db) == before)
    }

    @Test func automaticModeStillRefusesARequiredColumnOnATableWithRows() throws {
        let db = try Database(path: directory.path("automatic.sqlite"))
        try db.execute("CREATE TABLE note (id INTEGER PRIMARY KEY, title INTEGER NOT NULL)")
        try db.execute("INSERT INTO note (title) VALUES (1)")
        #expect(throws: RecordError.requiredColumnOnNonEmptyTable(table: "note", column: "body")) {
            try NoteV3.count(in: db)
        }
    }
}
