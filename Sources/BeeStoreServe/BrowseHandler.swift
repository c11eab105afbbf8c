/// The browser interface's answer to each request: checks it with the ``RequestGuard``,
/// hands it to the ``Browser``, and adds the headers every response carries (a
/// Content-Security-Policy that allows only the server's own script and stylesheet, no
/// caching, no referrer).
package struct BrowseHandler: Sendable {
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

    /// The response to `request`, with the headers every response carries.
    func respond(to request: HTTPRequestHead) -> PageResponse {
        var response = answer(request)
        response.headers += [
            ("Content-Security-Policy", Self.contentSecurityPolicy),
            ("X-Content-Type-Options", "nosniff"),
            ("Referrer-Policy", "no-referrer"),
            ("Cache-Control", "no-store"),
        ]
        return response
    }

    private func answer(_ request: HTTPRequestHead) -> PageResponse {
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
