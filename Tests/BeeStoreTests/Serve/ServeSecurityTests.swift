import Foundation
import Testing

@testable import BeeStore

/// `beestore serve` over HTTP without a browser: who may ask, and that asking never changes the
/// database.
@Suite("beestore serve security")
struct ServeSecurityTests {
    let http = HTTPTestClient()

    /// The policy every response carries.
    static let contentSecurityPolicy = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
        + "connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'"

    /// A token of the right form that is not `token`.
    static func wrongToken(besides token: String) -> String {
        String(token.dropLast()) + (token.hasSuffix("0") ? "1" : "0")
    }

    /// The SQL editor's answer to `sql`, asked with the bearer token.
    func query(_ sql: String, on served: ServedDatabase, timeout: TimeInterval = 30) async throws -> HTTPResponse {
        try await http.get(try served.url("/query", ["sql": sql]), headers: served.bearerHeader, timeout: timeout)
    }

    @Test func requestsWithoutTheTokenOrWithAWrongOneAreRefused() async throws {
        try await ServedDatabase.serve { served in
            let wrong = Self.wrongToken(besides: served.token)
            let urls = [
                try served.url("/"), try served.url("/table", ["name": "Track"]), try served.url("/row", ["name": "Track", "key": "i1"]),
                try served.url("/query", ["sql": "SELECT * FROM Customer"]), try served.url("/table", ["name": "Track", "_format": "csv"]),
            ]
            for url in urls {
                #expect(try await http.get(url).status == 401, "\(url)")
                #expect(try await http.get(url, headers: ["Cookie": "\(served.cookieName)=\(wrong)"]).status == 401, "\(url)")
                #expect(try await http.get(url, headers: ["Authorization": "Bearer \(wrong)"]).status == 401, "\(url)")
                #expect(try await http.get(url, headers: ["Cookie": "\(served.cookieName)="]).status == 401, "\(url)")
                let wrongQuery = try #require(URL(string: url.absoluteString + (url.query == nil ? "?" : "&") + "token=\(wrong)"))
                let refused = try await http.get(wrongQuery)
                #expect(refused.status == 401, "\(wrongQuery)")
                #expect(refused.header("Set-Cookie") == nil)
                // The same request with the token is answered.
                #expect(try await http.get(url, headers: served.bearerHeader).status == 200, "\(url)")
                #expect(try await http.get(url, headers: served.cookieHeader).status == 200, "\(url)")
            }
        }
    }

    @Test func theTokenQueryItemSetsAStrictHttpOnlyCookieAndRedirectsWithoutIt() async throws {
        try await ServedDatabase.serve { served in
            let launch = try await http.get(served.launchURL)
            #expect(launch.status == 303)
            #expect(try location(of: launch, requested: served.launchURL) == served.baseURL)

            let table = try served.url("/table", ["name": "Track", "Composer__contains": "AC/DC", "token": served.token])
            let redirect = try await http.get(table)
            #expect(redirect.status == 303)
            let target = try location(of: redirect, requested: table)
            let items = URLComponents(url: target, resolvingAgainstBaseURL: false)?.queryItems ?? []
            #expect(target.path == "/table")
            #expect(items == [URLQueryItem(name: "name", value: "Track"), URLQueryItem(name: "Composer__contains", value: "AC/DC")])

            let cookie = try #require(redirect.header("Set-Cookie"))
            let parts = cookie.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            #expect(parts.first == "\(served.cookieName)=\(served.token)")
            let attributes = Set(parts.dropFirst().map { $0.lowercased() })
            #expect(attributes.isSuperset(of: ["httponly", "samesite=strict", "path=/"]), "\(cookie)")

            // The redirect's target answers with the cookie alone.
            let page = try await http.get(target, headers: served.cookieHeader)
            #expect(page.status == 200)
            #expect(page.text.contains("AC/DC"))
        }
    }

