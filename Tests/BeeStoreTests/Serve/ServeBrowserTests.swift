import BeeStore
import Foundation
import Testing

@testable import BeeStore

/// `beestore serve` driven in a headless Chromium, over the Chinook database plus a table whose
/// name, column and value are markup.
@Suite("beestore serve in a browser", .serialized, .enabled(if: BrowserAvailability.shouldRun, BrowserAvailability.disabledReason))
struct ServeBrowserTests {
    /// A table and column name that is markup running script when rendered unescaped.
    static let hostileName = "<img src=x onerror=alert(1)>"
    /// A value that is markup setting a flag when rendered unescaped.
    static let hostileValue = "<script>window.alertFired = true</script><b>bold</b>"

    /// A connection to the served copy that keeps its rollback journal, as another process would.
    static func database(at path: String) throws -> Database {
        var configuration = Configuration()
        configuration.journalMode = nil
        return try Database(path: path, configuration: configuration)
    }

    /// The text values of the first column of `sql`'s rows in the copy at `path`.
    static func strings(_ sql: String, at path: String) throws -> [String] {
        try database(at: path).fetchAll(sql).map { try String(databaseValue: $0[0]) }
    }

    /// Adds the hostile table, with one row, to the copy at `path`.
    static func addHostileTable(_ path: String) throws {
        let name = hostileName.quotedIdentifier
        try database(at: path).execute(script: """
            CREATE TABLE \(name) (\(name) TEXT);
            INSERT INTO \(name) VALUES ('\(hostileValue)');
            """)
    }

    /// Serves Chinook with the hostile table, opens the printed URL in a browser (which trades
    /// the token for the cookie), runs `body`, and expects no error in the browser's console.
    func withServedPage(_ body: (ServedDatabase, WebDriver) async throws -> Void) async throws {
        try await ServedDatabase.serve(prepare: Self.addHostileTable) { served in
            try await Self.withBrowser(opening: served, body)
        }
    }

    /// Opens the URL `served` printed in a browser (which trades the token for the cookie),
    /// runs `body`, and expects no error in the browser's console.
    static func withBrowser(opening served: ServedDatabase, _ body: (ServedDatabase, WebDriver) async throws -> Void) async throws {
        try await WebDriver.withBrowser { browser in
            try await browser.navigate(to: served.launchURL)
            try await waitUntil("the first page after the token redirect") {
                try await browser.currentURL() == served.baseURL
            }
            try await body(served, browser)
            let errors = try await browser.browserLog().filter { $0.level == "SEVERE" }
            #expect(errors.isEmpty, "browser console errors: \(errors)")
        }
    }

    /// The number a `N rows` text starts with, thousands separators ignored.
    static func count(in text: String) -> Int? {
        Int(text.prefix { !$0.isLetter }.filter(\.isNumber))
    }

    /// Waits until the browser shows a page at `path` whose query has the items `items` (and
    /// maybe others).
    static func waitForPage(_ path: String, with items: [URLQueryItem] = [], in browser: WebDriver) async throws -> URLComponents {
        try await waitFor("a page at \(path) with \(items)") {
            guard let page = URLComponents(url: try await browser.currentURL(), resolvingAgainstBaseURL: false), page.path == path,
                Set(items).isSubset(of: Set(page.queryItems ?? [])),
                try await browser.execute("return document.readyState", as: String.self) == "complete"
            else { return nil }
            return page
        }
    }

    /// Waits until `#row-count` shows `expected` rows.
    static func waitForRowCount(_ expected: Int, in browser: WebDriver) async throws {
        try await waitUntil("#row-count to show \(expected) rows") {
            guard let shown = try await browser.texts("#row-count").first else { return false }
            return count(in: shown) == expected
        }
    }

