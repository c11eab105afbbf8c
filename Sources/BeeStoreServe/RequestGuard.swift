import Foundation

/// The checks every request passes before any page: its `Host` header names this machine
/// (so that a web page elsewhere cannot reach the server through DNS rebinding), and it
/// carries the server's token, as a query item, a cookie or a bearer header.
package struct RequestGuard: Sendable {
    /// The random token printed in the server's URL.
    let token: String
    /// The host names requests may use, lowercased, without a port.
    let allowedHosts: Set<String>

    /// The name of the cookie that carries the token once a browser has used the URL:
    /// `beestore_token_` and a random identifier of this server. Browsers keep cookies per
    /// host, not per port, so that servers sharing one name would replace each other's.
    let cookieName: String

    /// What to do with a request.
    enum Verdict: Equatable {
        /// Serve it.
        case allowed
        /// Serve it after a redirect that drops the token from the URL and sets the cookie.
        case redirectSettingCookie
        /// 403: the Host header is not one of this machine's names.
        case foreignHost
        /// 401: no valid token.
        case missingToken
    }

    /// A guard of `token` accepting the loopback names and `extraHosts`.
    package init(token: String, extraHosts: [String]) {
        self.token = token
        cookieName = "beestore_token_" + Self.randomHex(byteCount: 4)
        allowedHosts = Set(["127.0.0.1", "localhost", "[::1]"] + extraHosts.map { $0.lowercased() })
    }

    /// The verdict on a request with these headers and query items.
    func verdict(host: String?, queryToken: String?, cookie: String?, authorization: String?) -> Verdict {
        guard isAllowed(host: host) else { return .foreignHost }
        if let queryToken, matches(queryToken) { return .redirectSettingCookie }
        if let cookie, let value = cookieValue(cookie), matches(value) { return .allowed }
        if let authorization, authorization.hasPrefix("Bearer "), matches(String(authorization.dropFirst(7))) {
            return .allowed
        }
        return .missingToken
    }

    /// Whether the `Host` header `host` names this machine or an allowed host.
    func isAllowed(host: String?) -> Bool {
        host.map { allowedHosts.contains(Self.hostName($0)) } ?? false
    }

    /// The `Set-Cookie` value that carries the token.
    var cookie: String {
        "\(cookieName)=\(token); HttpOnly; SameSite=Strict; Path=/"
    }

    /// A new random token: 16 bytes from the system's secure generator, in hexadecimal.
    package static func makeToken() -> String {
        randomHex(byteCount: 16)
    }

    /// `byteCount` bytes from the system's secure generator, in hexadecimal.
    private static func randomHex(byteCount: Int) -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<byteCount).map { _ in String(format: "%02x", UInt8.random(in: .min ... .max, using: &generator)) }.joined()
    }

    /// Compares in time that does not depend on where the texts differ.
    private func matches(_ candidate: String) -> Bool {
        let expected = Array(token.utf8)
        let given = Array(candidate.utf8)
        guard expected.count == given.count else { return false }
        return zip(expected, given).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
    }

    /// A Host header's name, lowercased, without its port: `127.0.0.1:8001` → `127.0.0.1`,
    /// `[::1]:8001` → `[::1]`.
    static func hostName(_ header: String) -> String {
        let host = header.trimmingCharacters(in: .whitespaces).lowercased()
        if host.hasPrefix("[") {
            return host.firstIndex(of: "]").map { String(host[...$0]) } ?? host
        }
        return host.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? host
    }

    /// The token in a `Cookie` header, if it has one.
    func cookieValue(_ header: String) -> String? {
        for pair in header.split(separator: ";") {
            let parts = pair.trimmingCharacters(in: .whitespaces).split(separator: "=", maxSplits: 1)
            if parts.count == 2, parts[0] == cookieName { return String(parts[1]) }
        }
        return nil
    }
}
