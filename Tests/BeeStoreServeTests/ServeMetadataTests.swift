import BeeStore
import Foundation
import Testing

@testable import BeeStoreServe

/// The metadata file: titles, descriptions, licenses and sources shown on the pages of the
/// server, its databases and tables; canned queries with their parameters, read-only; and
/// the typed error that names what is wrong in a malformed file.
@Suite struct ServeMetadataTests {
    static let document = """
        {"title": "Music <shop>", "description": "Two databases", "license": "CC BY 4.0",
         "license_url": "https://creativecommons.org/licenses/by/4.0/",
         "databases": {
           "chinook": {"description": "A record shop's sales", "source": "Chinook", "source_url": "https://example.org/chinook?a=1&b=2",
             "tables": {"Track": {"title": "Songs & <tracks>", "description": "One row per song"}},
             "queries": {
               "by_genre": {"title": "Tracks of a genre", "description": "Long ones first",
                            "sql": "SELECT Name, Milliseconds FROM Track WHERE GenreId = :genre AND Milliseconds > :ms ORDER BY Milliseconds DESC"},
               "genres": "SELECT Name FROM Genre ORDER BY Name",
               "wipe": "DELETE FROM Track"}}}}
        """

    static func metadata() throws -> ServeMetadata {
        try ServeMetadata(json: Data(document.utf8))
    }

    @Test func theFileIsReadAtEveryLevel() throws {
        let metadata = try Self.metadata()
        #expect(metadata.about.title == "Music <shop>")
        #expect(metadata.about.licenseURL == "https://creativecommons.org/licenses/by/4.0/")
        let chinook = try #require(metadata.databases["chinook"])
        #expect(chinook.about.sourceURL == "https://example.org/chinook?a=1&b=2")
        #expect(chinook.tables["Track"]?.description == "One row per song")
        #expect(chinook.queries.map(\.name) == ["by_genre", "genres", "wipe"])
        #expect(chinook.query(named: "by_genre")?.about.title == "Tracks of a genre")
        #expect(chinook.query(named: "genres")?.sql == "SELECT Name FROM Genre ORDER BY Name")
    }

    @Test(arguments: [
        ("{\"title\": ", "", "not JSON"),
        ("[1, 2]", "", "expected a JSON object"),
        ("{\"titel\": \"Music\"}", "titel", "unknown key"),
        ("{\"title\": 3}", "title", "expected a string"),
        ("{\"license_url\": \"javascript:alert(1)\"}", "license_url", "expected an http:// or https:// address, not javascript:alert(1)"),
        ("{\"databases\": {\"chinook\": {\"tables\": {\"Track\": {\"colour\": \"red\"}}}}}", "databases.chinook.tables.Track.colour", "unknown key"),
        ("{\"databases\": {\"chinook\": {\"queries\": {\"q\": {\"sql\": 5}}}}}", "databases.chinook.queries.q.sql", "expected a string"),
        ("{\"databases\": {\"chinook\": {\"queries\": {\"q\": {\"title\": \"no SQL\"}}}}}", "databases.chinook.queries.q.sql", "a query needs its SQL"),
        ("{\"databases\": {\"chinook\": {\"queries\": {\"\": \"SELECT 1\"}}}}", "databases.chinook.queries.", "a query needs a name"),
        ("{\"databases\": []}", "databases", "expected a JSON object"),
    ])
    func aMalformedFileIsATypedErrorNamingWhereAndWhat(json: String, location: String, problem: String) throws {
        let error = try #require(throws: MetadataError.self) { try ServeMetadata(json: Data(json.utf8)) }
        #expect(error.location == location)
        #expect(error.problem.hasPrefix(problem), "\(error.problem)")
        #expect(error.description.hasPrefix("metadata file"))
    }

    @Test func aMissingFileOrAnUnservedDatabaseIsAnError() throws {
        let missing = try #require(throws: MetadataError.self) { try ServeMetadata(contentsOfFile: "/nonexistent/metadata.json") }
        #expect(missing.problem.hasPrefix("cannot read /nonexistent/metadata.json"))
        let unserved = try #require(throws: MetadataError.self) { try Self.metadata().check(servedNames: ["other"]) }
        #expect(unserved.location == "databases.chinook")
        try Self.metadata().check(servedNames: ["chinook", "other"])
    }

