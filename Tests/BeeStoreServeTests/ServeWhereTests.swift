import BeeStore
import Foundation
import Testing

@testable import BeeStoreServe

/// `_where`: a condition in SQL added to a table page's filters, refused with a 400 when it
/// could leave the parentheses it is put in, end the statement, or hide the rest of it.
@Suite struct ServeWhereTests {
    @Test func aConditionNarrowsThePageItsCountAndItsExports() async throws {
        let served = try ServedCopy()
        let condition = "Milliseconds > 300000 AND GenreId IN (SELECT GenreId FROM Genre WHERE Name LIKE 'R%')"
        let expected = try #require(try served.openWritable().fetchValue(Int.self, "SELECT count(*) FROM Track WHERE \(condition)"))
        let page = try await served.get("/table", "name=Track&_where=\(PageURL.encode(condition))")
        #expect(page.status == 200, "\(page.body.prefix(300))")
        #expect(ServeParameterTests.rowCount(in: page.body) == expected)
        #expect(decodeEntities(page.body).contains("where " + condition))
        #expect(decodeEntities(page.body).contains(".where(sql: \"\(condition)\")"))
        let next = try #require(link(marked: #"id="next-page""#, in: page.body))
        #expect(decodeEntities(next).contains("_where="))
        let export = try await served.get("/table", "name=Track&_where=\(PageURL.encode(condition))&_format=csv&_all=1")
        #expect(export.body.utf8.filter { $0 == UInt8(ascii: "\n") }.count == expected + 1, "a header line and a line per row")
        // Two conditions both apply, with a filter.
        let both = try await served.get("/table", "name=Track&_where=GenreId%3D1&_where=MediaTypeId%3D1&Milliseconds__gt=200000")
        let count = try served.openWritable().fetchValue(
            Int.self, "SELECT count(*) FROM Track WHERE GenreId = 1 AND MediaTypeId = 1 AND Milliseconds > 200000")
        #expect(ServeParameterTests.rowCount(in: both.body) == count)
        #expect(both.body.components(separatedBy: #"<li class="filter"#).count - 1 == 3)
    }

    @Test(arguments: [
        "1) UNION SELECT name, sql, 1, 1, 1, 1, 1, 1, 1 FROM sqlite_schema WHERE (1",
        "1; DROP TABLE Track", "1) OR (1", "1 -- the rest", "1 /* the rest", "Name = 'unclosed",
        "Name = 'x''", "GenreId = ?", "GenreId = :genre", "GenreId = $genre", "(GenreId = 1", "", "GenreId = 1)",
    ])
    func aHostileConditionIsRefused(condition: String) async throws {
        let served = try ServedCopy()
        let before = try Data(contentsOf: URL(fileURLWithPath: served.path))
        let page = try await served.get("/table", "name=Track&_where=\(PageURL.encode(condition))")
        if condition.isEmpty {
            #expect(page.status == 200, "an empty _where is no condition")
        } else {
            #expect(page.status == 400, "\(condition)")
            #expect(page.body.contains("_where"))
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: served.path)) == before)
    }

    @Test func aConditionThatWritesOrFailsIsAnError() async throws {
        let served = try ServedCopy()
        #expect(try await served.get("/table", "name=Track&_where=NoSuchColumn%20%3D%201").status == 400)
        // Balanced, but not an expression: SQLite refuses it.
        #expect(try await served.get("/table", "name=Track&_where=1%20UNION%20SELECT%201").status == 400)
    }

    @Test func theCheckKeepsQuotesAndNestedParentheses() {
        #expect(SQLConditionText.problem(in: "Name = 'it''s (not' AND (\"a\"\"b\" > [c)] OR x IN (1, (2)))") == nil)
        #expect(SQLConditionText.problem(in: "Name = '--' AND Composer = '/*'") == nil)
        #expect(SQLConditionText.problem(in: "[unclosed") != nil)
    }
}
