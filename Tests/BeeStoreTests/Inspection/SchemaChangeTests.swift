import Foundation
import Testing

@testable import BeeStore

/// A writable inspector of a fresh copy of the Chinook fixture.
private func chinook(in directory: TemporaryDirectory) throws -> Inspector {
    Inspector(try Database(path: try Fixtures.copy("chinook.sqlite", into: directory)))
}

@Suite("Inspection: schema changes, listings, analysis and upkeep")
struct SchemaChangeTests {
    @Test func createsIndexesOnSeveralColumnsUniqueOrNot() throws {
        let directory = try TemporaryDirectory()
        let inspector = try chinook(in: directory)
        #expect(try inspector.createIndex(on: "track", columns: ["albumid", "NAME"]) == "Track_on_AlbumId_Name")
        let index = try #require(try inspector.schema(ofTable: "Track").indexes.first { $0.name == "Track_on_AlbumId_Name" })
        #expect(index.columns == ["AlbumId", "Name"] && !index.isUnique)
        #expect(throws: InspectionError.existingIndex("Track_on_AlbumId_Name")) {
            try inspector.createIndex(on: "Track", columns: ["AlbumId", "Name"])
        }
        #expect(try inspector.createIndex(on: "Track", columns: ["AlbumId", "Name"], ifNotExists: true) == "Track_on_AlbumId_Name")
        #expect(try inspector.createIndex(on: "Genre", columns: ["Name"], unique: true, named: "genre names") == "genre names")
        #expect(try inspector.schema(ofTable: "Genre").indexes.first { $0.name == "genre names" }?.isUnique == true)
        // Rows that break a unique index: SQLite's error, and no index.
        #expect(throws: DatabaseError.self) { try inspector.createIndex(on: "Track", columns: ["AlbumId"], unique: true) }
        #expect(try inspector.schema(ofTable: "Track").indexes.contains { $0.name == "Track_on_AlbumId" } == false)
        #expect(throws: InspectionError.unknownColumn("Nope", table: "Track")) {
            try inspector.createIndex(on: "Track", columns: ["Nope"])
        }
        #expect(throws: InspectionError.unknownTable("Nope")) { try inspector.createIndex(on: "Nope", columns: ["x"]) }
    }

    @Test func addsColumnsWithTypesDefaultsAndNotNull() throws {
        let directory = try TemporaryDirectory()
        let inspector = try chinook(in: directory)
        try inspector.addColumn("Rating", type: .integer, to: "album", notNull: true, defaultValue: .integer(3))
        try inspector.addColumn("Note", to: "Album")
        let columns = try inspector.schema(ofTable: "Album").columns
        #expect(columns.map(\.name) == ["AlbumId", "Title", "ArtistId", "Rating", "Note"])
        #expect(columns[3].declaredType == "INTEGER" && columns[3].isNotNull && columns[4].declaredType == "TEXT")
        #expect(try inspector.database.fetchValue(Int.self, "SELECT count(*) FROM Album WHERE Rating = 3") == 347)
        #expect(throws: InspectionError.notNullWithoutDefault(column: "Flag", table: "Album")) {
            try inspector.addColumn("Flag", type: .integer, to: "Album", notNull: true)
        }
        #expect(throws: DatabaseError.self) { try inspector.addColumn("rating", to: "Album") }
    }

    /// `ALTER TABLE … ADD COLUMN` takes a default only as a constant: a real that no short
    /// decimal holds exactly (0.1) is written as its shortest decimal, and every row, old
    /// and new, holds exactly that double.
    @Test(arguments: [0.1, 0.99, -2.675, 1e-05, 123456.789, .leastNonzeroMagnitude, .greatestFiniteMagnitude, 0.5])
    func addsARealDefaultThatIsNotAnExactDecimalExactly(value: Double) throws {
        let directory = try TemporaryDirectory()
        let inspector = try chinook(in: directory)
        try inspector.addColumn("Weight", type: .real, to: "Album", notNull: true, defaultValue: .real(value))
        try inspector.database.execute("INSERT INTO Album (Title, ArtistId) VALUES ('new', 1)")
        let stored = try inspector.database.fetchAll("SELECT DISTINCT Weight, typeof(Weight) FROM Album").map(\.values)
        #expect(stored == [[.real(value), .text("real")]])
        #expect(try inspector.schema(ofTable: "Album").columns.last?.defaultSQL == "\(value)")
    }

    /// A real this SQLite reads back as another number from its shortest decimal is
    /// refused, and the file is left as it was; one it reads exactly is added.
    @Test(arguments: [4.766742153205532e-308, 6.2578431e-07, 2.2250738585072014e-308])
    func refusesARealDefaultThisSQLiteWouldReadBackAsAnother(value: Double) throws {
        let directory = try TemporaryDirectory()
        let inspector = try chinook(in: directory)
        let path = directory.path("chinook.sqlite")
        let read = try inspector.database.fetchValue(Double.self, "SELECT CAST(? AS REAL)", ["\(value)"])
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        if read == value {
            try inspector.addColumn("Weight", type: .real, to: "Album", defaultValue: .real(value))
            #expect(try inspector.database.fetchValue(Double.self, "SELECT Weight FROM Album LIMIT 1") == value)
        } else {
            #expect(throws: QueryError.inexactDefault(table: "Album", column: "Weight", value: value, read: read)) {
                try inspector.addColumn("Weight", type: .real, to: "Album", defaultValue: .real(value))
            }
            #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
        }
    }

    @Test func hostileNamesStayWhole() throws {
        let directory = try TemporaryDirectory()
        let inspector = Inspector(try Database(path: directory.path("hostile.sqlite")))
        let table = "t.\"q\u{301}"
        try inspector.database.execute(script: #"CREATE TABLE "t.""q́" ("a""b" TEXT); INSERT INTO "t.""q́" VALUES ('x'), ('x'), (NULL);"#)
        // A column named with the table's name and a dot, which the builder would read as qualified.
        try inspector.addColumn(table + ".c", type: .integer, to: table, defaultValue: .integer(7))
        #expect(try inspector.createIndex(on: table, columns: ["a\"b", table + ".c"]) == table + "_on_a\"b_" + table + ".c")
        #expect(try inspector.schema(ofTable: table).columns.map(\.name) == ["a\"b", table + ".c"])
        let analyses = try inspector.analyzeColumns(of: table)
        #expect(analyses.map(\.column) == ["a\"b", table + ".c"])
        #expect(analyses[0].nullCount == 1 && analyses[0].distinctCount == 1)
        #expect(analyses[0].mostCommonValues == [ColumnAnalysis.ValueCount(value: .text("x"), count: 2)])
        #expect(analyses[1].mostCommonValues == [ColumnAnalysis.ValueCount(value: .integer(7), count: 3)])
    }

    @Test func listsIndexesTriggersAndViewsOfTheWholeDatabase() throws {
        let directory = try TemporaryDirectory()
        let inspector = try chinook(in: directory)
        let indexes = try inspector.indexes()
        #expect(indexes.count == 12)
        #expect(indexes.contains { $0.table == "Track" && $0.index.name == "IFK_TrackAlbumId" && $0.index.columns == ["AlbumId"] })
        #expect(indexes.map(\.table) == indexes.map(\.table).sorted())
        #expect(try inspector.triggers().isEmpty && inspector.views().isEmpty)
        try inspector.database.execute(script: """
            CREATE VIEW long_tracks AS SELECT Name FROM Track WHERE Milliseconds > 600000;
            CREATE TRIGGER no_empty_names BEFORE INSERT ON Artist WHEN NEW.Name = '' BEGIN SELECT RAISE(ABORT, 'empty'); END;
            """)
        #expect(try inspector.views().map(\.name) == ["long_tracks"])
        let trigger = try #require(try inspector.triggers().first)
        #expect(trigger.name == "no_empty_names" && trigger.table == "Artist" && trigger.sql.hasPrefix("CREATE TRIGGER"))
        let result = QueryResult(indexes)
        #expect(result.columnNames == ["table", "name", "columns", "unique", "origin", "condition"])
        #expect(result.rows.first { $0[1] == .text("sqlite_autoindex_PlaylistTrack_1") }?[2] == .text("PlaylistId, TrackId"))
    }

    @Test func analysesColumnsWithProgress() throws {
        let directory = try TemporaryDirectory()
        let inspector = try chinook(in: directory)
        var reports: [ProgressReport] = []
        let analyses = try inspector.analyzeColumns(of: "Track", mostCommonCount: 2) { reports.append($0) }
        #expect(analyses.count == 9 && reports.last == ProgressReport(completedUnitCount: 9, totalUnitCount: 9))
        let composer = try #require(analyses.first { $0.column == "Composer" })
        #expect(composer.rowCount == 3503 && composer.nullCount == 977)
        #expect(composer.mostCommonValues.first == ColumnAnalysis.ValueCount(value: .text("Steve Harris"), count: 80))
        let genre = try #require(try inspector.analyzeColumns(of: "Track", columns: ["genreid"]).first)
        #expect(genre.column == "GenreId" && genre.distinctCount == 25 && genre.mostCommonValues.count == 10)
        #expect(throws: InspectionError.unknownColumn("x", table: "Track")) { try inspector.analyzeColumns(of: "Track", columns: ["x"]) }
    }

    @Test func analysisStopsAtTheStatementTimeLimit() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("big.sqlite")
        // Enough distinct values that counting them takes far longer than the limit.
        let filling = try Database(path: path)
        try filling.execute(script: """
            CREATE TABLE big (v);
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n LIMIT 500000) INSERT INTO big SELECT randomblob(16) FROM n;
            """)
        filling.close()
        var configuration = Configuration()
        configuration.statementTimeLimitInterval = 0.01
        let database = try Database(path: path, configuration: configuration)
        #expect(throws: StatementTimeLimitExceeded.self) { try Inspector(database).analyzeColumns(of: "big") }
    }

    @Test func vacuumsAndOptimizes() throws {
        let directory = try TemporaryDirectory()
        let inspector = try chinook(in: directory)
        try inspector.database.execute("DELETE FROM PlaylistTrack")
        let summary = try inspector.vacuum()
        #expect(summary.byteCountAfter < summary.byteCountBefore)
        try inspector.optimize()
        #expect(try inspector.database.fetchValue(Int.self, "SELECT count(*) FROM sqlite_stat1") ?? 0 > 0)
    }
}
