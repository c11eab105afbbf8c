import Foundation
import Testing

@testable import BeeStore

@Suite("Inspection: extracting columns into a lookup table")
struct ExtractTests {
    @Test func extractsTheComposersOfChinookKeepingEveryValueIndexAndKey() throws {
        let directory = try TemporaryDirectory()
        let inspector = Inspector(try Database(path: try Fixtures.copy("chinook.sqlite", into: directory)))
        let before = try inspector.database.fetchAll("SELECT TrackId, Composer FROM Track ORDER BY TrackId").map(\.values)
        var reports: [ProgressReport] = []
        let summary = try inspector.extractColumns(ColumnExtraction(columns: ["composer"]), of: "track") { reports.append($0) }
        #expect(summary == ExtractionSummary(
            table: "Track", lookupTable: "Composer", foreignKeyColumn: "Composer_id", addedLookupRowCount: 853,
            createdLookupTable: true))
        #expect(reports.last?.fractionCompleted == 1)
        let after = try inspector.database.fetchAll(
            "SELECT TrackId, Composer.Composer FROM Track LEFT JOIN Composer ON Composer.id = Track.Composer_id ORDER BY TrackId")
        #expect(after.map(\.values) == before)
        let track = try inspector.schema(ofTable: "Track")
        #expect(track.columns.map(\.name) == [
            "TrackId", "Name", "AlbumId", "MediaTypeId", "GenreId", "Composer_id", "Milliseconds", "Bytes", "UnitPrice",
        ])
        #expect(track.columns[5].declaredType == "INTEGER" && track.columns[0].primaryKeyPosition == 1)
        #expect(track.indexes.map(\.name) == ["IFK_TrackAlbumId", "IFK_TrackGenreId", "IFK_TrackMediaTypeId"])
        #expect(track.foreignKeys.contains { $0.columns == ["Composer_id"] && $0.referencedTable == "Composer" && $0.referencedColumns == ["id"] })
        let lookup = try inspector.schema(ofTable: "Composer")
        #expect(lookup.columns.map(\.name) == ["id", "Composer"] && lookup.columns.map(\.declaredType) == ["INTEGER", "TEXT"])
        #expect(lookup.indexes.contains { $0.isUnique && $0.columns == ["Composer"] })
        #expect(try inspector.database.fetchValue(Int.self, "SELECT count(*) FROM Track WHERE Composer_id IS NULL") == 977)
        #expect(try inspector.checkIntegrity().isHealthy)
    }

    @Test func extractsSeveralColumnsWithHostileNamesIntoALookupTableTwice() throws {
        let directory = try TemporaryDirectory()
        let inspector = Inspector(try Database(path: directory.path("hostile.sqlite")))
        try inspector.database.execute(script: #"""
            CREATE TABLE "t.""q́" (id INTEGER PRIMARY KEY, "a.b" TEXT COLLATE NOCASE, "c""d" INTEGER, x);
            INSERT INTO "t.""q́" ("a.b", "c""d", x) VALUES ('A', 1, 'x'), ('a', 1, 'y'), ('A', 1, 'z'), (NULL, 2, 'w'),
                (NULL, NULL, 'v'), ('it''s', NULL, 'u');
            CREATE TABLE other ("A.B" TEXT, "C""D" INTEGER);
            INSERT INTO other VALUES ('a', 1), ('new', 3), (NULL, NULL);
            """#)
        let table = "t.\"q\u{301}"
        let before = try inspector.database.fetchAll(#"SELECT "a.b", "c""d", x FROM "t.""q́" ORDER BY id"#).map(\.values)
        var extraction = ColumnExtraction(columns: ["A.B", "C\"D"])
        extraction.lookupTable = "l.\"k\u{301}"
        extraction.foreignKeyColumn = "ref.\""
        extraction.lookupColumnNames = ["c\"d": "n.\""]
        let summary = try inspector.extractColumns(extraction, of: table)
        #expect(summary.addedLookupRowCount == 4 && summary.createdLookupTable && summary.foreignKeyColumn == "ref.\"")
        let lookupRows = #"SELECT "a.b", "n.""" FROM "l.""k\#u{301}" ORDER BY id"#
        #expect(try inspector.database.fetchAll(lookupRows).map(\.values) == [
            [.null, .integer(2)], [.text("A"), .integer(1)], [.text("a"), .integer(1)], [.text("it's"), .null],
        ])
        let joined = #"""
            SELECT l."a.b", l."n.""", t.x FROM "t.""q́" AS t LEFT JOIN "l.""k\#u{301}" AS l ON l.id = t."ref.""" ORDER BY t.id
            """#
        #expect(try inspector.database.fetchAll(joined).map(\.values) == before)
        #expect(try inspector.schema(ofTable: table).columns.map(\.name) == ["id", "ref.\"", "x"])
        // Into the same lookup table: the rows it has are reused, the new ones added.
        var again = ColumnExtraction(columns: ["a.b", "c\"d"])
        again.lookupTable = "L.\"k\u{301}"
        again.lookupColumnNames = ["c\"d": "n.\""]
        let second = try inspector.extractColumns(again, of: "other")
        #expect(second.addedLookupRowCount == 1 && !second.createdLookupTable && second.foreignKeyColumn == "l.\"k\u{301}_id")
        #expect(try inspector.database.fetchAll(#"SELECT "l.""k\#u{301}_id" FROM other ORDER BY rowid"#).map(\.values)
            == [[.integer(3)], [.integer(5)], [.null]])
        #expect(try inspector.checkIntegrity().isHealthy)
    }

    @Test func refusesWhatItCannotExtractExactlyAndChangesNothing() throws {
        let directory = try TemporaryDirectory()
        let path = try Fixtures.copy("chinook.sqlite", into: directory)
        let inspector = Inspector(try Database(path: path))
        try inspector.database.execute(script: """
            CREATE TABLE mixed (id INTEGER PRIMARY KEY, v);
            INSERT INTO mixed (v) VALUES (1), (1.0), ('1');
            """)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(throws: ExtractionError.inexactValues(rowCount: 1, table: "mixed", lookupTable: "v")) {
            try inspector.extractColumns(ColumnExtraction(columns: ["v"]), of: "mixed")
        }
        #expect(throws: ExtractionError.keyColumn(column: "TrackId", table: "Track")) {
            try inspector.extractColumns(ColumnExtraction(columns: ["TrackId"]), of: "Track")
        }
        #expect(throws: ExtractionError.keyColumn(column: "AlbumId", table: "Track")) {
            try inspector.extractColumns(ColumnExtraction(columns: ["AlbumId"]), of: "Track")
        }
        var taken = ColumnExtraction(columns: ["Composer"])
        taken.foreignKeyColumn = "name"
        #expect(throws: ExtractionError.existingColumn(column: "Name", table: "Track")) {
            try inspector.extractColumns(taken, of: "Track")
        }
        var itself = ColumnExtraction(columns: ["Composer"])
        itself.lookupTable = "TRACK"
        #expect(throws: ExtractionError.lookupIsTable("Track")) { try inspector.extractColumns(itself, of: "Track") }
        var noKey = ColumnExtraction(columns: ["Composer"])
        noKey.lookupTable = "PlaylistTrack"
        #expect(throws: ExtractionError.noIntegerKey(table: "PlaylistTrack")) { try inspector.extractColumns(noKey, of: "Track") }
        #expect(throws: ExtractionError.badColumns(table: "Track")) {
            try inspector.extractColumns(ColumnExtraction(columns: ["Composer", "composer"]), of: "Track")
        }
        #expect(throws: InspectionError.unknownColumn("Nope", table: "Track")) {
            try inspector.extractColumns(ColumnExtraction(columns: ["Nope"]), of: "Track")
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == bytes)
        // An index on an extracted column fails the rebuild.
        try inspector.database.execute("CREATE INDEX by_composer ON Track (Composer)")
        let indexed = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(throws: DatabaseError.self) { try inspector.extractColumns(ColumnExtraction(columns: ["Composer"]), of: "Track") }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == indexed)
    }
}
