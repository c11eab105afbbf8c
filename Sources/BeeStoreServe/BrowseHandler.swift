/// The browser interface's answer to each request: checks it with the ``RequestGuard``,
/// hands it to the ``Browser``, and adds the headers every response carries (a
/// Content-Security-Policy that allows only the server's own script and stylesheet, no
/// caching, no referrer). With `allowsCrossOrigin` (`--cors`), JSON responses may be read by
/// scripts of other origins that send the token as a bearer header.
package struct BrowseHandler: Sendable {
    let browser: Browser
    let requestGuard: RequestGuard
    let allowsCrossOrigin: Bool

    /// A handler answering with `browser`'s pages the requests `requestGuard` lets through;
    /// with `allowsCrossOrigin`, JSON responses carry `Access-Control-Allow-Origin: *` and
    /// `OPTIONS` preflight requests are answered.
    package init(browser: Browser, requestGuard: RequestGuard, allowsCrossOrigin: Bool = false) {
        self.browser = browser
        self.requestGuard = requestGuard
        self.allowsCrossOrigin = allowsCrossOrigin
    }

    /// The Content-Security-Policy of every response.
    static let contentSecurityPolicy =
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
        + "form-action 'self'; base-uri 'none'; frame-ancestors 'none'"

    /// The response to `request`, with the headers every response carries.
    func respond(to request: HTTPRequestHead) -> PageResponse {
        var response = answer(request)
        response.headers += [
            ("Content-Security-Policy", Self.contentSecurityPolicy),
            ("X-Content-Type-Options", "nosniff"),
            ("Referrer-Policy", "no-referrer"),
            ("Cache-Control", "no-store"),
        ]
        if allowsCrossOrigin, response.contentType.hasPrefix("application/json") || request.method == "OPTIONS" {
            response.headers.append(("Access-Control-Allow-Origin", "*"))
        }
        return response
    }

    private func answer(_ request: HTTPRequestHead) -> PageResponse {
        if allowsCrossOrigin, request.method == "OPTIONS", requestGuard.isAllowed(host: request[field: "Host"]) {
            // A preflight carries no token: it only learns that a GET may send one.
            var response = PageResponse(status: 204, contentType: "text/plain; charset=utf-8", body: .bytes([]))
            response.headers = [
                ("Access-Control-Allow-Methods", "GET"), ("Access-Control-Allow-Headers", "Authorization"),
                ("Access-Control-Max-Age", "600"),
            ]
            return response
        }
        guard request.method == "GET" || request.method == "HEAD" else {
            return .text("only GET requests are served: the database is read-only", status: 405)
        }
        let items = QueryItems(query: request.query)
        let verdict = requestGuard.verdict(
            host: request[field: "Host"], queryToken: items["token"], cookie: request[field: "Cookie"],
            authorization: request[field: "Authorization"])
        switch verdict {
        case .foreignHost:
            return .text("forbidden: the Host header must name this machine", status: 403)
        case .missingToken:
            return .text("unauthorized: open the URL that beestore serve printed, with its token", status: 401)
        case .redirectSettingCookie:
            let location = PageURL(request.path, items.items.filter { $0.name != "token" })
            var response = PageResponse.text("see \(location.text)", status: 303)
            response.headers = [("Location", location.text), ("Set-Cookie", requestGuard.cookie)]
            return response
        case .allowed:
            return browser.respond(to: request.path, items: items)
        }
    }
}
