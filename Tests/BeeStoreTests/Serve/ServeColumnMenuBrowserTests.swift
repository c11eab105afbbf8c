import Foundation
import Testing

/// A table page's column menus and the SQL editor's highlighting in a browser.
extension ServeBrowserTests {
    @Test func aColumnMenuAddsAFacetAndHidesItsColumn() async throws {
        try await withServedPage { served, browser in
            try await browser.navigate(to: try served.url("/table", ["name": "Track"]))
            try await browser.click(try await browser.waitForElement("details.column-menu[data-menu-column=MediaTypeId] summary"))
            try await browser.click(try await browser.waitForElement("details.column-menu[data-menu-column=MediaTypeId] a[data-action=facet]"))
            _ = try await browser.waitForElement(".facet[data-column=MediaTypeId] a.facet-value")
            try await browser.click(try await browser.element("details.column-menu[data-menu-column=Composer] summary"))
            try await browser.click(try await browser.waitForElement("details.column-menu[data-menu-column=Composer] a[data-action=hide]"))
            try await waitUntil("the Composer column hidden") {
                let composer = try await browser.elements("#rows th a.sort[data-column=Composer]")
                let name = try await browser.elements("#rows th a.sort[data-column=Name]")
                return composer.isEmpty && !name.isEmpty
            }
            #expect(try await browser.texts("#rows th a.sort").contains("Name"))
            try await browser.click(try await browser.element("details.column-menu[data-menu-column=Name] summary"))
            try await browser.click(try await browser.waitForElement("details.column-menu[data-menu-column=Name] a[data-action=sort-desc]"))
            try await waitUntil("the rows sorted by name, descending") {
                try await browser.texts("#rows th a.sort[data-column=Name]") == ["Name ▼"]
            }
        }
    }

    @Test func theSQLEditorHighlightsWhatIsTyped() async throws {
        try await withServedPage { _, browser in
            try await browser.click(try await browser.element("a#nav-query"))
            let editor = try await browser.waitForElement("textarea#sql")
            try await browser.type("SELECT \"Name\", 'it''s' FROM Track WHERE AlbumId = :album -- <b>note</b>", into: editor)
            try await waitUntil("the typed query highlighted") {
                try await browser.texts("#sql-highlight .sql-keyword") == ["SELECT", "FROM", "WHERE"]
            }
            #expect(try await browser.texts("#sql-highlight .sql-name") == ["\"Name\""])
            #expect(try await browser.texts("#sql-highlight .sql-string") == ["'it''s'"])
            #expect(try await browser.texts("#sql-highlight .sql-parameter") == [":album"])
            #expect(try await browser.texts("#sql-highlight .sql-comment") == ["-- <b>note</b>"])
            #expect(try await browser.elements("#sql-highlight b").isEmpty, "typed markup stays text")
        }
    }
}
