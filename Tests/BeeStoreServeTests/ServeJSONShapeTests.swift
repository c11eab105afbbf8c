import BeeStore
import Foundation
import Testing

@testable import BeeStoreServe

/// `_shape`: a table page as JSON in Datasette's shapes, with the matching count, the next
/// page's URL and a `Link` header to it.
@Suite struct ServeJSONShapeTests {
    static func json(_ body: String) throws -> Any {
        try JSONSerialization.jsonObject(with: Data(body.utf8))
    }

    @Test func arraysAndObjectsCarryColumnsCountAndTheNextPage() async throws {
        let served = try ServedCopy()
        let database = try served.openWritable()
        let total = try #require(try database.fetchValue(Int.self, "SELECT count(*) FROM Track WHERE GenreId = 1"))
        let firstIds = try database.fetchAll("SELECT TrackId FROM Track WHERE GenreId = 1 ORDER BY rowid LIMIT 3").map { try Int(databaseValue: $0[0]) }
        let names = try database.fetchAll("SELECT Name FROM Track WHERE GenreId = 1 ORDER BY rowid LIMIT 3").map { try String(databaseValue: $0[0]) }
        for shape in ["arrays", "objects"] {
            let response = try await BlockingWork.run { served.browser.respond(to: "/table", items: QueryItems(query: "name=Track&GenreId=1&_size=3&_col=TrackId&_col=Name&_shape=\(shape)")) }
            #expect(response.status == 200)
            #expect(response.contentType.hasPrefix("application/json"))
            let body = String(decoding: try await ServedCopy.bytes(of: response.body), as: UTF8.self)
            let page = try #require(try Self.json(body) as? [String: Any])
            #expect(page["columns"] as? [String] == ["TrackId", "Name"])
            #expect(page["count"] as? Int == total)
            let rows = try #require(page["rows"] as? [Any])
            if shape == "arrays" {
                #expect(rows.compactMap { ($0 as? [Any])?.first as? Int } == firstIds)
            } else {
                #expect(rows.compactMap { ($0 as? [String: Any])?["Name"] as? String } == names)
            }
            let next = try #require(page["next_url"] as? String)
            #expect(response.headers.contains { $0.0 == "Link" && $0.1 == "<\(next)>; rel=\"next\"" })
            let following = try await served.get(split(next))
            let second = try #require(try Self.json(following.body) as? [String: Any])
            #expect((second["rows"] as? [Any])?.count == 3)
            #expect(second["count"] as? Int == total)
        }
    }

    @Test func arrayAndObjectHoldTheRowsAlone() async throws {
        let served = try ServedCopy()
        let genres = try served.openWritable().fetchAll("SELECT GenreId, Name FROM Genre ORDER BY GenreId")
        let array = try #require(try Self.json(try await served.get("/table", "name=Genre&_shape=array").body) as? [[String: Any]])
        #expect(array.map { $0["Name"] as? String } == genres.map { try? String(databaseValue: $0[1]) })
        let object = try #require(try Self.json(try await served.get("/table", "name=Genre&_shape=object").body) as? [String: [String: Any]])
        #expect(object.count == genres.count)
        for genre in genres {
            let id = try Int(databaseValue: genre[0])
            #expect(object[String(id)]?["Name"] as? String == (try String(databaseValue: genre[1])))
        }
        let last = try await BlockingWork.run { served.browser.respond(to: "/table", items: QueryItems(query: "name=Genre&_shape=array&_size=max")) }
        #expect(!last.headers.contains { $0.0 == "Link" }, "a last page links to no next one")
    }

    @Test func refusedShapes() async throws {
        let served = try ServedCopy { database in try database.execute("CREATE VIEW rock AS SELECT Name FROM Track WHERE GenreId = 1") }
        #expect(try await served.get("/table", "name=rock&_shape=objects").status == 200)
        #expect(try await served.get("/table", "name=rock&_shape=object").status == 400)
        #expect(try await served.get("/table", "name=Track&_shape=columns").status == 400)
        #expect(try await served.get("/table", "name=Track&_shape=array&_format=csv").status == 400)
    }

    @Test func extraAddsTheCountTheNextPageAndTheColumnsToTheDefaultJSON() async throws {
        let served = try ServedCopy()
        let total = try #require(try served.openWritable().fetchValue(Int.self, "SELECT count(*) FROM Track WHERE GenreId = 1"))
        let response = try await ServedCopy.response(
            of: served.browser, to: "/table", "name=Track&GenreId=1&_size=3&_col=Name&_extra=count,next_url&_extra=columns")
        #expect(response.status == 200 && response.contentType.hasPrefix("application/json"))
        let page = try #require(try Self.json(String(decoding: try await ServedCopy.bytes(of: response.body), as: UTF8.self)) as? [String: Any])
        #expect(Set(page.keys) == ["ok", "rows", "count", "next_url", "columns"])
        #expect(page["ok"] as? Bool == true && page["count"] as? Int == total && page["columns"] as? [String] == ["Name"])
        #expect((page["rows"] as? [[String: Any]])?.count == 3)
        let next = try #require(page["next_url"] as? String)
        #expect(next.contains("_extra=count%2Cnext_url%2Ccolumns"))
        #expect(response.headers.contains { $0.0 == "Link" && $0.1 == "<\(next)>; rel=\"next\"" })
        let following = try #require(try Self.json(try await served.get(split(next)).body) as? [String: Any])
        #expect((following["rows"] as? [[String: Any]])?.count == 3 && following["count"] as? Int == total)

        let countOnly = try #require(try Self.json(try await served.get("/table", "name=Genre&_extra=count").body) as? [String: Any])
        #expect(Set(countOnly.keys) == ["ok", "rows", "count"])
        let unknown = try await served.get("/table", "name=Genre&_extra=count,facets")
        #expect(unknown.status == 400 && unknown.body.contains("unknown _extra facets"))
        #expect(try await served.get("/table", "name=Genre&_extra=count&_shape=array").status == 400)
        #expect(try await served.get("/table", "name=Genre&_extra=count&_format=csv").status == 400)
    }
}
