import BeeStore
import Foundation
import Testing

@testable import BeeStoreServe

/// Every filter operator of Datasette's, as `?column__operator=value`: each selects the rows
/// that the same condition written in SQL selects.
@Suite struct ServeFilterOperatorTests {
    /// A table with text, JSON arrays, dates, blanks and NULLs to filter on.
    static func served() throws -> ServedCopy {
        try ServedCopy { database in
            try database.execute(script: """
                CREATE TABLE thing (id INTEGER PRIMARY KEY, name TEXT, tags TEXT, born TEXT, size INTEGER);
                INSERT INTO thing (name, tags, born, size) VALUES
                    ('Alpha', '["rock","jazz"]', '2001-02-03 10:00:00', 3),
                    ('alphabet', '["pop"]', '2001-02-03', 10),
                    ('Beta_1', '[1, 2, "rock"]', '1999-12-31T23:59:59', NULL),
                    ('', '[]', NULL, 7),
                    (NULL, NULL, '2001-02-04', 3),
                    ('a,b', '["a,b"]', '2020-01-01', 42);
                """)
        }
    }

    /// A column, an operator, a value, and the same condition in SQL.
    static let cases: [(String, FilterOperator, String, String)] = [
        ("size", .exact, "3", "size = 3"), ("size", .not, "3", "size <> 3"),
        ("name", .contains, "lph", "name LIKE '%lph%'"), ("name", .startswith, "alpha", "name LIKE 'alpha%'"),
        ("name", .endswith, "_1", "name LIKE '%\\_1' ESCAPE '\\'"), ("size", .gt, "3", "size > 3"),
        ("size", .gte, "3", "size >= 3"), ("size", .lt, "10", "size < 10"), ("size", .lte, "10", "size <= 10"),
        ("name", .like, "_lph%", "name LIKE '_lph%'"), ("name", .notlike, "alpha%", "name NOT LIKE 'alpha%'"),
        ("name", .glob, "[A-B]*", "name GLOB '[A-B]*'"), ("size", .in, "3,7", "size IN (3, 7)"),
        ("size", .notin, "3,7", "size NOT IN (3, 7)"), ("name", .in, #"["a,b", "Alpha"]"#, "name IN ('a,b', 'Alpha')"),
        ("tags", .arraycontains, "rock", "EXISTS (SELECT 1 FROM json_each(tags) WHERE value = 'rock')"),
        ("tags", .arraycontains, "2", "EXISTS (SELECT 1 FROM json_each(tags) WHERE value = 2)"),
        ("tags", .arraynotcontains, "rock", "NOT EXISTS (SELECT 1 FROM json_each(tags) WHERE value = 'rock')"),
        ("born", .date, "2001-02-03", "date(born) = '2001-02-03'"), ("name", .isnull, "1", "name IS NULL"),
        ("name", .notnull, "1", "name IS NOT NULL"), ("name", .isblank, "1", "name IS NULL OR name = ''"),
        ("name", .notblank, "1", "name IS NOT NULL AND name <> ''"),
    ]

    @Test func eachOperatorSelectsTheRowsItsSQLSelects() async throws {
        let served = try Self.served()
        let database = try served.openWritable()
        #expect(Set(Self.cases.map(\.1)).union([.typed]) == Set(FilterOperator.allCases), "every operator is checked")
        for (column, op, value, sql) in Self.cases {
            let expected = try database.fetchAll("SELECT id FROM thing WHERE \(sql) ORDER BY id").map { try Int(databaseValue: $0[0]) }
            #expect(!expected.isEmpty, "\(sql) selects some rows")
            let query = "name=thing&\(PageURL.encode(column + "__" + op.rawValue))=\(PageURL.encode(value))&_shape=array"
            let page = try await served.get("/table", query)
            #expect(page.status == 200, "\(op) \(value): \(page.body.prefix(200))")
            let rows = try JSONSerialization.jsonObject(with: Data(page.body.utf8)) as? [[String: Any]] ?? []
            #expect(rows.compactMap { $0["id"] as? Int } == expected, "\(op) \(value)")
            let html = try await served.get("/table", "name=thing&\(PageURL.encode(column + "__" + op.rawValue))=\(PageURL.encode(value))")
            #expect(ServeParameterTests.rowCount(in: html.body) == expected.count, "\(op) \(value)")
        }
    }

    @Test func aBadListOrJSONIsRefused() async throws {
        let served = try Self.served()
        #expect(try await served.get("/table", "name=thing&size__in=%5B1%2C").status == 400)
        #expect(try await served.get("/table", "name=thing&size__in=%5B%7B%7D%5D").status == 400)
        let malformed = try await served.get("/table", "name=thing&name__arraycontains=x")
        #expect(malformed.status == 400, "the names are not JSON arrays")
    }

    @Test func theFilterFormOffersEveryOperator() async throws {
        let page = try await Self.served().get("/table", "name=thing")
        let form = try #require(page.body.components(separatedBy: #"<select name="_op""#).last?.components(separatedBy: "</select>").first)
        #expect(attributeValues("value", in: form) == FilterOperator.offered.map(\.rawValue))
    }
}