    @Test func theDatabasePageListsTheTablesAndLinksToTheirRows() async throws {
        try await withServedPage { served, browser in
            let tables = try Self.strings(
                "SELECT name FROM sqlite_schema WHERE type IN ('table', 'view') AND name NOT LIKE 'sqlite_%'", at: served.databasePath)
            _ = try await browser.waitForElement("#tables")
            #expect(Set(try await browser.texts("#tables a.table-link")) == Set(tables))
            let trackCount = try await browser.execute(
                "return [...document.querySelectorAll('#tables tr')].find(row => row.querySelector('a.table-link')?.textContent === 'Track')?.querySelector('td.row-count')?.textContent ?? ''",
                as: String.self)
            #expect(Self.count(in: trackCount) == 3503, "\(trackCount)")
            for link in ["#nav-query", "#nav-diagram", "#nav-integrity", "#nav-storage", "#nav-migrations"] {
                #expect(try await browser.elements("a\(link)").count == 1, "\(link)")
            }

            try await browser.click(try await browser.element("#tables a.table-link", withText: "Track"))
            _ = try await Self.waitForPage("/table", with: [URLQueryItem(name: "name", value: "Track")], in: browser)
            #expect(try await browser.texts("h1") == ["Track"])
            try await Self.waitForRowCount(3503, in: browser)
            #expect(try await browser.texts("#rows th a.sort").count == 9)
            #expect(try await browser.texts("#rows tr.row td[data-column=Name]").first == "For Those About To Rock (We Salute You)")
            #expect(try await browser.elements("#rows tr.row a.row-link").isEmpty == false)
            #expect(try await browser.elements("a#next-page").count == 1)
        }
    }

    @Test func theFilterFormNarrowsTheRows() async throws {
        try await withServedPage { served, browser in
            let expected = try Self.database(at: served.databasePath).fetchValue(
                Int.self, "SELECT count(*) FROM Track WHERE instr(Composer, 'AC/DC') > 0")
            try await browser.navigate(to: try served.url("/table", ["name": "Track"]))
            try await browser.click(try await browser.waitForElement("#filter-form select[name=_column] option[value=Composer]"))
            try await browser.click(try await browser.element("#filter-form select[name=_op] option[value=contains]"))
            try await browser.type("AC/DC", into: try await browser.element("#filter-form input[name=_value]"))
            try await browser.click(try await browser.element("#filter-form button#apply-filter"))

            // The form's own items (`_column`, `_op`, `_value`) or the filter's item carry the filter.
            let formItems: Set<URLQueryItem> = [.init(name: "_column", value: "Composer"), .init(name: "_op", value: "contains"), .init(name: "_value", value: "AC/DC")]
            try await waitUntil("the filter in the page's URL") {
                let items = Set(URLComponents(url: try await browser.currentURL(), resolvingAgainstBaseURL: false)?.queryItems ?? [])
                return items.contains(URLQueryItem(name: "Composer__contains", value: "AC/DC")) || items.isSuperset(of: formItems)
            }
            try await Self.waitForRowCount(try #require(expected), in: browser)
            #expect(try await browser.elements("#filters li.filter").count == 1)
            let composers = try await browser.texts("#rows tr.row td[data-column=Composer]")
            #expect(composers.count == expected && composers.allSatisfy { $0.contains("AC/DC") }, "\(composers)")
            #expect(try await browser.texts("pre#builder-code").first?.contains("AC/DC") == true)
        }
    }

    @Test func aFacetValueAddsItsFilter() async throws {
        try await withServedPage { served, browser in
            try await browser.navigate(to: try served.url("/table", ["name": "Track"]))
            try await browser.click(try await browser.waitForElement("a.add-facet[data-column=MediaTypeId]"))
            let value = try await browser.waitForElement(".facet[data-column=MediaTypeId] a.facet-value")
            let shownCount = try #require(
                try await browser.texts(".facet[data-column=MediaTypeId] .count").first.flatMap(Self.count(in:)))
            try await browser.click(value)

            let page: String = try await waitFor("the facet's filter in the URL") {
                let query = URLComponents(url: try await browser.currentURL(), resolvingAgainstBaseURL: false)?.queryItems ?? []
                return query.first { $0.name == "MediaTypeId__exact" }?.value
            }
            let mediaType: Int = try #require(Int(page))
            let expected = try Self.database(at: served.databasePath).fetchValue(
                Int.self, "SELECT count(*) FROM Track WHERE MediaTypeId = ?", [mediaType])
            #expect(shownCount == expected)
            try await Self.waitForRowCount(shownCount, in: browser)
            #expect(try await browser.elements("#filters li.filter").count == 1)
            #expect(Set(try await browser.texts("#rows tr.row td[data-column=MediaTypeId] .fk-value")) == [page])
        }
    }

