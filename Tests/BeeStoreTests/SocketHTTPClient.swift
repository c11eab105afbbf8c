import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// HTTP/1.1 over a plain TCP connection to the loopback interface, one connection per request,
/// for ChromeDriver: it writes header fields without a space after the colon (`Content-Length:249`),
/// which the Linux URLSession rejects ("Failed writing header"). Handles what ChromeDriver sends:
/// bodies of a given `Content-Length` (it keeps connections open after them), or up to the end
/// of the connection.
enum SocketHTTPClient {
    /// Sends `method path` with `body` as JSON to `127.0.0.1:port` and returns the response.
    static func send(_ method: String, port: Int, path: String, body: Data?) async throws -> HTTPResponse {
        let failure = { @Sendable (reason: String) in
            HTTPRequestFailed(method: method, url: URL(string: "http://127.0.0.1:\(port)\(path)") ?? URL(fileURLWithPath: path), reason: reason)
        }
        var head = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n"
        if let body {
            head += "Content-Type: application/json; charset=utf-8\r\nContent-Length: \(body.count)\r\n"
        }
        let request = Data((head + "\r\n").utf8) + (body ?? Data())
        // The exchange blocks: it runs on a thread of its own, not on the tests' shared ones.
        return try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread {
                continuation.resume(with: Result { try exchange(request, port: port, failure: failure) })
            }
        }
    }

    /// Writes `request` on a new connection and reads the response: up to the end of its
    /// `Content-Length` body, or up to the end of the connection when it has none.
    private static func exchange(_ request: Data, port: Int, failure: @Sendable (String) -> HTTPRequestFailed) throws -> HTTPResponse {
        guard let descriptor = LocalNetwork.connect(to: "127.0.0.1", port: port, timeoutSeconds: 120) else {
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
            if let head, let length = head.headers["content-length"].flatMap({ Int($0) }), reply.count - head.bodyStart >= length {
                return HTTPResponse(status: head.status, headers: head.headers, body: reply[head.bodyStart..<head.bodyStart + length])
            }
            let count = read(descriptor, &buffer, buffer.count)
            if count == 0 {
                guard let head, head.headers["content-length"] == nil else { throw failure("connection closed after \(reply.count) bytes") }
                return HTTPResponse(status: head.status, headers: head.headers, body: reply[head.bodyStart...])
            }
            guard count > 0 else { throw failure("read failed, errno \(errno)") }
            reply.append(contentsOf: buffer[0..<count])
        }
    }

    /// The status and header fields of a response's head (without its final blank line).
    private static func parseHead(_ head: Data, failure: (String) -> HTTPRequestFailed) throws -> (status: Int, headers: [String: String]) {
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
        guard headers["transfer-encoding"] == nil else { throw failure("transfer encodings are not supported") }
        return (status, headers)
    }
}
