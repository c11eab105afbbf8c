import BeeStore
import Foundation
import Testing

@testable import BeeStoreServe

/// The query items of a table page, as Datasette names them: each is either served or
/// refused with a 400 naming it, never silently ignored.
@Suite struct ServeParameterTests {
    /// The number a page's `#row-count` starts with, thousands separators ignored.
    static func rowCount(in html: String) -> Int? {
        html.components(separatedBy: #"<span id="row-count">"#).last.flatMap { Int($0.prefix { $0 != " " }.filter(\.isNumber)) }
    }

    @Test func aColumnNamedAloneFiltersOnItsValue() async throws {
        let served = try ServedCopy()
        let expected = try served.openWritable().fetchValue(Int.self, "SELECT count(*) FROM Track WHERE GenreId = 1")
        let page = try await served.get("/table", "name=Track&GenreId=1")
        #expect(page.status == 200)
        #expect(Self.rowCount(in: page.body) == expected)
        #expect(page.body.contains(#"<li class="filter">GenreId = 1"#))
        let unknown = try await served.get("/table", "name=Track&NoSuchColumn=1")
        #expect(unknown.status == 400)
        #expect(unknown.body.contains("NoSuchColumn"))
    }

    @Test(arguments: ["_bogus", "_nosuchthing", "_sortby"])
    func anUnknownParameterIsRefusedByName(name: String) async throws {
        let page = try await ServedCopy().get("/table", "name=Track&\(name)=1")
        #expect(page.status == 400)
        #expect(page.body.contains(name))
    }
}
