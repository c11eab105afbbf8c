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

    @Test func colAndNocolChooseTheColumnsOfThePageAndItsExports() async throws {
        let served = try ServedCopy()
        let page = try await served.get("/table", "name=Track&_col=Name&_col=Composer&_col=Milliseconds&_nocol=Milliseconds")
        #expect(page.status == 200)
        let headers = attributeValues("data-column", in: page.body.components(separatedBy: "<thead>").last?.components(separatedBy: "</thead>").first ?? "")
        #expect(headers == ["Name", "Composer"])
        #expect(decodeEntities(page.body).contains(#".select("Name", "Composer")"#))
        let export = try await served.get("/table", "name=Track&_col=Name&_col=Composer&_format=csv&_size=2")
        #expect(export.body.components(separatedBy: .newlines).first == #""Name","Composer""#, "\(export.body.prefix(80))")
        let next = try #require(link(marked: #"id="next-page""#, in: page.body))
        #expect(next.contains("_col=Name") && next.contains("_nocol=Milliseconds"))
        #expect(try await served.get("/table", "name=Track&_col=Nope").status == 400)
        #expect(try await served.get("/table", "name=Genre&_nocol=GenreId&_nocol=Name").status == 400)
    }
}
