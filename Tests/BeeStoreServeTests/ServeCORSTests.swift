import BeeStore
import Foundation
import Testing

@testable import BeeStoreServe

/// `--cors`: JSON responses may be read by scripts of other origins, which send the token as
/// a bearer header after a preflight; nothing changes without it.
@Suite struct ServeCORSTests {
    static func respond(_ handler: BrowseHandler, _ method: String, _ target: String, token: String?) throws -> PageResponse {
        var head = "\(method) \(target) HTTP/1.1\r\nHost: 127.0.0.1:8001\r\nOrigin: https://example.org"
        if let token { head += "\r\nAuthorization: Bearer \(token)" }
        return handler.respond(to: try HTTPRequestHead(parsing: Array(head.utf8)[...]))
    }

    static func header(_ name: String, of response: PageResponse) -> String? {
        response.headers.first { $0.0 == name }?.1
    }

    @Test func jsonResponsesAllowEveryOriginOnlyWithCORS() throws {
        let served = try ServedCopy()
        let token = RequestGuard.makeToken()
        let open = BrowseHandler(browser: served.browser, requestGuard: RequestGuard(token: token, extraHosts: []), allowsCrossOrigin: true)
        let closed = BrowseHandler(browser: served.browser, requestGuard: RequestGuard(token: token, extraHosts: []))
        let json = try Self.respond(open, "GET", "/table?name=Genre&_shape=array", token: token)
        #expect(json.status == 200)
        #expect(Self.header("Access-Control-Allow-Origin", of: json) == "*")
        let html = try Self.respond(open, "GET", "/table?name=Genre", token: token)
        #expect(html.status == 200 && Self.header("Access-Control-Allow-Origin", of: html) == nil)
        let preflight = try Self.respond(open, "OPTIONS", "/table?name=Genre&_shape=array", token: nil)
        #expect(preflight.status == 204)
        #expect(Self.header("Access-Control-Allow-Headers", of: preflight) == "Authorization")
        #expect(Self.header("Access-Control-Allow-Origin", of: preflight) == "*")
        #expect(try Self.respond(open, "GET", "/table?name=Genre&_shape=array", token: nil).status == 401)

        let plain = try Self.respond(closed, "GET", "/table?name=Genre&_shape=array", token: token)
        #expect(plain.status == 200 && Self.header("Access-Control-Allow-Origin", of: plain) == nil)
        #expect(try Self.respond(closed, "OPTIONS", "/table?name=Genre", token: nil).status == 405)
    }
}
