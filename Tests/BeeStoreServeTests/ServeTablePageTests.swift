import BeeStore
import Foundation
import Testing

@testable import BeeStoreServe

/// A table page's controls: the builder code of a later page, facet removal, and which
/// columns it offers to facet by.
@Suite struct ServeTablePageTests {
    /// The builder code a page shows.
    static func builderCode(in html: String) -> String? {
        html.components(separatedBy: #"<pre id="builder-code">"#).last?.components(separatedBy: "</pre>").first.map(decodeEntities)
    }

    @Test func theBuilderCodeOfALaterPageReadsThatPage() async throws {
        let served = try ServedCopy()
        let first = try await served.get("/table", "name=Genre&_size=10&_sort=Name")
        let next = try #require(link(marked: #"id="next-page""#, in: first.body))
        let page = try await served.get(split(next))
        let db = try served.openWritable()
        // The last row of the first page: where the second starts.
        let last = try #require(try db.fetchOne("SELECT Name, rowid FROM Genre ORDER BY Name, rowid LIMIT 1 OFFSET 9"))
        let name = try String(databaseValue: last[0])
        let rowid = try Int64(databaseValue: last[1])
        let position = #".where { $0.orWhere { $0.where("Name", .greaterThan, "\#(name)") }"#
            + #".orWhere { $0.where("Name", "\#(name)").where("rowid", .greaterThan, \#(rowid)) } }"#
        #expect(Self.builderCode(in: page.body) == """
            let rows = try db.from("Genre")
                .order(by: "Name", .ascending)
                .order(by: "rowid", .ascending)
                \(position)
                .limit(10)
                .get()
            """)
        let rows = try db.from("Genre").order(by: "Name", .ascending).order(by: "rowid", .ascending)
            .where { $0.orWhere { $0.where("Name", .greaterThan, name) }.orWhere { $0.where("Name", name).where("rowid", .greaterThan, rowid) } }
            .limit(10).get()
        let shown = page.body.components(separatedBy: #"<td data-column="Name">"#).dropFirst()
            .compactMap { $0.components(separatedBy: "</td>").first.map(decodeEntities) }
        #expect(shown == rows.map { $0["Name"].map(CellFormat.text) ?? "" })
    }

    @Test func aFacetCanBeRemovedAndUniqueColumnsAreNotOffered() async throws {
        let served = try ServedCopy { database in
            try database.execute("CREATE UNIQUE INDEX unique_media_name ON MediaType (Name)")
        }
        let page = try await served.get("/table", "name=Track&_facet=GenreId&_facet=MediaTypeId&Composer__contains=AC%2FDC")
        let remove = try #require(page.body.components(separatedBy: #"data-column="GenreId" data-kind="_facet">"#).dropFirst().first.flatMap { attributeValues("href", in: $0).first })
        let removed = try await served.get(split(remove))
        #expect(removed.body.contains(#"<div class="facet" data-column="MediaTypeId" data-kind="_facet">"#))
        #expect(!removed.body.contains(#"<div class="facet" data-column="GenreId""#))
        #expect(removed.body.contains("Composer contains AC/DC"))
        let suggestions = try await served.get("/table", "name=MediaType").body.components(separatedBy: #"id="facet-suggestions""#).last?
            .components(separatedBy: "</p>").first
        let offered = Set(attributeValues("data-column", in: suggestions ?? ""))
        #expect(!offered.contains("MediaTypeId") && !offered.contains("Name"))
        let playlist = try await served.get("/table", "name=PlaylistTrack")
        #expect(playlist.body.contains(#"class="add-facet" data-column="PlaylistId""#))
    }
}

/// The link from a table page to the SQL editor, its query filled in with the page's values.
@Suite struct ServeEditSQLTests {
    @Test func theSQLEditorShowsTheRowsOfThePage() async throws {
        let served = try ServedCopy()
        let query = "name=Track&Composer__contains=AC%2FDC&_where=Milliseconds%20%3E%20200000&_sort_desc=Name&_col=Name&_col=Composer"
        let page = try await served.get("/table", query)
        let href = try #require(link(marked: #"id="edit-sql""#, in: page.body))
        let editor = try await served.get(split(href))
        #expect(editor.status == 200, "\(editor.body.prefix(400))")
        let cells = { (html: String) in
            html.components(separatedBy: #"<td data-column="Name">"#).dropFirst().compactMap { $0.components(separatedBy: "</td>").first }
        }
        #expect(!cells(page.body).isEmpty)
        #expect(cells(editor.body) == cells(page.body))
        let sql = try #require(editor.body.components(separatedBy: #"name="sql" rows="8" spellcheck="false">"#).last?.components(separatedBy: "</textarea>").first)
        #expect(decodeEntities(sql).contains("'%AC/DC%'") && !sql.contains("?"))
    }

    @Test func quotesAndQuestionMarksInNamesAndValuesSurvive() async throws {
        let served = try ServedCopy { database in
            try database.execute(#"CREATE TABLE "wh?t" ("it's?" TEXT)"#)
            try database.execute(#"INSERT INTO "wh?t" VALUES ('a?''b'), ('c')"#)
        }
        let page = try await served.get("/table", "name=wh%3Ft&it%27s%3F=a%3F%27b")
        #expect(ServeParameterTests.rowCount(in: page.body) == 1)
        let editor = try await served.get(split(try #require(link(marked: #"id="edit-sql""#, in: page.body))))
        #expect(editor.status == 200, "\(editor.body.prefix(400))")
        #expect(editor.body.contains(#"<span id="row-count">1 row</span>"#))
    }
}