    @Test func thePagesShowTheirMetadataEscaped() async throws {
        let site = try ServedSite(metadata: try Self.metadata())
        let index = try await site.get("/")
        #expect(index.body.contains("<h1>Music &lt;shop&gt;</h1>"))
        #expect(index.body.contains("Two databases"))
        #expect(attributeValues("href", in: index.body).contains("https://creativecommons.org/licenses/by/4.0/"))
        let database = try await site.get("/chinook/")
        #expect(database.body.contains("A record shop&#39;s sales"))
        #expect(attributeValues("href", in: database.body).contains("https://example.org/chinook?a=1&b=2"))
        #expect(database.body.contains("href=\"https://example.org/chinook?a=1&amp;b=2\""))
        #expect(attributeValues("href", in: database.body).contains("/chinook/canned?name=by_genre"))
        let table = try await site.get("/chinook/table", "name=Track")
        #expect(table.body.contains("One row per song"))
        #expect(table.body.contains("<h1>Songs &amp; &lt;tracks&gt;</h1>"))
        #expect(table.body.contains("<title>Songs &amp; &lt;tracks&gt; · chinook.sqlite</title>"))
        let other = try await site.get("/chinook/table", "name=Album")
        #expect(!other.body.contains("One row per song"))
        #expect(other.body.contains("<h1>Album</h1>"))
    }

    @Test func aCannedQueryShowsItsFormThenItsRowsAndExports() async throws {
        let site = try ServedSite(metadata: try Self.metadata())
        let form = try await site.get("/chinook/canned", "name=by_genre")
        #expect(form.status == 200)
        #expect(form.body.contains("<h1>Tracks of a genre</h1>"))
        #expect(attributeValues("name", in: form.body).filter { $0 != "viewport" } == ["name", "genre", "ms"])
        #expect(!form.body.contains("id=\"rows\""))

        let rows = try await site.get("/chinook/canned", "name=by_genre&genre=1&ms=500000")
        #expect(rows.status == 200)
        let expected = try #require(
            try site.database().fetchValue(Int.self, "SELECT count(*) FROM Track WHERE GenreId = 1 AND Milliseconds > 500000"))
        #expect(rows.body.contains("<span id=\"row-count\">\(CountText.rows(expected))</span>"))

        let csv = try await site.get("/chinook/canned", "name=by_genre&genre=1&ms=500000&_format=csv")
        #expect(csv.status == 200 && csv.contentType.hasPrefix("text/csv"))
        #expect(csv.body.split(whereSeparator: \.isNewline).count == expected + 1)
        let json = try await site.get("/chinook/canned", "name=genres&_format=json")
        #expect(json.status == 200 && json.body.contains("\"Name\": \"Alternative\""))
        #expect(try await site.get("/chinook/canned", "name=genres").body.contains("id=\"rows\""))
    }

    @Test func aCannedQueryRefusesMissingParametersWritesAndUnknownNames() async throws {
        let site = try ServedSite(metadata: try Self.metadata())
        let missing = try await site.get("/chinook/canned", "name=by_genre&genre=1")
        #expect(missing.status == 400)
        #expect(missing.body.contains("missing parameter ms of the query by_genre"))
        let missingExport = try await site.get("/chinook/canned", "name=by_genre&_format=json")
        #expect(missingExport.status == 400 && missingExport.body.contains("missing parameter genre"))

        let before = try site.database().fetchValue(Int.self, "SELECT count(*) FROM Track")
        let write = try await site.get("/chinook/canned", "name=wipe")
        #expect(write.status == 400)
        #expect(write.body.contains("DELETE FROM Track"))
        #expect(try await site.get("/chinook/canned", "name=wipe&_format=csv").status == 400)
        #expect(try site.database().fetchValue(Int.self, "SELECT count(*) FROM Track") == before)

        let unknown = try await site.get("/chinook/canned", "name=nothing")
        #expect(unknown.status == 404 && unknown.body.contains("no canned query named nothing"))
        #expect(try await site.get(ServedSite.path(of: ServedSite.hostileName) + "/canned", "name=by_genre").status == 404)
        #expect(try await site.get("/chinook/canned").status == 400)
    }
}
