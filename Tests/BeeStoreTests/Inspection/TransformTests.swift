import Foundation
import Testing

@testable import BeeStore

@Suite("Inspection: transforming a table through the rebuild")
struct TransformTests {
    @Test func changesTypesNamesOrderAndDefaultsKeepingRowsIndexesTriggersAndKeys() throws {
        let directory = try TemporaryDirectory()
        let inspector = Inspector(try Database(path: try Fixtures.copy("chinook.sqlite", into: directory)))
        try inspector.database.execute("CREATE TRIGGER stamp AFTER INSERT ON Track BEGIN SELECT 1; END")
        let before = try inspector.database.fetchAll("SELECT TrackId, Name, Milliseconds, Bytes FROM Track ORDER BY TrackId")
        var transform = TableTransform()
        transform.columnTypes["milliseconds"] = .real
        transform.renamedColumns["Bytes"] = "Size"
        transform.droppedColumns = ["Composer"]
        transform.columnOrder = ["Name"]
        transform.notNull["Name"] = false
        transform.defaultValues["UnitPrice"] = .real(0.99)
        try inspector.transformTable("track", transform)
        let schema = try inspector.schema(ofTable: "Track")
        #expect(schema.columns.map(\.name) == ["Name", "TrackId", "AlbumId", "MediaTypeId", "GenreId", "Milliseconds", "Size", "UnitPrice"])
        #expect(schema.columns[5].declaredType == "REAL" && !schema.columns[0].isNotNull && schema.columns[1].primaryKeyPosition == 1)
        #expect(schema.indexes.map(\.name) == ["IFK_TrackAlbumId", "IFK_TrackGenreId", "IFK_TrackMediaTypeId"])
        #expect(schema.foreignKeys.count == 3 && schema.triggers.map(\.name) == ["stamp"])
        let after = try inspector.database.fetchAll("SELECT TrackId, Name, Milliseconds, Size FROM Track ORDER BY TrackId")
        #expect(after.count == before.count)
        #expect(zip(before, after).allSatisfy { old, new in
            old[0] == new[0] && old[1] == new[1] && old[3] == new[3] && new[2] == .real(Double((try? old.decode(Int.self, at: 2)) ?? 0))
        })
        // TrackId is still the row id's alias, and the new default applies.
        try inspector.database.execute("INSERT INTO Track (MediaTypeId, Milliseconds) VALUES (1, 5)")
        #expect(try inspector.database.fetchAll("SELECT TrackId = rowid, UnitPrice FROM Track WHERE Milliseconds = 5").map(\.values)
            == [[.integer(1), .real(0.99)]])
        #expect(try inspector.checkIntegrity().isHealthy)
    }

    @Test func refusesWhatItWouldLoseAndChangesNothingWhenTheRebuildFails() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("t.sqlite")
        let inspector = Inspector(try Database(path: path))
        try inspector.database.execute(script: """
            CREATE TABLE checked (a INTEGER CHECK (a > 0));
            CREATE TABLE "t.""q\u{301}" (id INTEGER PRIMARY KEY AUTOINCREMENT, "a.b" TEXT COLLATE NOCASE UNIQUE, c, parent REFERENCES "t.""q\u{301}" (id));
            CREATE INDEX on_c ON "t.""q\u{301}" (c);
            INSERT INTO "t.""q\u{301}" ("a.b", c, parent) VALUES ('x', NULL, NULL), ('y', 2, 1);
            """)
        let table = "t.\"q\u{301}"
        #expect(throws: TableTransformError.unsupported(table: "checked", feature: "CHECK constraints")) {
            try inspector.transformTable("checked", TableTransform())
        }
        var drop = TableTransform()
        drop.droppedColumns = ["A.B"]
        #expect(throws: TableTransformError.keyColumnDropped(column: "a.b", table: table)) { try inspector.transformTable(table, drop) }
        var unknown = TableTransform()
        unknown.renamedColumns["nope"] = "x"
        #expect(throws: InspectionError.unknownColumn("nope", table: table)) { try inspector.transformTable(table, unknown) }
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        var notNull = TableTransform()
        notNull.notNull["c"] = true
        #expect(throws: DatabaseError.self) { try inspector.transformTable(table, notNull) }
        var renameIndexed = TableTransform()
        renameIndexed.renamedColumns["c"] = "d"
        #expect(throws: DatabaseError.self) { try inspector.transformTable(table, renameIndexed) }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == bytes)
        // Renaming the key follows the self-reference; AUTOINCREMENT and the collation stay.
        var rename = TableTransform()
        rename.renamedColumns["id"] = "key"
        try inspector.transformTable(table, rename)
        let schema = try inspector.schema(ofTable: table)
        #expect(schema.columns.map(\.name) == ["key", "a.b", "c", "parent"] && schema.columns[1].collation == "NOCASE")
        #expect(schema.foreignKeys.first?.referencedColumns == ["key"])
        #expect(schema.sql?.contains("AUTOINCREMENT") == true)
        #expect(try inspector.database.fetchAll("SELECT \"a.b\" FROM \"t.\"\"q\u{301}\" WHERE \"a.b\" = 'X'").count == 1)
    }

    @Test func addsAForeignKeyThroughTheRebuildAndRefusesRowsReferencingNothing() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("fk.sqlite")
        let inspector = Inspector(try Database(path: path))
        try inspector.database.execute(script: """
            CREATE TABLE artist (id INTEGER PRIMARY KEY, name TEXT UNIQUE);
            CREATE TABLE album (id INTEGER PRIMARY KEY, artist_id INTEGER, artist_name TEXT);
            INSERT INTO artist VALUES (1, 'A');
            INSERT INTO album VALUES (1, 1, 'A'), (2, 2, 'B');
            """)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(throws: ForeignKeyCheckError.self) {
            try inspector.addForeignKey(from: "album", columns: ["artist_id"], to: "artist")
        }
        #expect(throws: InspectionError.unknownTable("nope")) { try inspector.addForeignKey(from: "album", columns: ["artist_id"], to: "nope") }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == bytes)
        try inspector.database.execute("DELETE FROM album WHERE id = 2")
        try inspector.addForeignKey(from: "Album", columns: ["ARTIST_ID"], to: "Artist", onDelete: .cascade)
        try inspector.addForeignKey(from: "album", columns: ["artist_name"], to: "artist", columns: ["name"])
        let keys = try inspector.schema(ofTable: "album").foreignKeys
        #expect(keys.map(\.columns) == [["artist_id"], ["artist_name"]] || keys.map(\.columns) == [["artist_name"], ["artist_id"]])
        #expect(keys.first { $0.columns == ["artist_id"] }?.onDelete == "CASCADE")
        #expect(keys.first { $0.columns == ["artist_name"] }?.referencedColumns == ["name"])
        #expect(try inspector.database.fetchValue(Int.self, "SELECT count(*) FROM album") == 1)
    }
}
