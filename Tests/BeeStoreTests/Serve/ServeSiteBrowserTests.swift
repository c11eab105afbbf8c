import BeeStore
import Foundation
import Testing

/// Several databases and a metadata file in a browser: the page listing the databases, a
/// database whose file name is markup, the metadata on a database page, a canned query run
/// with its parameters, and the database download.
extension ServeBrowserTests {
    /// The file name of the second database: markup, quotes, spaces, accents and URL syntax.
    static let hostileFileName = "it's \"<i>notes\" & ü ?#%+.db"

    /// A metadata file describing the Chinook copy, with one canned query.
    static let metadataDocument = """
        {"title": "Music <shop>",
         "databases": {"chinook": {"description": "A record shop's sales",
           "queries": {"long_tracks": {"title": "Long tracks of a genre",
             "sql": "SELECT Name, Milliseconds FROM Track WHERE GenreId = :genre AND Milliseconds > :ms ORDER BY TrackId"}}}}}
        """

    /// Serves the Chinook copy, a database with a hostile file name and the metadata file,
    /// downloads allowed, and runs `body` in a browser that opened the printed URL.
    func withServedSite(_ body: (ServedDatabase, WebDriver) async throws -> Void) async throws {
        try await ServedDatabase.serve(preparingArguments: { path in
            let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
            let notes = folder.appendingPathComponent(Self.hostileFileName).path
            try Self.database(at: notes).execute(script: """
                CREATE TABLE note (id INTEGER PRIMARY KEY, body TEXT);
                INSERT INTO note (body) VALUES ('<script>window.alertFired = true</script>');
                """)
            let metadata = folder.appendingPathComponent("metadata.json")
            try Data(Self.metadataDocument.utf8).write(to: metadata)
            return [notes, "--metadata", metadata.path, "--allow-download"]
        }) { served in
            try await Self.withBrowser(opening: served, body)
        }
    }

    @Test func thePageOfDatabasesLeadsToEachAndToACannedQuery() async throws {
        try await withServedSite { served, browser in
            #expect(try await browser.texts("h1") == ["Music <shop>"])
            #expect(try await browser.texts("a.database-link") == ["chinook", "it's \"<i>notes\" & ü ?#%+"])
            try await browser.click(try await browser.element("a.database-link", withText: "it's \"<i>notes\" & ü ?#%+"))
            try await waitUntil("the hostile database's page") { try await browser.texts("h1") == [Self.hostileFileName] }
            try await browser.click(try await browser.element("a.table-link", withText: "note"))
            try await Self.waitForRowCount(1, in: browser)
            #expect(try await browser.texts("#rows td[data-column=body]") == ["<script>window.alertFired = true</script>"])
            #expect(try await browser.execute("return window.alertFired === undefined", as: Bool.self))

            try await browser.click(try await browser.element("a#nav-databases"))
            try await browser.click(try await browser.waitForElement("a.database-link"))
            try await waitUntil("the Chinook page with its description") {
                try await browser.texts(".metadata .description") == ["A record shop's sales"]
            }
            #expect(try await browser.elements("a#download").count == 1)
            try await browser.click(try await browser.element("a.canned-link", withText: "Long tracks of a genre"))
            let genre = try await browser.waitForElement("#canned-form input.param[name=genre]")
            try await browser.type("1", into: genre)
            try await browser.type("400000", into: try await browser.element("#canned-form input.param[name=ms]"))
            try await browser.click(try await browser.element("#canned-form button#run-query"))
            let expected = try #require(try Self.database(at: served.databasePath).fetchValue(
                Int.self, "SELECT count(*) FROM Track WHERE GenreId = 1 AND Milliseconds > 400000"))
            try await Self.waitForRowCount(expected, in: browser)
            #expect(try await browser.elements("#error").isEmpty)
            #expect(try await browser.elements("#canned-sql .sql-keyword").count >= 4, "the query's SQL is highlighted")
            try await Self.screenshot(of: browser, savedAs: "beestore-serve-canned-query.png")
        }
    }
}
