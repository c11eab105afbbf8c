import Foundation
import Testing

@testable import BeeStore

@Suite struct TableRebuildTests {
    /// A database migrated with the example migrations, holding two sections and three
    /// nodes, a trigger counting node renames and a view over nodes and sections.
    private static func exampleDatabase(in directory: TemporaryDirectory) throws -> Database {
        let migrator = try ExampleMigrations.migrator(in: directory)
        try migrator.migrate()
        let db = migrator.database
        try db.execute(script: """
            INSERT INTO sections (id, name, sort) VALUES (1, 'Ruby', 1), (2, 'Jobs', 2);
            INSERT INTO nodes (id, name, summary, section_id, sort, topics_count, updated_at, section_name) VALUES
                (10, 'Rails', 'Web framework', 1, 1, '120', '2024-01-01', 'Ruby'),
                (11, 'Gems', 'Libraries', 1, 2, 30, NULL, 'Ruby'),
                (12, 'Remote', 'Remote jobs', 2, 1, 7, NULL, 'Jobs');
            CREATE TABLE renames (node_id INTEGER, old_name TEXT);
            CREATE TRIGGER nodes_record_renames AFTER UPDATE OF name ON nodes
            BEGIN
                INSERT INTO renames (node_id, old_name) VALUES (old.id, old.name);
            END;
            CREATE VIEW node_list AS
                SELECT nodes.name AS node, sections.name AS section FROM nodes JOIN sections ON sections.id = nodes.section_id;
            """)
        return db
    }

    private static let strictNodes = """
        id INTEGER PRIMARY KEY,
        name TEXT NOT NULL UNIQUE,
        summary TEXT,
        section_id INTEGER NOT NULL REFERENCES sections (id) ON DELETE CASCADE,
        sort INTEGER NOT NULL DEFAULT 0,
        topics_count INTEGER NOT NULL DEFAULT 0 CHECK (typeof(topics_count) = 'integer' AND topics_count >= 0),
        section_name TEXT NOT NULL DEFAULT ''
        """

    /// The schema objects, or those other than tables (indexes SQLite makes for
    /// constraints excluded), by name.
    private static func schema(_ db: Database, includingTables: Bool = true) throws -> [[Value]] {
        try rows(db, "SELECT type, name, sql FROM sqlite_master WHERE sql IS NOT NULL AND (? OR type != 'table') ORDER BY name", [includingTables])
    }

    private static func rows(_ db: Database, _ sql: String, _ arguments: StatementArguments = []) throws -> [[Value]] {
        try db.fetchAll(sql, arguments).map(\.values)
    }