    @Test func everyResponseCarriesTheContentSecurityPolicyAndNoInlineCode() async throws {
        try await ServedDatabase.serve { served in
            let pages = [
                (try served.url("/"), 200), (try served.url("/table", ["name": "Track"]), 200),
                (try served.url("/row", ["name": "Album", "key": "i1"]), 200), (try served.url("/schema", ["name": "Track"]), 200),
                (try served.url("/query", ["sql": "SELECT * FROM Artist"]), 200), (try served.url("/diagram"), 200),
                (try served.url("/query", ["sql": "SELECT * FROM NoSuchTable"]), 400),
            ]
            for (url, status) in pages {
                let response = try await http.get(url, headers: served.bearerHeader)
                #expect(response.status == status, "\(url)")
                #expect(response.header("Content-Security-Policy") == Self.contentSecurityPolicy, "\(url)")
                let html = response.text.lowercased()
                let scripts = html.components(separatedBy: "<script").dropFirst()
                #expect(scripts.allSatisfy { $0.prefix { $0 != ">" }.contains("src=") }, "inline script in \(url)")
                #expect(!html.contains("<style") && !html.contains(" style="), "inline style in \(url)")
            }
            #expect(try await http.get(try served.url("/")).header("Content-Security-Policy") == Self.contentSecurityPolicy, "on a 401")
        }
    }

    @Test func aForeignHostHeaderIsRefusedBeforeTheToken() async throws {
        try await ServedDatabase.serve(arguments: ["--allow-host", "beestore.test"]) { served in
            let port = try #require(served.baseURL.port)
            let page = try served.url("/table", ["name": "Track"])
            for host in ["evil.example", "evil.example:\(port)", "127.0.0.1.evil.example", "localhost.evil.example:\(port)", "beestore.test.evil.example"] {
                let withBearer = try await http.get(page, headers: served.bearerHeader.merging(["Host": host]) { $1 })
                #expect(withBearer.status == 403, "Host: \(host)")
                #expect(!withBearer.text.contains("AC/DC"), "no data for Host: \(host)")
                let withTokenItem = try await http.get(served.launchURL, headers: ["Host": host])
                #expect(withTokenItem.status == 403, "Host: \(host) with the token query item")
                #expect(withTokenItem.header("Set-Cookie") == nil, "Host: \(host)")
                #expect(try await http.get(page, headers: ["Host": host]).status == 403, "Host: \(host) without a token")
            }
            // The Host header is really sent: the allowed names are answered.
            for host in ["127.0.0.1:\(port)", "127.0.0.1", "localhost:\(port)", "localhost", "[::1]:\(port)", "beestore.test"] {
                #expect(try await http.get(page, headers: served.bearerHeader.merging(["Host": host]) { $1 }).status == 200, "Host: \(host)")
            }
        }
    }

    @Test func writeStatementsAreRefusedAndTheFileStaysByteIdentical() async throws {
        try await ServedDatabase.serve { served in
            let before = try served.fileState()
            #expect(before.journalSuffixes.isEmpty)
            let copy = served.directory.path("vacuumed.sqlite")
            let writes = [
                "DELETE FROM Track", "UPDATE Track SET Name = 'changed'", "INSERT INTO Genre (Name) VALUES ('New')",
                "CREATE TABLE created (a)", "DROP TABLE PlaylistTrack", "CREATE INDEX created ON Track (Name)",
                "PRAGMA user_version=5", "PRAGMA user_version = 5", "pragma USER_VERSION=5", "VACUUM", "VACUUM INTO '\(copy)'",
                "REINDEX", "ANALYZE", "BEGIN IMMEDIATE", "WITH doomed AS (SELECT 1) DELETE FROM Track",
                "REPLACE INTO Genre (GenreId, Name) VALUES (1, 'Replaced')", "  delete from Track", "/* comment */ DELETE FROM Track",
            ]
            for sql in writes {
                let response = try await query(sql, on: served)
                #expect(response.status == 400, "\(sql)")
                #expect(response.text.contains("id=\"error\""), "\(sql)")
            }
            // A write after a read in one text runs neither silently: the text is refused as a whole.
            let trailing = try await query("SELECT 1; DELETE FROM Track", on: served)
            #expect(trailing.status == 400)
            #expect(!FileManager.default.fileExists(atPath: copy))
            #expect(try served.fileState() == before)
            // The server still reads the untouched data.
            let count = try await query("SELECT count(*) AS n FROM Track", on: served)
            #expect(count.status == 200 && count.text.contains("3503"))
        }
    }

