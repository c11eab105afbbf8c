import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
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

/// A small HTTP/1.1 client over a plain TCP connection (IPv4), one connection per request,
/// that shows the raw exchange: no redirect following, no cookie storage, no cache, header
/// fields sent exactly as given (a `Host` field among them replaces the one made from the URL).
///
/// Not `URLSession`: on Linux its sessions wrap libcurl's sockets in dispatch sources, and
/// tearing a session down races their cancellation, which crashes the process now and then
/// in libdispatch's event loop. Reads a body of a given `Content-Length`, a chunked one, or
/// one that ends with the connection (every request asks the server to close it; some
/// servers, ChromeDriver among them, keep it open after a sized body anyway).
final class HTTPTestClient: Sendable {
    /// Sends one request and returns its response, whatever its status; reads and writes
    /// give up after `timeout` seconds (at least one).
    func send(
        _ method: String = "GET", _ url: URL, headers: [String: String] = [:], body: Data? = nil,
        timeout: TimeInterval = 30
    ) async throws -> HTTPResponse {
        let failure = { @Sendable (reason: String) in HTTPRequestFailed(method: method, url: url, reason: reason) }
        guard let components = URLComponents(url: url, resolvingAgainstBaseURL: true), let host = components.host,
            let port = components.port
        else { throw failure("the URL names no host and port") }
        let address = host == "localhost" ? "127.0.0.1" : host
        let target = (components.percentEncodedPath.isEmpty ? "/" : components.percentEncodedPath)
            + (components.percentEncodedQuery.map { "?" + $0 } ?? "")
        var head = "\(method) \(target) HTTP/1.1\r\n"
        if !headers.keys.contains(where: { $0.lowercased() == "host" }) { head += "Host: \(address):\(port)\r\n" }
        head += "Connection: close\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        if let body { head += "Content-Length: \(body.count)\r\n" }
        let request = Data((head + "\r\n").utf8) + (body ?? Data())
        let seconds = max(1, Int(timeout.rounded(.up)))
        // The exchange blocks: it runs on a thread of its own, not on the tests' shared ones.
        return try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread {
                continuation.resume(with: Result {
                    try Self.exchange(request, address: address, port: port, timeoutSeconds: seconds, failure: failure)
                })
            }
        }
    }

    /// `GET url` with `headers`.
    func get(_ url: URL, headers: [String: String] = [:], timeout: TimeInterval = 30) async throws -> HTTPResponse {
        try await send("GET", url, headers: headers, timeout: timeout)
    }

    /// Writes `request` on a new connection and reads the response.
    private static func exchange(
        _ request: Data, address: String, port: Int, timeoutSeconds: Int, failure: @Sendable (String) -> HTTPRequestFailed
    ) throws -> HTTPResponse {
        guard let descriptor = LocalNetwork.connect(to: address, port: port, timeoutSeconds: timeoutSeconds) else {
            throw failure("connection refused")
        }
        defer { close(descriptor) }
        try request.withUnsafeBytes { bytes in
            guard let start = bytes.baseAddress else { return }
            var sent = 0
            while sent < bytes.count {
                let count = write(descriptor, start + sent, bytes.count - sent)
                guard count > 0 else { throw failure("write failed, errno \(errno)") }
                sent += count
            }
        }
        var reply = Data()
        var buffer = [UInt8](repeating: 0, count: 65_536)
        var head: (status: Int, headers: [String: String], bodyStart: Int)?
        while true {
            if head == nil, let end = reply.firstRange(of: Data("\r\n\r\n".utf8)) {
                let parsed = try parseHead(reply[..<end.lowerBound], failure: failure)
                head = (parsed.status, parsed.headers, end.upperBound)
            }
            if let head, let body = try completeBody(reply[head.bodyStart...], headers: head.headers, failure: failure) {
                return HTTPResponse(status: head.status, headers: head.headers, body: body)
            }
            let count = read(descriptor, &buffer, buffer.count)
            if count == 0 {
                guard let head, head.headers["content-length"] == nil, !isChunked(head.headers) else {
                    throw failure("connection closed after \(reply.count) bytes")
                }
                return HTTPResponse(status: head.status, headers: head.headers, body: Data(reply[head.bodyStart...]))
            }
            guard count > 0 else { throw failure("read failed, errno \(errno)") }
            reply.append(contentsOf: buffer[0..<count])
        }
    }

    private static func isChunked(_ headers: [String: String]) -> Bool {
        headers["transfer-encoding"]?.lowercased() == "chunked"
    }

    /// The body in `received`, once all of it arrived for a sized or chunked body; nil
    /// while more is to come, and always for a body that ends with the connection.
    private static func completeBody(
        _ received: Data, headers: [String: String], failure: (String) -> HTTPRequestFailed
    ) throws -> Data? {
        if let length = headers["content-length"] {
            guard let length = Int(length), length >= 0 else { throw failure("bad Content-Length: \(length)") }
            return received.count >= length ? Data(received.prefix(length)) : nil
        }
        guard isChunked(headers) else {
            if let encoding = headers["transfer-encoding"] { throw failure("unsupported transfer encoding: \(encoding)") }
            return nil
        }
        var body = Data()
        var position = received.startIndex
        while true {
            guard let lineEnd = received[position...].firstRange(of: Data("\r\n".utf8)) else { return nil }
            let sizeText = String(decoding: received[position..<lineEnd.lowerBound], as: UTF8.self)
            guard let size = Int(sizeText.split(separator: ";", maxSplits: 1).first ?? "", radix: 16), size >= 0 else {
                throw failure("bad chunk size: \(sizeText)")
            }
            let dataStart = lineEnd.upperBound
            if size == 0 {
                // The last chunk, then no trailer fields: an empty line ends the body.
                return received[dataStart...].starts(with: Data("\r\n".utf8)) ? body : nil
            }
            guard received.distance(from: dataStart, to: received.endIndex) >= size + 2 else { return nil }
            let dataEnd = received.index(dataStart, offsetBy: size)
            body.append(received[dataStart..<dataEnd])
            position = received.index(dataEnd, offsetBy: 2)
        }
    }

    /// The status and header fields of a response's head (without its final blank line).
    private static func parseHead(
        _ head: Data, failure: (String) -> HTTPRequestFailed
    ) throws -> (status: Int, headers: [String: String]) {
        let lines = String(decoding: head, as: UTF8.self).components(separatedBy: "\r\n")
        let statusParts = lines[0].split(separator: " ")
        guard statusParts.count >= 2, statusParts[0].hasPrefix("HTTP/1."), let status = Int(statusParts[1]) else {
            throw failure("no status line: \(lines[0])")
        }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { throw failure("malformed header field: \(line)") }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return (status, headers)
    }
}
