import Foundation
import Testing

/// Datasette's filters in a browser: an operator of the filter form, a `_where` condition, a
/// suggested facet, and the page's query opened in the SQL editor.
extension ServeBrowserTests {
    @Test func anInFilterAndAWhereConditionNarrowTheRowsAndTheSQLEditorShowsThem() async throws {
        try await withServedPage { served, browser in
            let database = try Self.database(at: served.databasePath)
            let both = try #require(try database.fetchValue(
                Int.self, "SELECT count(*) FROM Track WHERE GenreId IN (1, 2) AND (Milliseconds > 300000)"))
            let inOnly = try #require(try database.fetchValue(Int.self, "SELECT count(*) FROM Track WHERE GenreId IN (1, 2)"))
            try await browser.navigate(to: try served.url("/table", ["name": "Track", "_where": "Milliseconds > 300000"]))
            _ = try await browser.waitForElement("#filters li.filter.where")
            try await browser.click(try await browser.element("#filter-form select[name=_column] option[value=GenreId]"))
            try await browser.click(try await browser.element("#filter-form select[name=_op] option[value=in]"))
            try await browser.type("1,2", into: try await browser.element("#filter-form input[name=_value]"))
            try await browser.click(try await browser.element("#filter-form button#apply-filter"))
            try await Self.waitForRowCount(both, in: browser)
            #expect(try await browser.elements("#filters li.filter").count == 2)

            try await browser.click(try await browser.element("#filters li.where a.remove-filter"))
            try await Self.waitForRowCount(inOnly, in: browser)
            #expect(try await browser.elements("#filters li.where").isEmpty)

            try await browser.click(try await browser.waitForElement("#facet-suggestions a.add-facet[data-column=MediaTypeId]"))
            _ = try await browser.waitForElement(".facet[data-column=MediaTypeId] a.facet-value")

            let names = try await browser.texts("#rows tr.row td[data-column=Name]")
            try await browser.click(try await browser.element("a#edit-sql"))
            _ = try await Self.waitForPage("/query", in: browser)
            try await waitUntil("the page's rows in the SQL editor") {
                try await browser.execute(
                    "return [...document.querySelectorAll('#rows tr.row')].map(row => row.children[1]?.textContent ?? '')", as: [String].self
                ) == names
            }
            #expect(try await browser.elements("#error").isEmpty)
        }
    }
}
