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
}
