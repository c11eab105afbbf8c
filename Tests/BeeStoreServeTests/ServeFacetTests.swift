import BeeStore
import Foundation
import Testing

@testable import BeeStoreServe

/// Facets of the browser interface: each value's link selects exactly the rows counted,
/// whatever the value's type.
@Suite struct ServeFacetTests {
    @Test func eachFacetLinkSelectsExactlyTheRowsItCounts() async throws {
        let served = try ServedCopy { database in
            try database.execute("CREATE TABLE mixed (v)")
            try database.execute("""
                INSERT INTO mixed VALUES ('42'), (42), (42), (4.5), ('4.5'), (x'00ff'), (x'00ff'), (x'00ff'), (NULL), ('007')
                """)
        }
        let page = try await served.get("/table", "name=mixed&_facet=v")
        #expect(page.status == 200)
        let facet = try #require(page.body.components(separatedBy: #"<div class="facet" data-column="v">"#).last)
        let entries = facet.components(separatedBy: "<li>").dropFirst()
        #expect(entries.count == 7)
        for entry in entries {
            let href = try #require(attributeValues("href", in: entry).first)
            let counted = try #require(entry.components(separatedBy: #"<span class="count">"#).last?.prefix { $0.isNumber })
            let filtered = try await served.get(split(href))
            #expect(filtered.status == 200, "\(href)")
            let shown = try #require(filtered.body.components(separatedBy: #"<span id="row-count">"#).last?.prefix { $0.isNumber })
            #expect(shown == counted, "\(href) shows \(shown) rows, its facet counted \(counted)")
        }
        #expect(try await served.get("/table", "name=mixed&v__typed=q1").status == 400)
    }
}
