import FlyingFox
import Foundation

/// The HTTP side of the browser interface: checks each request with the ``RequestGuard``,
/// hands it to the ``Browser``, and sends the answer with the headers every response
/// carries (a Content-Security-Policy that allows only the server's own script and
/// stylesheet, no caching, no referrer).
package struct BrowseHandler: HTTPHandler {
    let browser: Browser
    let requestGuard: RequestGuard

    /// A handler answering with `browser`'s pages the requests `requestGuard` lets through.
    package init(browser: Browser, requestGuard: RequestGuard) {
        self.browser = browser
        self.requestGuard = requestGuard
    }

    /// The Content-Security-Policy of every response.
    static let contentSecurityPolicy =
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
        + "form-action 'self'; base-uri 'none'; frame-ancestors 'none'"

    package func handleRequest(_ request: HTTPRequest) async throws -> HTTPResponse {
        guard request.method == .GET || request.method == .HEAD else {
            return Self.http(.text("only GET requests are served: the database is read-only", status: 405))
        }
        let items = QueryItems(query: request.target.query(percentEncoded: true))
        let verdict = requestGuard.verdict(
            host: request.headers[.host], queryToken: items["token"], cookie: request.headers[.cookie],
            authorization: request.headers[.authorization])
        switch verdict {
        case .foreignHost:
            return Self.http(.text("forbidden: the Host header must name this machine", status: 403))
        case .missingToken:
            return Self.http(.text("unauthorized: open the URL that beestore serve printed, with its token", status: 401))
        case .redirectSettingCookie:
            let location = PageURL(request.path, items.items.filter { $0.name != "token" })
            var response = PageResponse.text("see \(location.text)", status: 303)
            response.headers = [("Location", location.text), ("Set-Cookie", requestGuard.cookie)]
            return Self.http(response)
        case .allowed:
            return Self.http(await browser.respond(to: request.path, items: items))
        }
    }

    /// The HTTP response of a page's response.
    private static func http(_ response: PageResponse) -> HTTPResponse {
        var headers = HTTPHeaders()
        headers[.contentType] = response.contentType
        headers[HTTPHeader("Content-Security-Policy")] = contentSecurityPolicy
        headers[HTTPHeader("X-Content-Type-Options")] = "nosniff"
        headers[HTTPHeader("Referrer-Policy")] = "no-referrer"
        headers[.cacheControl] = "no-store"
        for (name, value) in response.headers { headers[HTTPHeader(name)] = value }
        let status = HTTPStatusCode(response.status, phrase: phrase(of: response.status))
        switch response.body {
        case .bytes(let bytes):
            return HTTPResponse(statusCode: status, headers: headers, body: Data(bytes))
        case .stream(let stream):
            return HTTPResponse(statusCode: status, headers: headers, body: HTTPBodySequence(from: stream))
        }
    }

    private static func phrase(of status: Int) -> String {
        switch status {
        case 200: "OK"
        case 303: "See Other"
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        default: "Error"
        }
    }
}