    @Test func aForeignKeyLinkOpensTheReferencedRowAndItsIncomingLinks() async throws {
        try await withServedPage { served, browser in
            try await browser.navigate(to: try served.url("/table", ["name": "Track"]))
            let link = try await browser.waitForElement("#rows tr.row td[data-column=AlbumId] a.fk")
            #expect(try await browser.text(of: link) == "For Those About To Rock We Salute You")
            #expect(try await browser.texts("#rows tr.row td[data-column=AlbumId] .fk-value").first == "1")
            try await browser.click(link)

            _ = try await Self.waitForPage("/row", with: [URLQueryItem(name: "name", value: "Album")], in: browser)
            let cells = try await browser.texts("table#row td")
            #expect(cells.contains("For Those About To Rock We Salute You") && cells.contains("1"), "\(cells)")
            let incoming = try await browser.element("#links-from a.incoming", withText: "10 rows in Track.AlbumId")
            try await browser.click(incoming)
            _ = try await Self.waitForPage("/table", with: [URLQueryItem(name: "name", value: "Track")], in: browser)
            try await Self.waitForRowCount(10, in: browser)
        }
    }

    @Test func theQueryEditorRunsAQueryWithANamedParameterAndExportsIt() async throws {
        try await withServedPage { served, browser in
            let sql = "SELECT Name, Milliseconds FROM Track WHERE AlbumId = :album ORDER BY TrackId"
            let names = try Self.strings("SELECT Name FROM Track WHERE AlbumId = 3 ORDER BY TrackId", at: served.databasePath)
            try await browser.click(try await browser.element("a#nav-query"))
            let editor = try await browser.waitForElement("#query-form textarea#sql[name=sql]")
            try await browser.clear(editor)
            try await browser.type(sql, into: editor)
            try await browser.click(try await browser.element("button#run-query"))
            let parameter = try await browser.waitForElement("#query-form input.param[name=album]")
            try await browser.clear(parameter)
            try await browser.type("3", into: parameter)
            try await browser.click(try await browser.element("button#run-query"))

            try await waitUntil("the rows of album 3") {
                try await browser.texts("#rows td").enumerated().filter { $0.offset % 2 == 0 }.map(\.element) == names
            }
            #expect(try await browser.elements("#error").isEmpty)

            let href = try await browser.property("href", of: try await browser.element("a#export-csv"))
            #expect(!href.contains("token="), "the export link does not carry the token: \(href)")
            let export = try await HTTPTestClient().get(try #require(URL(string: href)), headers: served.cookieHeader)
            #expect(export.status == 200)
            #expect(export.header("Content-Type")?.hasPrefix("text/csv") == true)
            let cli = try beestore(
                "query", served.databasePath, "SELECT Name, Milliseconds FROM Track WHERE AlbumId = ? ORDER BY TrackId", "--arg", "3",
                "--format", "csv")
            #expect(cli.status == 0 && export.text == cli.output)

            try await browser.click(try await browser.element("button#explain"))
            _ = try await browser.waitForElement("ul#plan li")
            #expect(try await browser.elements("ul#plan li.full-scan").isEmpty, "the AlbumId index is used")
        }
    }

    @Test func exportsTheFilteredRowsExactlyAsTheCommandLineToolDoes() async throws {
        try await withServedPage { served, browser in
            try await browser.navigate(to: try served.url("/table", ["name": "Track", "Composer__contains": "AC/DC"]))
            try await Self.waitForRowCount(8, in: browser)
            let client = HTTPTestClient()
            for (format, contentType) in [("csv", "text/csv"), ("json", "application/json")] {
                let href = try await browser.property("href", of: try await browser.element("a#export-\(format)"))
                #expect(!href.contains("token="), "the export link does not carry the token: \(href)")
                let export = try await client.get(try #require(URL(string: href)), headers: served.cookieHeader)
                #expect(export.status == 200)
                #expect(export.header("Content-Type")?.hasPrefix(contentType) == true, "\(format)")
                let cli = try beestore(
                    "rows", served.databasePath, "Track", "--where", "instr(Composer, ?) > 0", "--arg", "AC/DC", "--format", format)
                #expect(cli.status == 0)
                #expect(export.text == cli.output, "\(format)")
            }
        }
    }

    @Test func anOpenTableShowsARowAnotherProcessInserts() async throws {
        try await withServedPage { served, browser in
            try await browser.navigate(to: try served.url("/table", ["name": "MediaType"]))
            try await Self.waitForRowCount(5, in: browser)
            #expect(try await browser.execute("return document.body.dataset.live", as: String.self) == "1")

            try Self.database(at: served.databasePath).execute("INSERT INTO MediaType (Name) VALUES ('Inserted while watching')")
            try await waitUntil("the inserted row in the open page", timeout: .seconds(15)) {
                try await browser.texts("#rows tr.row td[data-column=Name]").contains("Inserted while watching")
            }
            try await Self.waitForRowCount(6, in: browser)
        }
    }

    @Test func markupInNamesAndValuesIsShownAsText() async throws {
        try await withServedPage { served, browser in
            let imageCount = "return document.querySelectorAll('img').length"
            _ = try await browser.waitForElement("#tables")
            #expect(try await browser.execute(imageCount, as: Int.self) == 0)
            try await browser.click(try await browser.element("#tables a.table-link", withText: Self.hostileName))

            _ = try await Self.waitForPage("/table", with: [URLQueryItem(name: "name", value: Self.hostileName)], in: browser)
            #expect(try await browser.texts("h1") == [Self.hostileName])
            #expect(try await browser.execute(imageCount, as: Int.self) == 0)
            #expect(try await browser.texts("#rows th a.sort") == [Self.hostileName])
            #expect(try await browser.texts("#rows tr.row td").contains(Self.hostileValue))
            #expect(try await browser.execute("return document.querySelectorAll('#rows b, #rows script').length", as: Int.self) == 0)
            #expect(try await browser.execute("return window.alertFired === undefined", as: Bool.self))

            let otherPages = [
                try served.url("/schema", ["name": Self.hostileName]), try served.url("/diagram"),
                try served.url("/query", ["sql": "SELECT * FROM \(Self.hostileName.quotedIdentifier)"]),
            ]
            for page in otherPages {
                try await browser.navigate(to: page)
                #expect(try await browser.execute(imageCount, as: Int.self) == 0, "\(page)")
                #expect(try await browser.execute("return document.querySelectorAll('main script, body b').length", as: Int.self) == 0, "\(page)")
                #expect(try await browser.execute("return window.alertFired === undefined", as: Bool.self), "\(page)")
            }
            try await browser.navigate(to: otherPages[0])
            #expect(try await browser.texts("pre#table-sql").first?.contains(Self.hostileName) == true)
            try await browser.navigate(to: otherPages[1])
            #expect(try await browser.execute(
                "return [...document.querySelectorAll('#diagram g.table')].map(table => table.dataset.table)", as: [String].self)
                .contains(Self.hostileName))
            try await browser.navigate(to: otherPages[2])
            #expect(try await browser.texts("#rows th") == [Self.hostileName])
            #expect(try await browser.texts("#rows td") == [Self.hostileValue])
        }
    }

