import BeeStore
import Foundation
import Testing

@testable import BeeStoreServe

/// Facets of the browser interface: each value's link selects exactly the rows counted,
/// whatever the value's type; suggested facets, array facets and date facets.
@Suite struct ServeFacetTests {
    /// Follows each value link of the facet `column` of `kind` on `page` and expects the
    /// page it opens to count the rows the facet counted; returns how many values there were.
    static func expectLinksSelectTheirCounts(in page: String, column: String, kind: String, served: ServedCopy) async throws -> Int {
        let facet = try #require(page.components(separatedBy: #"<div class="facet" data-column="\#(column)" data-kind="\#(kind)">"#).dropFirst().first)
        let entries = facet.components(separatedBy: "</ul>")[0].components(separatedBy: "<li>").dropFirst()
        for entry in entries {
            let href = try #require(attributeValues("href", in: entry).first)
            let counted = try #require(entry.components(separatedBy: #"<span class="count">"#).last?.prefix { $0.isNumber })
            let filtered = try await served.get(split(href))
            #expect(filtered.status == 200, "\(href)")
            #expect(ServeParameterTests.rowCount(in: filtered.body) == Int(counted), "\(href) against \(counted)")
        }
        return entries.count
    }

    @Test func eachFacetLinkSelectsExactlyTheRowsItCounts() async throws {
        let served = try ServedCopy { database in
            try database.execute("CREATE TABLE mixed (v)")
            try database.execute("""
                INSERT INTO mixed VALUES ('42'), (42), (42), (4.5), ('4.5'), (x'00ff'), (x'00ff'), (x'00ff'), (NULL), ('007')
                """)
        }
        let page = try await served.get("/table", "name=mixed&_facet=v")
        #expect(page.status == 200)
        #expect(try await Self.expectLinksSelectTheirCounts(in: page.body, column: "v", kind: "_facet", served: served) == 7)
        #expect(try await served.get("/table", "name=mixed&v__typed=q1").status == 400)
    }

    @Test func aPageSuggestsTheColumnsWithFewDistinctValues() async throws {
        let served = try ServedCopy()
        let database = try served.openWritable()
        let rows = try #require(try database.fetchValue(Int.self, "SELECT count(*) FROM Track"))
        var expected: [String] = []
        for column in ["Name", "AlbumId", "MediaTypeId", "GenreId", "Composer", "Milliseconds", "Bytes", "UnitPrice"] {
            let distinct = try #require(try database.fetchValue(Int.self, "SELECT count(DISTINCT \(column)) FROM Track"))
            if distinct > 1 && distinct <= TableQueries.facetSize && distinct < rows { expected.append(column) }
        }
        #expect(!expected.isEmpty)
        let page = try await served.get("/table", "name=Track")
        let suggestions = try #require(page.body.components(separatedBy: #"<p id="facet-suggestions">"#).last?.components(separatedBy: "</p>").first)
        #expect(attributeValues("data-column", in: suggestions) == expected)
        let faceted = try await served.get("/table", "name=Track&_facet=GenreId")
        let remaining = try #require(faceted.body.components(separatedBy: #"<p id="facet-suggestions">"#).last?.components(separatedBy: "</p>").first)
        #expect(attributeValues("data-column", in: remaining) == expected.filter { $0 != "GenreId" }, "a facet shown is not suggested")
    }

    @Test func arrayAndDateFacetsCountElementsAndDays() async throws {
        let served = try ServedCopy { database in
            try database.execute(script: """
                CREATE TABLE song (id INTEGER PRIMARY KEY, tags TEXT, released TEXT);
                INSERT INTO song (tags, released) VALUES
                    ('["rock","live"]', '2001-02-03 10:00'), ('["rock"]', '2001-02-03'), ('["pop", "rock", "rock"]', '2002-01-01T00:00'),
                    ('[]', '2002-01-01'), (NULL, NULL), ('[1, 2]', '1999-12-31');
                """)
        }
        let page = try await served.get("/table", "name=song")
        let suggestions = try #require(page.body.components(separatedBy: #"<p id="facet-suggestions">"#).last?.components(separatedBy: "</p>").first)
        #expect(attributeValues("data-kind", in: suggestions).filter { $0 != "_facet" }.sorted() == ["_facet_array", "_facet_date"])
        let faceted = try await served.get("/table", "name=song&_facet_array=tags&_facet_date=released")
        #expect(faceted.status == 200)
        let database = try served.openWritable()
        let elements = try #require(try database.fetchValue(Int.self, "SELECT count(DISTINCT value) FROM song, json_each(song.tags)"))
        let days = try #require(try database.fetchValue(Int.self, "SELECT count(DISTINCT date(released)) FROM song"))
        #expect(try await Self.expectLinksSelectTheirCounts(in: faceted.body, column: "tags", kind: "_facet_array", served: served) == elements)
        #expect(try await Self.expectLinksSelectTheirCounts(in: faceted.body, column: "released", kind: "_facet_date", served: served) == days)
        #expect(try await served.get("/table", "name=song&_facet_date=nope").status == 400)
    }
}