    @Test func attachIsRefusedAndCreatesNoFile() async throws {
        try await ServedDatabase.serve { served in
            let before = try served.fileState()
            let attached = served.directory.path("attached.sqlite")
            for sql in ["ATTACH DATABASE '\(attached)' AS x", "attach '\(attached)' as y", "ATTACH 'file:\(attached)?mode=rwc' AS z"] {
                let response = try await query(sql, on: served)
                #expect(response.status == 400, "\(sql)")
                #expect(response.text.contains("id=\"error\""), "\(sql)")
            }
            #expect(!FileManager.default.fileExists(atPath: attached))
            #expect(try served.fileState() == before)
        }
    }

    @Test func aRunawayQueryStopsAtTheTimeLimitWhileOtherRequestsAnswer() async throws {
        let timeLimit = 2.0
        try await ServedDatabase.serve(arguments: ["--time-limit", "\(timeLimit)"]) { served in
            let before = try served.fileState()
            let clock = ContinuousClock()
            let start = clock.now
            let finished = Protected(false)
            let runaway = Task {
                defer { finished.withLock { $0 = true } }
                return try await query("WITH RECURSIVE r(i) AS (SELECT 1 UNION ALL SELECT i+1 FROM r) SELECT count(*) FROM r", on: served)
            }
            // Pages asked one after the other while the runaway query runs: a server that answered
            // one request at a time would hold the first of them until the query stops.
            var answeredMeanwhile = 0
            while !finished.value {
                let page = try await http.get(try served.url("/table", ["name": "Genre"]), headers: served.bearerHeader)
                #expect(page.status == 200)
                if !finished.value { answeredMeanwhile += 1 }
            }
            let response = try await runaway.value
            let elapsed = clock.now - start
            #expect(answeredMeanwhile > 0)
            #expect(response.status == 400)
            #expect(response.text.contains("id=\"error\"") && response.text.contains("time limit"), "\(response.text.prefix(2000))")
            #expect(elapsed >= .seconds(timeLimit * 0.9), "refused after \(elapsed), before its time limit")
            #expect(try served.fileState() == before)
        }
    }

    @Test func listensOnTheLoopbackInterfaceOnly() async throws {
        try await ServedDatabase.serve { served in
            let port = try #require(served.baseURL.port)
            #expect(LocalNetwork.acceptsConnection(to: "127.0.0.1", port: port))
            // On a machine without any other interface there is no other address to try: only
            // the loopback half of the check applies there.
            if let address = LocalNetwork.nonLoopbackIPv4Address() {
                #expect(!LocalNetwork.acceptsConnection(to: address, port: port), "reachable at \(address):\(port)")
            }
        }
    }

    @Test func aMissingFileIsNotServed() throws {
        let directory = try TemporaryDirectory()
        let missing = directory.path("missing.sqlite")
        let result = try beestore("serve", missing, "--port", "0")
        expectFailure(result, status: 1, message: "no such file or directory: \(missing)")
        #expect(!FileManager.default.fileExists(atPath: missing))
    }

    /// The absolute URL a redirect points to.
    private func location(of response: HTTPResponse, requested: URL) throws -> URL {
        let location = try #require(response.header("Location"))
        return try #require(URL(string: location, relativeTo: requested)?.absoluteURL)
    }
}
