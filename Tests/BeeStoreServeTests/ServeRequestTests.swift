import BeeStore
import Foundation
import Testing

@testable import BeeStoreServe

/// How `beestore serve` reads requests and writes what they carry back: the token and
/// Host checks, query items, URLs and HTML escaping.
@Suite struct ServeRequestTests {
    private let guarded = RequestGuard(token: "0123456789abcdef0123456789abcdef", extraHosts: ["Box.local"])
    private let token = "0123456789abcdef0123456789abcdef"

    @Test(arguments: ["127.0.0.1:8001", "localhost", "LOCALHOST:1", "[::1]:8001", "box.local:80"])
    func localHostsWithTheTokenAreServed(host: String) {
        #expect(guarded.verdict(host: host, queryToken: nil, cookie: "a=b; beestore_token=\(token); \(guarded.cookieName)=\(token)", authorization: nil) == .allowed)
        #expect(guarded.verdict(host: host, queryToken: nil, cookie: nil, authorization: "Bearer \(token)") == .allowed)
        #expect(guarded.verdict(host: host, queryToken: token, cookie: nil, authorization: nil) == .redirectSettingCookie)
    }

    @Test(arguments: ["evil.example", "evil.example:8001", "127.0.0.1.evil.example", "localhost.evil", "[::2]", ""])
    func foreignHostsAreRefusedEvenWithTheToken(host: String) {
        #expect(guarded.verdict(host: host, queryToken: token, cookie: nil, authorization: "Bearer \(token)") == .foreignHost)
        #expect(guarded.verdict(host: nil, queryToken: token, cookie: nil, authorization: nil) == .foreignHost)
    }

    @Test func requestsWithoutTheRightTokenAreRefused() {
        let wrong = "0123456789abcdef0123456789abcdee"
        #expect(guarded.verdict(host: "localhost", queryToken: nil, cookie: nil, authorization: nil) == .missingToken)
        #expect(guarded.verdict(host: "localhost", queryToken: wrong, cookie: nil, authorization: nil) == .missingToken)
        #expect(guarded.verdict(host: "localhost", queryToken: nil, cookie: "\(guarded.cookieName)=\(wrong)", authorization: nil) == .missingToken)
        #expect(guarded.verdict(host: "localhost", queryToken: nil, cookie: nil, authorization: "Bearer ") == .missingToken)
        #expect(guarded.verdict(host: "localhost", queryToken: String(token.dropLast()), cookie: nil, authorization: nil) == .missingToken)
        #expect(guarded.verdict(host: "localhost", queryToken: nil, cookie: "beestore_token=\(token)", authorization: nil) == .missingToken)
        #expect(guarded.cookie == "\(guarded.cookieName)=\(token); HttpOnly; SameSite=Strict; Path=/")
    }

    @Test func eachServerNamesItsCookieApart() {
        let other = RequestGuard(token: token, extraHosts: [])
        #expect(guarded.cookieName != other.cookieName)
        #expect(guarded.cookieName.hasPrefix("beestore_token_"))
        // Another server's cookie, even with the same token, is not this one's.
        #expect(guarded.verdict(host: "localhost", queryToken: nil, cookie: "\(other.cookieName)=\(token)", authorization: nil) == .missingToken)
    }

    @Test func tokensAreRandomHex() {
        let tokens = (0..<20).map { _ in RequestGuard.makeToken() }
        #expect(Set(tokens).count == 20)
        #expect(tokens.allSatisfy { $0.utf8.count == 32 && $0.allSatisfy(\.isHexDigit) })
    }

    @Test(arguments: [
        "Track", "<img src=x onerror=alert(1)>", "a&b=c d+e%f", "\"\u{301}'", "名前 🎸", "", "__exact", "x__y__contains",
    ])
    func pageURLsCarryAnyTextBackUnchanged(text: String) {
        let url = PageURL("/table", [("name", text), (text, text)])
        let query = String(url.text.dropFirst("/table?".count))
        let items = QueryItems(query: query)
        #expect(items["name"] == text)
        #expect(items.items.last?.name == text && items.items.last?.value == text)
        #expect(url.text.unicodeScalars.allSatisfy { $0.isASCII && !"<>\"' ".unicodeScalars.contains($0) })
    }

    @Test func queryItemsDecodeFormsAndSurviveBadEncoding() {
        let items = QueryItems(query: "a=1+2&a=%E2%9C%93&b&c=%ZZ%4&d=%FF&=e")
        #expect(items.all("a") == ["1 2", "✓"])
        #expect(items["b"] == "")
        #expect(items["c"] == "%ZZ%4")
        #expect(items["d"] == "\u{FFFD}")
        #expect(items[""] == "e")
    }

    @Test func htmlEscapesOnUnicodeScalars() {
        var html = HTML()
        html.element("td", [("title", "\"\u{301} onclick='x'")], text: "<b>&\u{0}</b>\"\u{301}")
        #expect(html.markup == "<td title=\"&quot;\u{301} onclick=&#39;x&#39;\">&lt;b&gt;&amp;\u{FFFD}&lt;/b&gt;&quot;\u{301}</td>")
    }

    @Test(arguments: [
        ("Composer__contains", "Composer", FilterOperator.contains), ("a__b__exact", "a__b", .exact),
        ("x__isnull", "x", .isnull), ("名前__gte", "名前", .gte),
    ])
    func filterItemsNameTheirColumnAndOperator(name: String, column: String, op: FilterOperator) throws {
        let filter = try #require(TableFilter(name: name, value: "v"))
        #expect(filter.column == column && filter.op == op)
    }

    @Test(arguments: ["name", "_sort", "__exact", "Composer__bogus", "Composer__"])
    func otherItemsAreNotFilters(name: String) {
        #expect(TableFilter(name: name, value: "v") == nil)
    }

    @Test(arguments: [
        Value.null, .integer(-42), .integer(.max), .real(0.1), .real(-1e300), .text(""), .text("t\u{301}\"x"),
        .blob(Data([0, 255, 16])),
    ])
    func valueTokensRoundTrip(value: Value) throws {
        #expect(try ValueToken.decode(ValueToken.encode(value)) == value)
    }

    @Test(arguments: ["", "x1", "i1.5", "rabc", "b0", "bzz", "nn"])
    func badValueTokensAreRefused(token: String) {
        #expect(throws: PageError.self) { try ValueToken.decode(token) }
    }

    @Test func swiftLiteralsEscapeOnScalars() {
        #expect(SwiftLiteral.string("a\"\u{301}\\\n\u{7}") == #""a\"\#u{301}\\\n\u{7}""#)
    }
}
