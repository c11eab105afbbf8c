import Foundation
import Testing

@testable import BeeStore

/// Writes `text` to a file of `directory` and returns its path.
func file(_ name: String, _ bytes: Data, in directory: TemporaryDirectory) throws -> String {
    let path = directory.path(name)
    try bytes.write(to: URL(fileURLWithPath: path))
    return path
}

/// Expects the command to fail with status 1 and leave the database file byte for byte as
/// it was.
func expectFailureLeavesFileAsItWas(
    _ path: String, _ arguments: [String], message: String, sourceLocation: SourceLocation = #_sourceLocation
) throws {
    let before = try Data(contentsOf: URL(fileURLWithPath: path))
    expectFailure(try beestore(arguments), status: 1, message: message, sourceLocation: sourceLocation)
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before, "\(arguments)", sourceLocation: sourceLocation)
}

/// A quote, a dot and a combining mark (`q` and U+0301), in a table or column name.
let hostile = "t.\"q\u{301}"

@Suite("CLI: commands that change data")
struct CLIDataCommandTests {
    @Test func insertAndUpsertReadTSVAndAddMissingColumnsWithAlter() throws {
        let directory = try TemporaryDirectory()
        let chinook = try Fixtures.copy("chinook.sqlite", into: directory)
        let tsv = try file("artists.tsv", Data("ArtistId\tName\tCountry\n276\t\"Say \"\"hi\"\"\"\t\"UK\"\n".utf8), in: directory)
        expectFailure(try beestore("insert", chinook, "Artist", tsv), status: 1, message: "line 2: no such column: Country in Artist")
        #expect(try beestore("insert", chinook, "artist", tsv, "--alter").output == "Imported 1 row into Artist.\n")
        let update = try file("update.tab", Data("ArtistId\tCountry\n276\t\"IE\"\n1\t\"AU\"\n".utf8), in: directory)
        #expect(try beestore("upsert", chinook, "Artist", update).output == "Imported 2 rows into Artist.\n")
        #expect(try beestore("rows", chinook, "Artist", "--where", "Country IS NOT NULL", "--format", "csv").output
            == "\"ArtistId\",\"Name\",\"Country\"\r\n1,\"AC/DC\",\"AU\"\r\n276,\"Say \"\"hi\"\"\",\"IE\"\r\n")
        // NDJSON into a new table, with a key; upsert again changes the row, adds none.
        let lines = try file("genres.ndjson", Data("{\"id\": 1, \"n\": \"a\"}\n{\"id\": 2, \"n\": \"b\"}\n".utf8), in: directory)
        #expect(try beestore("insert", chinook, "G", lines, "--pk", "id").output == "Imported 2 rows into G (table created).\n")
        let again = try file("again.json", Data("[{\"id\": 2, \"n\": \"c\", \"extra\": 1.5}]".utf8), in: directory)
        #expect(try beestore("upsert", chinook, "G", again, "--alter").output == "Imported 1 row into G.\n")
        #expect(try beestore("query", chinook, "SELECT * FROM G ORDER BY id", "--format", "csv").output
            == "\"id\",\"n\",\"extra\"\r\n1,\"a\",\r\n2,\"c\",1.5\r\n")
        #expect(try beestore("schema", chinook, "G").output.contains("extra"))
    }

    @Test func aFailedInsertLeavesTheFileAsItWasAndDropsNothingSilently() throws {
        let directory = try TemporaryDirectory()
        let chinook = try Fixtures.copy("chinook.sqlite", into: directory)
        // The column would be added, but a ragged record later rolls everything back.
        let ragged = try file("ragged.tsv", Data("Name\tCountry\n\"A\"\t\"B\"\n\"C\"\n".utf8), in: directory)
        try expectFailureLeavesFileAsItWas(
            chinook, ["insert", chinook, "Artist", ragged, "--alter"], message: "line 3: 1 fields where the header has 2")
        let latin1 = try file("latin1.csv", Data("Name\n\"Zo".utf8) + Data([0xEB]) + Data("\"\n".utf8), in: directory)
        try expectFailureLeavesFileAsItWas(
            chinook, ["insert", chinook, "Artist", latin1],
            message: "line 2: the text of column Name is not valid UTF-8: pass --invalid-utf8 blob to keep its bytes as a blob")
        let broken = try file("broken.json", Data("[{\"Name\": \"x\"}, {\"Name\": ".utf8), in: directory)
        let failed = try beestore("insert", chinook, "Artist", broken)
        #expect(failed.status == 1 && failed.error.hasPrefix("beestore: line 1: "))
        // A huge field is imported whole.
        let huge = String(repeating: "é", count: 2_000_000)
        let big = try file("big.csv", Data("Name\n\"\(huge)\"\n".utf8), in: directory)
        #expect(try beestore("insert", chinook, "Artist", big).output == "Imported 1 row into Artist.\n")
        #expect(try beestore("query", chinook, "SELECT length(Name) FROM Artist WHERE ArtistId = 276", "--format", "csv").output
            == "\"length(Name)\"\r\n2000000\r\n")
    }

    @Test func createsIndexesAndAddsColumnsOnChinook() throws {
        let directory = try TemporaryDirectory()
        let chinook = try Fixtures.copy("chinook.sqlite", into: directory)
        #expect(try beestore("create-index", chinook, "track", "albumid, name").output == "Created the index Track_on_AlbumId_Name.\n")
        expectFailure(
            try beestore("create-index", chinook, "Track", "AlbumId", "Name"), status: 1,
            message: "an index named Track_on_AlbumId_Name exists already")
        #expect(try beestore("create-index", chinook, "Track", "AlbumId", "Name", "--if-not-exists").status == 0)
        #expect(try beestore("create-index", chinook, "Genre", "Name", "--unique", "--name", "genre names").output
            == "Created the index genre names.\n")
        try expectFailureLeavesFileAsItWas(
            chinook, ["create-index", chinook, "Track", "AlbumId", "--unique"],
            message: "UNIQUE constraint failed: Track.AlbumId")
        try expectFailureLeavesFileAsItWas(chinook, ["create-index", chinook, "Track", "Nope"], message: "no such column: Nope in Track")
        #expect(try beestore("add-column", chinook, "Album", "Rating", "integer", "--default", "3", "--not-null").output
            == "Added the column Rating to Album.\n")
        #expect(try beestore("add-column", chinook, "Album", "Note").status == 0)
        // A real default that no short decimal holds exactly is stored as the number typed.
        #expect(try beestore("add-column", chinook, "Album", "Weight", "real", "--default", "0.1").status == 0)
        #expect(try beestore("query", chinook, "SELECT DISTINCT Weight, Weight = 0.1, typeof(Weight) FROM Album", "--format", "csv")
            .output == "\"Weight\",\"Weight = 0.1\",\"typeof(Weight)\"\r\n0.1,1,\"real\"\r\n")
        #expect(try beestore("schema", chinook, "Album", "--format", "json").output.contains("\"default_sql\" : \"0.1\""))
        #expect(try beestore("query", chinook, "SELECT count(*) FROM Album WHERE Rating = 3 AND Note IS NULL", "--format", "csv")
            .output == "\"count(*)\"\r\n347\r\n")
        try expectFailureLeavesFileAsItWas(
            chinook, ["add-column", chinook, "Album", "Flag", "integer", "--not-null"],
            message: "the NOT NULL column Flag added to Album needs a default other than NULL")
        try expectFailureLeavesFileAsItWas(
            chinook, ["add-column", chinook, "Album", "rating"], message: "duplicate column name: rating (in: ALTER TABLE \"Album\" ADD COLUMN \"rating\" TEXT)")
        expectFailure(
            try beestore("add-column", chinook, "Album", "X", "money"), status: 2,
            message: "The value 'money' is invalid for '<type>' (see 'beestore help')")
        #expect(try beestore("indexes", chinook, "--format", "csv").output.contains("\"Track\",\"Track_on_AlbumId_Name\",\"AlbumId, Name\",0,\"c\","))
    }

    @Test func transformsATableOfChinookAndLeavesItAsItWasWhenItFails() throws {
        let directory = try TemporaryDirectory()
        let chinook = try Fixtures.copy("chinook.sqlite", into: directory)
        let result = try beestore(
            "transform", chinook, "Track", "--type", "Milliseconds=real", "--rename", "Bytes=Size", "--drop", "Composer",
            "--order", "Name", "--nullable", "Name", "--default", "UnitPrice=0.99")
        #expect(result.status == 0 && result.output == "Transformed Track.\n", "\(result.error)")
        #expect(try beestore("query", chinook, "SELECT count(*), typeof(Milliseconds), sum(Size) FROM Track", "--format", "csv").output
            == "\"count(*)\",\"typeof(Milliseconds)\",\"sum(Size)\"\r\n3503,\"real\",117386255350\r\n")
        #expect(try beestore("check", chinook).status == 0)
        try expectFailureLeavesFileAsItWas(
            chinook, ["transform", chinook, "Track", "--drop", "TrackId"], message: "TrackId is part of a key of Track: it cannot be dropped")
        try expectFailureLeavesFileAsItWas(
            chinook, ["transform", chinook, "Track", "--rename", "AlbumId=Album"],
            message: "no such column: AlbumId (in: CREATE INDEX [IFK_TrackAlbumId] ON [Track] ([AlbumId]))")
        try expectFailureLeavesFileAsItWas(
            chinook, ["transform", chinook, "Track", "--not-null", "Nope"], message: "no such column: Nope in Track")
        expectFailure(
            try beestore("transform", chinook, "Track", "--type", "Name=money"), status: 2,
            message: "unknown type money: integer, real, text, blob or numeric")
        // A column name holding = is given in quotes.
        _ = try beestore("query", chinook, "--write", "CREATE TABLE eq (\"a=b\" TEXT)")
        #expect(try beestore("transform", chinook, "eq", "--rename", "\"a=b\"=c").status == 0)
        #expect(try beestore("query", chinook, "SELECT name FROM pragma_table_info('eq')", "--format", "csv").output == "\"name\"\r\n\"c\"\r\n")
    }

    @Test func addsAForeignKeyToChinook() throws {
        let directory = try TemporaryDirectory()
        let chinook = try Fixtures.copy("chinook.sqlite", into: directory)
        _ = try beestore("query", chinook, "--write", "CREATE TABLE Review (Id INTEGER PRIMARY KEY, TrackId INTEGER); INSERT INTO Review VALUES (1, 1), (2, 99999)")
        try expectFailureLeavesFileAsItWas(
            chinook, ["add-foreign-key", chinook, "Review", "TrackId", "Track"],
            message: "foreign key check failed: Review row 2 has no parent in Track")
        _ = try beestore("query", chinook, "--write", "DELETE FROM Review WHERE Id = 2")
        #expect(try beestore("add-foreign-key", chinook, "review", "trackid", "track", "TrackId", "--on-delete", "cascade").output
            == "Added the foreign key to track to review.\n")
        #expect(try beestore("schema", chinook, "Review").output.contains("TrackId | Track(TrackId) | NO ACTION | CASCADE"))
        expectFailure(
            try beestore("add-foreign-key", chinook, "Review", "TrackId", "Track", "--on-delete", "explode"), status: 2,
            message: "The value 'explode' is invalid for '--on-delete <on-delete>' (see 'beestore help')")
    }

    @Test func memoryLoadsFilesIntoTablesAndQueriesThem() throws {
        let directory = try TemporaryDirectory()
        let chinook = try Fixtures.copy("chinook.sqlite", into: directory)
        let tracks = try beestore("rows", chinook, "Track", "--limit", "-1", "--format", "csv").output
        let csv = try file("tracks.csv", Data(tracks.utf8), in: directory)
        let json = try file("albums.json", Data(try beestore("rows", chinook, "Album", "--limit", "-1", "--format", "json").output.utf8), in: directory)
        let genres = try file("g.tab", Data("id\tname\n1\t\"Rock\"\n".utf8), in: directory)
        let result = try beestore(
            "memory", csv, "a=" + json, genres,
            "SELECT a.Title, count(*) FROM tracks JOIN a USING (AlbumId) JOIN g ON g.id = tracks.GenreId GROUP BY a.AlbumId ORDER BY 2 DESC LIMIT 2",
            "--format", "csv")
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output == "\"Title\",\"count(*)\"\r\n\"Greatest Hits\",30\r\n\"My Generation - The Very Best Of The Who\",20\r\n")
        expectFailure(
            try beestore("memory", csv, "DELETE FROM tracks"), status: 2,
            message: "the statement would change the database: pass --write to run it")
        let ragged = try file("ragged.csv", Data("a,b\n1\n".utf8), in: directory)
        expectFailure(try beestore("memory", ragged, "SELECT 1"), status: 1, message: "line 2: 1 fields where the header has 2")
        expectFailure(try beestore("memory", "SELECT 1"), status: 2, message: "give at least one file, then the SQL query (see 'beestore help')")
    }

    @Test func hostileNamesThroughEveryCommand() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("hostile.sqlite")
        let column = hostile + "\""
        let csv = try file("h.csv", Data("\"\(column.replacingOccurrences(of: "\"", with: "\"\""))\"\n\"x\"\n\"x\"\n\n".utf8), in: directory)
        #expect(try beestore("insert", path, hostile, csv).output == "Imported 3 rows into \(hostile) (table created).\n")
        #expect(try beestore("add-column", path, hostile, hostile + ".c", "integer", "--default", "7").status == 0)
        let quotedColumn = "\"" + column.replacingOccurrences(of: "\"", with: "\"\"") + "\""
        #expect(try beestore("create-index", path, hostile, quotedColumn).output == "Created the index \(hostile)_on_\(column).\n")
        #expect(try beestore("analyze-tables", path, "--format", "csv").output == """
            "table","column","rows","nulls","distinct","most_common"\r
            "\(hostile.replacingOccurrences(of: "\"", with: "\"\""))","\(column.replacingOccurrences(of: "\"", with: "\"\""))",3,1,1,"x (2)"\r
            "\(hostile.replacingOccurrences(of: "\"", with: "\"\""))","\(hostile.replacingOccurrences(of: "\"", with: "\"\"")).c",3,0,1,"7 (3)"\r

            """)
        #expect(try beestore("transform", path, hostile, "--rename", "\(hostile).c=\(hostile).d").status == 0)
        #expect(try beestore("indexes", path, "--format", "json").output.contains("\(hostile.replacingOccurrences(of: "\"", with: "\\\""))_on_"))
    }

    @Test func listsAnalysesAndKeepsUpTheFile() throws {
        let directory = try TemporaryDirectory()
        let chinook = try Fixtures.copy("chinook.sqlite", into: directory)
        let indexes = try beestore("indexes", chinook, "--format", "csv")
        #expect(indexes.status == 0 && indexes.output.split(separator: "\r\n").count == 13)
        #expect(try beestore("triggers", chinook, "--format", "csv").output == "\"name\",\"table\",\"sql\"\r\n")
        _ = try beestore("query", chinook, "--write", "CREATE VIEW v AS SELECT 1")
        #expect(try beestore("views", chinook, "--format", "csv").output == "\"name\",\"table\",\"sql\"\r\n\"v\",\"v\",\"CREATE VIEW v AS SELECT 1\"\r\n")
        #expect(try beestore("analyze-tables", chinook, "Genre", "Track", "--columns", "Name", "--format", "csv").status == 2)
        let analysis = try beestore("analyze-tables", chinook, "Track", "--columns", "Composer", "--common", "2", "--format", "csv")
        #expect(analysis.error.isEmpty, "no progress bar when standard error is not a terminal")
        #expect(analysis.output == """
            "table","column","rows","nulls","distinct","most_common"\r
            "Track","Composer",3503,977,853,"Steve Harris (80), U2 (44)"\r

            """)
        expectFailure(try beestore("analyze-tables", chinook, "Nope"), status: 1, message: "no such table: Nope")
        #expect(try beestore("optimize", chinook).output == "Gathered the query planner's statistics.\n")
        _ = try beestore("query", chinook, "--write", "DELETE FROM PlaylistTrack")
        let vacuum = try beestore("vacuum", chinook)
        #expect(vacuum.status == 0 && vacuum.output.hasPrefix("Vacuumed: "))
        expectFailure(try beestore("vacuum", directory.path("none.sqlite")), status: 1, message: "no such file: \(directory.path("none.sqlite"))")
    }

    @Test(.enabled(if: TerminalTool.isInstalled, "needs script(1) for a terminal"))
    func aTerminalShowsAProgressBar() throws {
        let directory = try TemporaryDirectory()
        let rows = (1...2000).map { "\($0),\"name \($0 % 7)\"" }.joined(separator: "\n")
        let csv = try file("rows.csv", Data("id,name\n\(rows)\n".utf8), in: directory)
        let database = directory.path("t.sqlite")
        let imported = try beestoreOnTerminal(["insert", database, "t", csv, "--pk", "id"])
        #expect(imported.contains("Importing [") && imported.contains("100%"))
        #expect(imported.contains("Imported 2000 rows into t (table created)."))
        let transformed = try beestoreOnTerminal(["transform", database, "t", "--type", "name=text"])
        #expect(transformed.contains("Transforming [") && transformed.contains("100%") && transformed.contains("Transformed t."))
        let extracted = try beestoreOnTerminal(["extract", database, "t", "name"])
        #expect(extracted.contains("Extracting [") && extracted.contains("100%"))
        #expect(extracted.contains("Extracted t into name (table created) through name_id; 7 rows added to name."))
        // Piped, no bar.
        let piped = try beestore("transform", database, "t", "--type", "name_id=integer")
        #expect(piped.status == 0 && piped.error.isEmpty)
    }
}