    @Test func rebuildChangesConstraintsAndKeepsDataIndexesTriggersViewsAndForeignKeys() throws {
        let directory = try TemporaryDirectory()
        let db = try Self.exampleDatabase(in: directory)
        let schemaBefore = try Self.schema(db, includingTables: false)

        try db.rebuildTable("nodes", definition: Self.strictNodes, columnValues: ["topics_count": "CAST(topics_count AS INTEGER)"])

        #expect(try db.columnNames(of: "nodes") == ["id", "name", "summary", "section_id", "sort", "topics_count", "section_name"])
        #expect(try Self.rows(db, "SELECT id, name, topics_count FROM nodes ORDER BY id") == [
            [10, "Rails", 120], [11, "Gems", 30], [12, "Remote", 7],
        ])
        #expect(try Self.schema(db, includingTables: false) == schemaBefore)
        #expect(try Self.rows(db, "SELECT node, section FROM node_list ORDER BY node") == [
            ["Gems", "Ruby"], ["Rails", "Ruby"], ["Remote", "Jobs"],
        ])
        try db.execute("UPDATE nodes SET name = 'Ruby on Rails' WHERE id = 10")
        #expect(try Self.rows(db, "SELECT node_id, old_name FROM renames") == [[10, "Rails"]])

        let foreignKeys = try Self.rows(db, "SELECT \"table\", \"from\", on_delete FROM pragma_foreign_key_list('nodes')")
        #expect(foreignKeys == [["sections", "section_id", "CASCADE"]])
        #expect(try db.foreignKeysEnforced)
        #expect(throws: DatabaseError.self) {
            try db.execute("INSERT INTO nodes (id, name, section_id) VALUES (13, 'Lost', 99)")
        }
        #expect(throws: DatabaseError.self) {
            try db.execute("UPDATE nodes SET topics_count = -1 WHERE id = 11")
        }
    }

    @Test func rebuildingAParentTableKeepsItsCascadingChildren() throws {
        let directory = try TemporaryDirectory()
        let db = try Self.exampleDatabase(in: directory)
        try db.rebuildTable("sections", definition: "id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, sort INTEGER NOT NULL DEFAULT 0")
        #expect(try db.count("nodes") == 3)
        #expect(try db.count("node_list") == 3)
        try db.execute("DELETE FROM sections WHERE id = 2")
        #expect(try db.count("nodes") == 2)
    }

    @Test func columnValuesRenameAndTransformColumns() throws {
        let directory = try TemporaryDirectory()
        let db = try Self.exampleDatabase(in: directory)
        try db.execute("DROP VIEW node_list")
        try db.rebuildTable(
            "sections", definition: "id INTEGER PRIMARY KEY, title TEXT NOT NULL, position INTEGER NOT NULL, slug TEXT",
            columnValues: ["title": "upper(name)", "position": "sort * 10"])
        #expect(try Self.rows(db, "SELECT id, title, position, slug FROM sections ORDER BY id") == [
            [1, "RUBY", 10, nil], [2, "JOBS", 20, nil],
        ])
    }

    @Test func rebuildInsideAMigrationUsesTheMigrationsTransaction() throws {
        let directory = try TemporaryDirectory()
        var migrator = try ExampleMigrations.migrator(in: directory)
        try migrator.migrate()
        try migrator.database.execute(script: """
            INSERT INTO sections (id, name) VALUES (1, 'Ruby');
            INSERT INTO nodes (id, name, section_id) VALUES (10, 'Rails', 1);
            """)
        try migrator.register(Migration("0005_sort_not_null_in_sections") { connection in
            try connection.rebuildTable("sections", definition: "id INTEGER PRIMARY KEY, name TEXT NOT NULL, sort INTEGER NOT NULL CHECK (sort >= 0)")
        })
        try migrator.register(Migration("0006_broken", sql: "SELECT * FROM no_such_table"))
        #expect(throws: MigrationError.self) { try migrator.migrate() }
        #expect(try migrator.status().map(\.state).suffix(2) == [.applied, .pending])
        #expect(try migrator.database.count("nodes") == 1)
        #expect(try migrator.database.fetchValue(String.self, "SELECT sql FROM sqlite_master WHERE name = 'sections'")?
            .contains("CHECK (sort >= 0)") == true)
    }

    @Test func rebuildBreakingAForeignKeyLeavesTheDatabaseUnchanged() throws {
        let directory = try TemporaryDirectory()
        let db = try Self.exampleDatabase(in: directory)
        let schemaBefore = try Self.schema(db)
        let error = #expect(throws: ForeignKeyCheckError.self) {
            try db.rebuildTable("nodes", definition: Self.strictNodes, columnValues: ["section_id": "section_id + 100"])
        }
        #expect(error?.violations.count == 3)
        #expect(try Self.schema(db) == schemaBefore)
        #expect(try Self.rows(db, "SELECT section_id FROM nodes ORDER BY id") == [[1], [1], [2]])
        #expect(try db.foreignKeysEnforced)
    }

    @Test func invalidDefinitionsAndDataLeaveTheDatabaseUnchanged() throws {
        let directory = try TemporaryDirectory()
        let db = try Self.exampleDatabase(in: directory)
        let schemaBefore = try Self.schema(db)
        #expect(throws: DatabaseError.self) { try db.rebuildTable("nodes", definition: "id INTEGER PRIMARY KEY,") }
        #expect(throws: DatabaseError.self) {
            try db.rebuildTable("nodes", definition: Self.strictNodes.replacingOccurrences(of: ">= 0", with: "> 100"))
        }
        #expect(throws: DatabaseError.self) {  // the index on nodes (section_id, sort) needs the sort column
            try db.rebuildTable("nodes", definition: "id INTEGER PRIMARY KEY, name TEXT, section_id INTEGER")
        }
        #expect(try Self.schema(db) == schemaBefore)
        #expect(try db.count("nodes") == 3)
    }

    @Test func rebuildRefusesWhatItCannotDoSafely() throws {
        let directory = try TemporaryDirectory()
        let db = try Self.exampleDatabase(in: directory)
        let cases: [(Database) throws -> Void] = [
            { try $0.rebuildTable("missing", definition: "id INTEGER") },
            { try $0.rebuildTable("sections", definition: "id INTEGER PRIMARY KEY", columnValues: ["title": "name", "colour": "'red'"]) },
            { try $0.rebuildTable("sections", definition: "code TEXT") },
            { db in try db.write { try $0.rebuildTable("sections", definition: "id INTEGER PRIMARY KEY, name TEXT, sort INTEGER") } },
        ]
        let messages = [
            "no table named missing",
            "the new definition of sections has no column named colour, title",
            "no column of the new definition of sections takes a value from the old table",
            "cannot rebuild sections inside a transaction while foreign keys are enforced",
        ]
        for (rebuild, message) in zip(cases, messages) {
            let error = #expect(throws: TableRebuildError.self) { try rebuild(db) }
            #expect(error?.description == message)
        }
        #expect(try Self.rows(db, "SELECT id, name, sort FROM sections ORDER BY id") == [[1, "Ruby", 1], [2, "Jobs", 2]])
    }

    /// With a progress handler the rows are copied in slices of row ids, in their order:
    /// every row arrives, even at the ends of `Int64` and beside a column named `rowid`,
    /// and the reported share only grows, up to all of it.
    @Test(arguments: ["rowid", "n"])
    func reportsItsProgressWhileCopyingEveryRow(shadowingColumn: String) throws {
        let db = try Database.inMemory()
        try db.execute("CREATE TABLE t (\(shadowingColumn.quotedIdentifier) TEXT, v TEXT)")
        let rowIDs: [Int64] = [.min, -5, 0, 1, 2, 1 << 40, .max - 1, .max]
        for rowID in rowIDs {
            try db.execute("INSERT INTO t (_rowid_, v) VALUES (?, ?)", [rowID, "row \(rowID)"])
        }
        var reports: [ProgressReport] = []
        try db.rebuildTable("t", definition: "\(shadowingColumn.quotedIdentifier) TEXT, v TEXT NOT NULL") { reports.append($0) }
        #expect(try db.fetchAll("SELECT v FROM t ORDER BY _rowid_").map { $0[0] } == rowIDs.map { .text("row \($0)") })
        #expect(reports.count > 1 && reports.last?.fractionCompleted == 1)
        #expect(zip(reports, reports.dropFirst()).allSatisfy { $0.fractionCompleted < $1.fractionCompleted })
    }

    @Test func slicesCoverTheRowIDsOnceInOrder() {
        for (first, last, count) in [(Int64(1), Int64(3503), 100), (.min, .max, 100), (7, 7, 100), (-3, 2, 100), (0, 1000, 1)] {
            let slices = RowIDSlices(first: first, last: last, count: count)
            #expect(slices.count >= 1 && slices.count <= count)
            #expect(slices.first?.lowerBound == first && slices.last?.upperBound == last)
            #expect(zip(slices, slices.dropFirst()).allSatisfy { $0.upperBound &+ 1 == $1.lowerBound && $0.upperBound < $1.lowerBound })
        }
    }
}
