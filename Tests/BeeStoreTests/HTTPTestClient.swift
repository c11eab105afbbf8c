import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A response as it came over the wire: redirects are not followed and cookies not kept.
struct HTTPResponse: Sendable {
    let status: Int
    /// The header fields, keyed by lowercased name.
    let headers: [String: String]
    let body: Data

    /// The body decoded as UTF-8.
    var text: String { String(decoding: body, as: UTF8.self) }

    /// The value of the header field `name`, whatever its case.
    func header(_ name: String) -> String? { headers[name.lowercased()] }
}

/// A request that got no HTTP response at all.
struct HTTPRequestFailed: Error, CustomStringConvertible {
    let method: String
    let url: URL
    let reason: String

    var description: String { "\(method) \(url.absoluteString) failed: \(reason)" }
}

/// A small HTTP client over URLSession that shows the raw exchange: no redirect following, no
/// cookie storage, no cache. Custom `Host` headers are sent as given (the Linux URLSession, over
/// libcurl, sends them; the tests that rely on it also check a request that must be accepted).
final class HTTPTestClient: Sendable {
    private let session: URLSession

    init() {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpShouldSetCookies = false
        configuration.httpCookieAcceptPolicy = .never
        configuration.httpCookieStorage = nil
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        session = URLSession(configuration: configuration, delegate: RedirectRefusal(), delegateQueue: nil)
    }

    deinit {
        session.invalidateAndCancel()
    }

    /// Sends one request and returns its response, whatever its status.
    func send(
        _ method: String = "GET", _ url: URL, headers: [String: String] = [:], body: Data? = nil,
        timeout: TimeInterval = 30
    ) async throws -> HTTPResponse {
        var request = URLRequest(url: url, timeoutInterval: timeout)
        request.httpMethod = method
        request.httpBody = body
        for (name, value) in headers {
            request.setValue(value, forHTTPHeaderField: name)
        }
        return try await withCheckedThrowingContinuation { continuation in
            session.dataTask(with: request) { data, response, error in
                guard let response = response as? HTTPURLResponse else {
                    let reason = error.map { "\($0)" } ?? "no HTTP response"
                    continuation.resume(throwing: HTTPRequestFailed(method: method, url: url, reason: reason))
                    return
                }
                var fields: [String: String] = [:]
                for case let (name as String, value as String) in response.allHeaderFields {
                    fields[name.lowercased()] = value
                }
                continuation.resume(returning: HTTPResponse(status: response.statusCode, headers: fields, body: data ?? Data()))
            }.resume()
        }
    }

    /// `GET url` with `headers`.
    func get(_ url: URL, headers: [String: String] = [:], timeout: TimeInterval = 30) async throws -> HTTPResponse {
        try await send("GET", url, headers: headers, timeout: timeout)
    }
}

/// A session delegate that hands redirect responses back to the caller instead of following them.
private final class RedirectRefusal: NSObject, URLSessionTaskDelegate, Sendable {
    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        completionHandler(nil)
    }
}
