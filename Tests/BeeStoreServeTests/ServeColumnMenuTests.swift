import BeeStore
import Foundation
import Testing

@testable import BeeStoreServe

/// The menu of each column header of a table page: sort either way, facet by the column,
/// hide it; and the SQL highlighter the pages' script carries.
@Suite struct ServeColumnMenuTests {
    /// The links of the column menu of `column` in `page`, by their `data-action`.
    static func menu(of column: String, in page: String) throws -> [String: String] {
        let marker = "<details class=\"column-menu\" data-menu-column=\"\(column)\">"
        let menu = try #require(page.components(separatedBy: marker).dropFirst().first?.components(separatedBy: "</details>").first)
        return Dictionary(uniqueKeysWithValues: zip(attributeValues("data-action", in: menu), attributeValues("href", in: menu)))
    }

    @Test func eachColumnSortsFacetsAndHidesFromItsMenu() async throws {
        let served = try ServedCopy()
        let page = try await served.get("/table", "name=Track&GenreId=1")
        let links = try Self.menu(of: "Name", in: page.body)
        #expect(Set(links.keys) == ["sort", "sort-desc", "facet", "hide"])
        #expect(links.values.allSatisfy { $0.hasPrefix("/table?name=Track&GenreId") }, "\(links)")
        #expect(links["sort"]?.hasSuffix("&_sort=Name") == true && links["sort-desc"]?.hasSuffix("&_sort_desc=Name") == true)
        #expect(links["facet"]?.hasSuffix("&_facet=Name") == true && links["hide"]?.hasSuffix("&_nocol=Name") == true)
        let hidden = try await served.get(split(try #require(links["hide"])))
        #expect(hidden.status == 200 && !hidden.body.contains("data-column=\"Name\""))
        let sorted = try await served.get(split(try #require(links["sort-desc"])))
        #expect(sorted.body.contains("Name ▼"))

        let chosen = try await served.get("/table", "name=Track&_col=TrackId&_col=Name&_facet=Name")
        let chosenLinks = try Self.menu(of: "Name", in: chosen.body)
        #expect(chosenLinks["facet"] == nil, "the page already shows that facet")
        #expect(chosenLinks["hide"] == "/table?name=Track&_facet=Name&_col=TrackId")
        let single = try await served.get("/table", "name=Track&_col=Name")
        #expect(try Self.menu(of: "Name", in: single.body)["hide"] == nil, "the last column shown is not hidden")
    }

    @Test func aHostileColumnNameIsEscapedInItsMenu() async throws {
        let name = "<img src=x onerror=alert(1)> \"q\""
        let served = try ServedCopy { database in
            try database.execute(script: "CREATE TABLE t (\(quoted(name)) TEXT); INSERT INTO t VALUES ('v');")
        }
        let page = try await served.get("/table", "name=t")
        #expect(page.status == 200 && !page.body.contains("<img src=x"))
        var escaped = ""
        HTML.escape(name, into: &escaped)
        let links = try Self.menu(of: escaped, in: page.body)
        #expect(links["sort"] == "/table?name=t&_sort=" + PageURL.encode(name))
    }

    @Test func thePagesScriptCarriesTheSQLHighlighter() async throws {
        let script = try await ServedCopy().get("/app.js")
        #expect(script.status == 200 && script.body.contains("highlightSQL"))
        #expect(!script.body.contains("innerHTML"), "tokens are text nodes, never markup")
        #expect(script.body.contains("span.textContent = match[0]"))
    }
}