    @Test func screenshotOfTheFilteredAndFacetedTrackTable() async throws {
        try await withServedPage { served, browser in
            try await browser.navigate(
                to: try served.url(
                    "/table",
                    ["name": "Track", "Milliseconds__gt": "300000", "_facet": "GenreId", "_facet": "MediaTypeId"]))
            try await Self.waitForRowCount(1069, in: browser)
            try await Self.screenshot(of: browser, savedAs: "beestore-serve.png")
        }
    }

    /// Takes a screenshot of the browser's page and checks it is a PNG image 1280 pixels
    /// wide; with `BEESTORE_UPDATE_SCREENSHOT=1`, saves it as the documentation's picture
    /// `fileName`.
    static func screenshot(of browser: WebDriver, savedAs fileName: String) async throws {
        let png = try await browser.screenshot()
        let image = try #require(PNGImage(png), "a PNG image")
        #expect(image.width == 1280 && image.height > 0)
        // The documentation's pictures are only rewritten on request, never by a plain test run.
        if ProcessInfo.processInfo.environment["BEESTORE_UPDATE_SCREENSHOT"] == "1" {
            let resources = Repository.folder("Sources/BeeStore/BeeStore.docc/Resources")
            try FileManager.default.createDirectory(at: resources, withIntermediateDirectories: true)
            try png.write(to: resources.appendingPathComponent(fileName))
        }
    }
}
