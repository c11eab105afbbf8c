import BeeStore
import Foundation
import Testing

@testable import BeeStoreServe

/// The pages of `beestore serve`, read in process on copies of the Chinook sample.
@Suite struct ServePagesTests {
    @Test func databasePageListsTablesAndViewsWithTheirRowCounts() async throws {
        let served = try ServedCopy { try $0.execute("CREATE VIEW rock AS SELECT * FROM Track WHERE GenreId = 1") }
        let page = try await served.get("/")
        #expect(page.status == 200)
        #expect(page.body.contains(#"<a href="/table?name=Track" class="table-link">Track</a></td><td>table</td><td class="row-count">3,503</td>"#))
        #expect(page.body.contains(#"<a href="/table?name=rock" class="table-link">rock</a></td><td>view</td><td class="row-count">1,297</td>"#))
    }

    /// Follows `a#next-page` from `start` to the last page; the row keys in order.
    private func walk(_ served: ServedCopy, from start: String) async throws -> [String] {
        var keys: [String] = []
        var next: String? = start
        while let current = next {
            let (path, query) = split(current)
            let page = try await served.get(path, query)
            try #require(page.status == 200, "\(current): \(page.body)")
            // Row links carry the row's key; foreign-key links name a column and a value instead.
            keys += attributeValues("href", in: page.body).filter { $0.hasPrefix("/row?") }
                .map { QueryItems(query: split($0).query).all("key").joined(separator: ",") }
                .filter { !$0.isEmpty }
            next = link(marked: #"id="next-page""#, in: page.body)
            #expect(keys.count <= 4_000, "paging must end")
        }
        return keys
    }

    @Test(arguments: [
        ("", "rowid"), ("&_sort=Composer", "Composer, rowid"), ("&_sort_desc=Composer", "Composer DESC, rowid DESC"),
        ("&_sort=UnitPrice&_size=333", "UnitPrice, rowid"),
    ])
    func keysetPagingVisitsEveryRowOnceInTheSortOrder(sort: String, order: String) async throws {
        let served = try ServedCopy()
        let keys = try await walk(served, from: "/table?name=Track\(sort)")
        let database = try served.openWritable()
        let expected = try database.fetchAll("SELECT rowid FROM Track ORDER BY \(order)").map { "i\($0[0])" }
        #expect(keys == expected)
    }

    @Test func keysetPagingFollowsSQLiteOrderAcrossTypesInAnUntypedColumn() async throws {
        let served = try ServedCopy { database in
            try database.execute("CREATE TABLE mixed (v)")
            let values: [Value] = [.null, .integer(3), .real(2.5), .text("b"), .text("10"), .blob(Data([1])), .integer(-1)]
            for index in 0..<140 { try database.execute("INSERT INTO mixed VALUES (?)", [values[index % values.count]]) }
        }
        for (sort, order) in [("_sort=v&_size=9", "v, rowid"), ("_sort_desc=v&_size=11", "v DESC, rowid DESC")] {
            let keys = try await walk(served, from: "/table?name=mixed&\(sort)")
            let expected = try served.openWritable().fetchAll("SELECT rowid FROM mixed ORDER BY \(order)").map { "i\($0[0])" }
            #expect(keys == expected, "\(sort)")
        }
    }

    @Test func longTextIsCutInTablesAndWholeOnItsRowPage() async throws {
        let long = String(repeating: "é", count: 2_500)
        let served = try ServedCopy { try $0.execute("UPDATE Track SET Name = ? WHERE TrackId = 1", [long]) }
        let table = try await served.get("/table", "name=Track&TrackId__exact=1")
        #expect(table.body.contains(String(repeating: "é", count: 2_000) + #"<span class="cut">…</span>"#))
        #expect(!table.body.contains(String(repeating: "é", count: 2_001)))
        #expect(try await served.get("/row", "name=Track&key=i1").body.contains(long))
    }

    @Test func aWithoutRowIDTableIsPagedByItsPrimaryKeyAndAViewByOffset() async throws {
        let served = try ServedCopy { database in
            try database.execute("CREATE TABLE pair (a TEXT, b INTEGER, PRIMARY KEY (a, b)) WITHOUT ROWID")
            for index in 0..<250 { try database.execute("INSERT INTO pair VALUES (?, ?)", ["k\(index % 7)", index]) }
            try database.execute("CREATE VIEW pairs AS SELECT * FROM pair")
        }
        let keys = try await walk(served, from: "/table?name=pair")
        #expect(keys.count == 250)
        #expect(Set(keys).count == 250)
        let page = try await served.get("/table", "name=pairs&_size=100")
        let next = try #require(link(marked: #"id="next-page""#, in: page.body))
        #expect(QueryItems(query: split(next).query)["_offset"] == "100")
        let last = try await served.get("/table", "name=pairs&_size=100&_offset=200")
        #expect(last.body.components(separatedBy: #"<tr class="row">"#).count - 1 == 50)
        #expect(link(marked: #"id="next-page""#, in: last.body) == nil)
    }

    @Test(arguments: [
        ("Composer__contains=AC%2FDC", "Composer LIKE '%AC/DC%'"), ("Composer__isnull=1", "Composer IS NULL"),
        ("Milliseconds__gt=1000000", "Milliseconds > 1000000"), ("GenreId__exact=2", "GenreId = 2"),
        ("Name__startswith=Love", "Name LIKE 'Love%'"), ("GenreId__not=1&UnitPrice__gte=1", "GenreId <> 1 AND UnitPrice >= 1"),
        ("_column=Name&_op=endswith&_value=Blues", "Name LIKE '%Blues'"),
    ])
    func filtersPickTheRowsTheirConditionPicks(query: String, condition: String) async throws {
        let served = try ServedCopy()
        let page = try await served.get("/table", "name=Track&_size=1000&\(query)")
        #expect(page.status == 200)
        let count = try served.openWritable().fetchValue(Int.self, "SELECT count(*) FROM Track WHERE \(condition)")
        let shown = page.body.components(separatedBy: #"<tr class="row">"#).count - 1
        #expect(shown == count)
        #expect(page.body.contains(#"<span id="row-count">\#(CountText.rows(count ?? -1))</span>"#))
    }

    @Test func facetsCountValuesLabelThemAndLinkToTheirFilter() async throws {
        let served = try ServedCopy()
        let page = try await served.get("/table", "name=Track&Composer__contains=AC%2FDC&_facet=GenreId&_facet=Composer")
        #expect(page.body.contains(#"<div class="facet" data-column="GenreId" data-kind="_facet">"#))
        #expect(page.body.contains(#"GenreId__exact=1" class="facet-value">Rock</a> <span class="count">8</span>"#))
        #expect(page.body.contains(#"class="facet-value">AC/DC</a> <span class="count">8</span>"#))
        let nulls = try await served.get("/table", "name=Track&_facet=Composer")
        #expect(nulls.body.contains(#"Composer__isnull=1" class="facet-value">NULL</a> <span class="count">977</span>"#))
    }

    @Test func filterValuesMatchColumnsWithoutADeclaredTypeAndKeepTextAsTyped() async throws {
        let served = try ServedCopy { database in
            try database.execute("CREATE TABLE loose (n, code TEXT)")
            try database.execute("INSERT INTO loose VALUES (5, '007'), (5.5, '7'), ('5', 'x'), (7, '0.50')")
        }
        let integers = try await served.get("/table", "name=loose&n__exact=5")
        #expect(integers.body.contains(#"<span id="row-count">1 row</span>"#))
        let facets = try await served.get("/table", "name=loose&_facet=n")
        #expect(facets.body.contains(#"n__exact=5.5" class="facet-value">5.5</a>"#))
        #expect(try await served.get("/table", "name=loose&n__exact=5.5").body.contains(#"<span id="row-count">1 row</span>"#))
        #expect(try await served.get("/table", "name=loose&code__exact=007").body.contains(#"<td data-column="code">007</td>"#))
        #expect(try await served.get("/table", "name=loose&code__exact=0.50").body.contains(#"<span id="row-count">1 row</span>"#))
        #expect(try await served.get("/table", "name=loose&n__gt=5").body.contains(#"<span id="row-count">3 rows</span>"#))
        let code = try await served.get("/table", "name=loose&n__exact=5&code__exact=007")
        #expect(decodeEntities(code.body).contains(#".where("n", .equal, 5)\#n    .where("code", .equal, "007")"#))
    }

    @Test func foreignKeysShowTheLabelOfTheirRowAndTheRowPageListsIncomingLinks() async throws {
        let served = try ServedCopy()
        let page = try await served.get("/table", "name=Track&TrackId__exact=1")
        #expect(page.body.contains(#"<a href="/row?name=Album&amp;by=AlbumId&amp;value=i1" class="fk">For Those About To Rock We Salute You</a> <span class="fk-value">1</span>"#))
        let album = try await served.get("/row", "name=Album&by=AlbumId&value=i1")
        #expect(album.status == 200)
        #expect(album.body.contains(#"<a href="/row?name=Artist&amp;by=ArtistId&amp;value=i1" class="fk">AC/DC</a>"#))
        #expect(album.body.contains(#"<a href="/table?name=Track&amp;AlbumId__exact=1" class="incoming">10 rows in Track.AlbumId</a>"#))
        let byKey = try await served.get("/row", "name=Track&key=i1")
        #expect(byKey.body.contains(#"<td data-column="Name">For Those About To Rock (We Salute You)</td>"#))
        #expect(byKey.body.contains(">1 row in InvoiceLine.TrackId</a>"))
        let customer = try await served.get("/row", "name=Customer&key=i1")
        #expect(customer.body.contains(#"class="fk">Peacock</a> <span class="fk-value">3</span>"#), "an employee is labelled by name")
    }

    @Test func schemaPageShowsTheTableSQLIndexesAndForeignKeys() async throws {
        let served = try ServedCopy()
        let page = try await served.get("/schema", "name=Track")
        #expect(page.body.contains(#"<pre id="table-sql">CREATE TABLE [Track]"#))
        #expect(page.body.contains("IFK_TrackAlbumId: (AlbumId)"))
        #expect(page.body.contains(#"(AlbumId) → <a href="/table?name=Album">Album</a>"#))
    }

    @Test func hostileNamesAndValuesShowAsTextEverywhere() async throws {
        let hostile = "<img src=x onerror=alert(1)>"
        let quoteAndMark = "\"\u{301} onmouseover=alert(2) x=\""
        let served = try ServedCopy { database in
            // Doubled on scalars: the quote and its combining mark are one Character.
            let quoted = String(String.UnicodeScalarView(quoteAndMark.unicodeScalars.flatMap { $0 == "\"" ? [$0, $0] : [$0] }))
            try database.execute("CREATE TABLE \"\(hostile)\" (\"\(hostile)\" TEXT, \"\(quoted)\" TEXT)")
            try database.execute("INSERT INTO \"\(hostile)\" VALUES (?, ?)", ["<script>alert(3)</script>", quoteAndMark])
        }
        let encoded = PageURL.encode(hostile)
        for (path, query) in [
            ("/", ""), ("/table", "name=\(encoded)&_facet=\(encoded)"), ("/schema", "name=\(encoded)"),
            ("/row", "name=\(encoded)&key=i1"), ("/diagram", ""),
            ("/query", "sql=" + PageURL.encode("SELECT * FROM \"\(hostile)\"")),
        ] {
            let page = try await served.get(path, query)
            #expect(page.status == 200, "\(path): \(page.body)")
            #expect(!page.body.contains("<img"), "\(path)")
            #expect(!page.body.contains("<script>alert"), "\(path)")
            let unescapedQuote = "\"\u{301} onmouseover"
            #expect(!page.body.contains(unescapedQuote), "\(path): a quote before a combining mark is escaped")
            #expect(page.body.contains("&lt;img src=x onerror=alert(1)&gt;"), "\(path)")
        }
    }

    @Test func theSQLEditorTurnsNamedParametersIntoFieldsAndShowsTheResult() async throws {
        let served = try ServedCopy()
        let sql = PageURL.encode("SELECT Name FROM Track WHERE Composer = :who AND Milliseconds > @longer ORDER BY Name LIMIT 2")
        let page = try await served.get("/query", "sql=\(sql)&who=AC%2FDC&longer=300000")
        #expect(page.status == 200)
        #expect(page.body.contains(#"<input class="param" name="who" value="AC/DC">"#))
        #expect(page.body.contains(#"<input class="param" name="longer" value="300000">"#))
        #expect(page.body.contains(#"<td data-column="Name">Go Down</td>"#))
        #expect(page.body.contains(#"<span id="row-count">2 rows</span>"#))
        let many = try await served.get("/query", "sql=" + PageURL.encode("SELECT * FROM Track"))
        #expect(many.body.contains("first 1,000 rows shown"))
    }

    @Test(arguments: [
        "DELETE FROM Track", "UPDATE Track SET Name = 'x'", "CREATE TABLE t (a)", "PRAGMA user_version = 5",
        "ATTACH DATABASE 'other.sqlite' AS other", "VACUUM INTO 'other.sqlite'", "SELECT 1; DELETE FROM Track",
        "SELEC nonsense", "SELECT load_extension('other.sqlite')",
    ])
    func theSQLEditorRefusesWritesAttachAndBadSQL(sql: String) async throws {
        let served = try ServedCopy()
        let before = try Data(contentsOf: URL(fileURLWithPath: served.path))
        let page = try await served.get("/query", "sql=" + PageURL.encode(sql))
        #expect(page.status == 400)
        #expect(page.body.contains(#"<div id="error" class="error">"#))
        #expect(try Data(contentsOf: URL(fileURLWithPath: served.path)) == before)
        #expect(!FileManager.default.fileExists(atPath: served.directory.appendingPathComponent("other.sqlite").path))
    }

    @Test func aRunawayQueryIsInterruptedAtTheTimeLimit() async throws {
        let served = try ServedCopy(timeLimit: .milliseconds(200))
        let sql = "WITH RECURSIVE r(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM r) SELECT count(*) FROM r"
        let page = try await served.get("/query", "sql=" + PageURL.encode(sql))
        #expect(page.status == 400)
        #expect(page.body.contains("ran past its time limit of 0.2 seconds"))
    }

    @Test func aSlowQueryDoesNotStallOtherPages() async throws {
        let served = try ServedCopy(timeLimit: .seconds(5))
        let sql = "WITH RECURSIVE r(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM r) SELECT count(*) FROM r"
        let runawayDone = Completion()
        let runaway = Task {
            let page = try await served.get("/query", "sql=" + PageURL.encode(sql))
            await runawayDone.finish()
            return page
        }
        // Give the runaway query a head start; the page below answers while it runs, so
        // the query is still running when the page is back.
        try await Task.sleep(for: .milliseconds(200))
        #expect(try await served.get("/table", "name=Genre").status == 200)
        #expect(await !runawayDone.isDone, "the page waited for the slow query")
        #expect(try await runaway.value.status == 400)
    }

    @Test func theQueryPlanIsATreeWithFullScansMarked() async throws {
        let served = try ServedCopy()
        let sql = PageURL.encode("SELECT * FROM Track t JOIN Album a USING (AlbumId) WHERE t.Composer = 'x'")
        let page = try await served.get("/query", "sql=\(sql)&_plan=1")
        #expect(page.body.contains(#"<ul id="plan"><li class="full-scan">SCAN t</li><li>SEARCH a USING INTEGER PRIMARY KEY (rowid=?)</li></ul>"#))
    }

    @Test(arguments: [ResultFormat.csv, .json])
    func exportsAreTheCommandLineToolsOutput(format: ResultFormat) async throws {
        let served = try ServedCopy()
        let all = try await served.get("/table", "name=Invoice&_format=\(format.rawValue)&_all=1")
        let collector = ByteCollector()
        var writer = ResultWriter(format: format, output: collector)
        try Inspector(try served.openWritable()).writeRows(of: "Invoice", to: &writer)
        #expect(all.body == collector.text)
        #expect(all.contentType.hasPrefix(format == .csv ? "text/csv" : "application/json"))
        let page = try await served.get("/table", "name=Invoice&_format=\(format.rawValue)&_size=10&BillingCountry__exact=USA")
        let pageCollector = ByteCollector()
        var pageWriter = ResultWriter(format: format, output: pageCollector)
        var selection = RowSelection()
        selection.filter = "BillingCountry = 'USA'"
        selection.limit = 10
        try Inspector(try served.openWritable()).writeRows(of: "Invoice", matching: selection, to: &pageWriter)
        #expect(page.body == pageCollector.text)
    }

    @Test func theDatabaseAndRowPagesExportToo() async throws {
        let served = try ServedCopy()
        let tables = try await served.get("/", "_format=csv")
        #expect(tables.body.hasPrefix("\"name\",\"type\",\"rows\"\r\n\"Album\",\"table\",347\r\n"))
        let row = try await served.get("/row", "name=Genre&key=i2&_format=json")
        #expect(row.body == "[\n  {\"GenreId\": 2, \"Name\": \"Jazz\"}\n]\n")
        #expect(try await served.get("/", "_format=xml").status == 400)
    }

    @Test func fullTextTablesAreSearchable() async throws {
        let served = try ServedCopy { database in
            try database.execute("CREATE VIRTUAL TABLE lyrics USING fts5(title, body)")
            try database.execute("INSERT INTO lyrics VALUES ('Rock', 'let there be rock'), ('Blues', 'the sky is crying')")
        }
        let page = try await served.get("/table", "name=lyrics&_search=crying")
        #expect(page.status == 200)
        #expect(page.body.contains(#"<form id="search-form""#))
        #expect(page.body.contains(#"<td data-column="title">Blues</td>"#))
        #expect(!page.body.contains(#"<td data-column="title">Rock</td>"#))
        let plain = try await served.get("/table", "name=Track&_search=rock")
        #expect(plain.status == 400)
    }

    @Test(arguments: [
        ("don't", ["Quote"]), ("AC-DC", ["Dash"]), ("\"sky\"", ["Blues"]), ("sky   crying", ["Blues"]), ("OR", ["Or"]),
        ("title:Rock", []), ("   ", ["Blues", "Dash", "Or", "Quote", "Rock"]),
    ])
    func searchTermsAreWordsNotFTS5Syntax(search: String, titles: [String]) async throws {
        let served = try ServedCopy(prepare: Self.addLyrics)
        let page = try await served.get(split(PageURL("/table", [("name", "lyrics"), ("_search", search)]).text))
        #expect(page.status == 200, "\(search): \(page.body.prefix(300))")
        #expect(Set(attributeTexts("title", in: page.body)) == Set(titles), "\(search)")
    }

    @Test func theRawSearchModeTakesFTS5Syntax() async throws {
        let served = try ServedCopy(prepare: Self.addLyrics)
        let page = try await served.get(split(PageURL("/table", [("name", "lyrics"), ("_search", "rock OR crying"), ("_searchmode", "raw")]).text))
        #expect(Set(attributeTexts("title", in: page.body)) == ["Rock", "Blues"])
        #expect(link(marked: "id=\"next-page\"", in: page.body) == nil)
        let broken = try await served.get(split(PageURL("/table", [("name", "lyrics"), ("_search", "don't"), ("_searchmode", "raw")]).text))
        #expect(broken.status == 400)
        #expect(try await served.get("/table", "name=lyrics&_search=x&_searchmode=fancy").status == 400)
    }

    /// Adds an FTS5 table `lyrics (title, body)` whose bodies hold words with FTS5 syntax.
    static func addLyrics(_ database: Database) throws {
        try database.execute("CREATE VIRTUAL TABLE lyrics USING fts5(title, body)")
        try database.execute("""
            INSERT INTO lyrics VALUES ('Rock', 'let there be rock'), ('Blues', 'the sky is crying'),
            ('Quote', 'don''t stop'), ('Dash', 'AC-DC live'), ('Or', 'this OR that')
            """)
    }

    /// The texts of the table cells of the column `column` in a page's rows.
    func attributeTexts(_ column: String, in html: String) -> [String] {
        html.components(separatedBy: "<td data-column=\"\(column)\">").dropFirst().compactMap {
            $0.components(separatedBy: "</td>").first.map(decodeEntities)
        }
    }

    @Test func theBuilderCodeOfAFilteredTableRunsAndReadsTheSameRows() async throws {
        let served = try ServedCopy()
        let page = try await served.get("/table", "name=Track&Composer__contains=AC%2FDC&_sort_desc=Name")
        let code = try #require(page.body.components(separatedBy: #"<pre id="builder-code">"#).last?.components(separatedBy: "</pre>").first)
        #expect(decodeEntities(code) == """
            let rows = try db.from("Track")
                .like("Composer", "AC/DC", .contains)
                .order(by: "Name", .descending)
                .order(by: "rowid", .descending)
                .limit(100)
                .get()
            """)
        let db = try served.openWritable()
        let rows = try db.from("Track").like("Composer", "AC/DC", .contains).order(by: "Name", .descending)
            .order(by: "rowid", .descending).limit(100).get()
        #expect(page.body.contains(#"<td data-column="Name">\#(rows[0]["Name"].map(CellFormat.text) ?? "")</td>"#))
    }

    @Test(arguments: [
        ("/table", "name=Nope", 404), ("/table", "name=Track&Nope__exact=1", 400), ("/table", "name=Track&_sort=Nope", 400),
        ("/table", "name=Track&_after=x1", 400), ("/table", "name=Track&_after=i1&_after=i2", 400),
        ("/table", "name=Track&_size=-1", 400), ("/table", "name=Track&_format=xml", 400), ("/table", "", 400),
        ("/row", "name=Track&key=i999999", 404), ("/row", "name=Track&key=tx&key=ty", 400), ("/nowhere", "", 404),
    ])
    func badRequestsGetATypedErrorPage(path: String, query: String, status: Int) async throws {
        let served = try ServedCopy()
        let page = try await served.get(path, query)
        #expect(page.status == status, "\(path)?\(query)")
        #expect(page.body.contains(#"<div id="error" class="error">"#))
    }

    @Test func reportPagesShowIntegrityStorageAndMigrations() async throws {
        let served = try ServedCopy()
        #expect(try await served.get("/integrity").body.contains("The database is healthy."))
        #expect(try await served.get("/storage").body.contains(#"<td>IFK_TrackAlbumId</td>"#))
        #expect(try await served.get("/migrations").body.contains("No BeeStore migrations are recorded"))
        let diagram = try await served.get("/diagram")
        #expect(diagram.body.contains(#"<g class="table" data-table="Track">"#))
        #expect(diagram.body.components(separatedBy: #"<path class="link"#).count - 1 == 11)
    }
}

/// Whether a piece of work is done.
actor Completion {
    private(set) var isDone = false

    func finish() {
        isDone = true
    }
}
