import BenchmarkSupport
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One answer of a server.
struct HTTPResponse {
    let status: Int
    /// Header names in lowercase.
    let headers: [String: String]
    let body: [UInt8]

    /// Whether the body holds `text` (its UTF-8 bytes).
    func bodyContains(_ text: String) -> Bool {
        let needle = Array(text.utf8)
        guard let first = needle.first, needle.count <= body.count else { return false }
        var index = body.startIndex
        while let found = body[index...].firstIndex(of: first) {
            if found + needle.count > body.count { return false }
            if body[found..<found + needle.count].elementsEqual(needle) { return true }
            index = found + 1
        }
        return false
    }
}

/// A keep-alive HTTP/1.1 client over one blocking TCP socket to 127.0.0.1: GET requests,
/// one at a time, bodies sized by `Content-Length`, chunked, or ended by the server
/// closing the connection. It does as little as it can, the same for every server: one
/// `send` per request, reads of 64 KiB, no decompression (it asks for none).
final class HTTPConnection {
    let port: UInt16
    /// Header lines sent with every request (`Name: value`).
    let extraHeaders: [String]
    /// How many times the connection was opened: 1 when the server kept it alive throughout.
    private(set) var connects = 0
    private var descriptor: Int32 = -1
    /// Bytes received; those in `position..<end` are not read yet.
    private var buffer: [UInt8] = []
    private var position = 0
    private var end = 0

    init(port: UInt16, extraHeaders: [String] = []) {
        self.port = port
        self.extraHeaders = extraHeaders
    }

    deinit { disconnect() }

    /// Sends `GET target` and reads the whole answer. A connection the server closed
    /// between two requests is opened again once.
    func get(_ target: String) throws -> HTTPResponse {
        let reused = descriptor >= 0
        do {
            return try exchange(target)
        } catch is ConnectionClosed where reused {
            disconnect()
            return try exchange(target)
        }
    }

    func disconnect() {
        if descriptor >= 0 { close(descriptor) }
        descriptor = -1
        position = 0
        end = 0
    }

    /// The server closed the connection before answering.
    private struct ConnectionClosed: Error {}

    private func exchange(_ target: String) throws -> HTTPResponse {
        if descriptor < 0 { try openSocket() }
        let request = (["GET \(target) HTTP/1.1", "Host: 127.0.0.1:\(port)", "Accept-Encoding: identity"] + extraHeaders)
            .joined(separator: "\r\n") + "\r\n\r\n"
        try sendAll(Array(request.utf8))
        guard try fill() else { throw ConnectionClosed() }
        let statusLine = try readLine()
        let parts = statusLine.split(separator: " ", maxSplits: 2)
        guard parts.count >= 2, let status = Int(parts[1]) else { throw BenchmarkFailure("bad status line: \(statusLine)") }
        var headers: [String: String] = [:]
        while case let line = try readLine(), !line.isEmpty {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        let body: [UInt8]
        if headers["transfer-encoding"]?.lowercased().contains("chunked") == true {
            body = try readChunkedBody()
        } else if let length = headers["content-length"].flatMap({ Int($0) }) {
            body = try read(count: length)
        } else {
            body = try readToEnd()
            disconnect()
        }
        if headers["connection"]?.lowercased() == "close" || statusLine.hasPrefix("HTTP/1.0") { disconnect() }
        return HTTPResponse(status: status, headers: headers, body: body)
    }

    private func openSocket() throws {
        let opened = try makeTCPSocket()
        var yes: Int32 = 1
        setsockopt(opened, Int32(IPPROTO_TCP), TCP_NODELAY, &yes, socklen_t(MemoryLayout<Int32>.size))
        // A server that stops answering fails the run instead of hanging it.
        var timeout = timeval(tv_sec: 60, tv_usec: 0)
        setsockopt(opened, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = loopbackAddress(port: port)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(opened, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            let code = errno
            close(opened)
            throw BenchmarkFailure("cannot connect to port \(port): errno \(code)")
        }
        descriptor = opened
        connects += 1
    }

    private func sendAll(_ bytes: [UInt8]) throws {
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { throw ConnectionClosed() }
            sent += count
        }
    }

    /// Reads up to 64 KiB more into the buffer, after `end`; false when the server closed
    /// the connection.
    private func fill() throws -> Bool {
        let chunk = 65_536
        if position == end {
            position = 0
            end = 0
        } else if buffer.count - end < chunk && position > 0 {
            buffer.replaceSubrange(0..<end - position, with: buffer[position..<end])
            end -= position
            position = 0
        }
        if buffer.count - end < chunk { buffer += repeatElement(0, count: chunk) }
        while true {
            let count = buffer[end...].withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, chunk, 0) }
            if count >= 0 {
                end += count
                return count > 0
            }
            if errno == EINTR { continue }
            if errno == ECONNRESET { return false }
            throw BenchmarkFailure("recv from port \(port): errno \(errno)")
        }
    }

    private func readLine() throws -> String {
        while true {
            if let newline = buffer[position..<end].firstIndex(of: UInt8(ascii: "\n")) {
                let lineEnd = newline > position && buffer[newline - 1] == UInt8(ascii: "\r") ? newline - 1 : newline
                let line = String(decoding: buffer[position..<lineEnd], as: UTF8.self)
                position = newline + 1
                return line
            }
            guard try fill() else { throw BenchmarkFailure("port \(port) closed the connection inside a header") }
        }
    }

    private func read(count: Int) throws -> [UInt8] {
        while end - position < count {
            guard try fill() else { throw BenchmarkFailure("port \(port) closed the connection inside a body") }
        }
        let bytes = Array(buffer[position..<position + count])
        position += count
        return bytes
    }

    private func readChunkedBody() throws -> [UInt8] {
        var body: [UInt8] = []
        while true {
            let sizeLine = try readLine()
            let digits = sizeLine.split(separator: ";").first.map(String.init) ?? ""
            guard let size = Int(digits.trimmingCharacters(in: .whitespaces), radix: 16) else {
                throw BenchmarkFailure("bad chunk size: \(sizeLine)")
            }
            if size == 0 {
                while try !readLine().isEmpty {}
                return body
            }
            body += try read(count: size)
            _ = try readLine()
        }
    }

    private func readToEnd() throws -> [UInt8] {
        while try fill() {}
        let bytes = Array(buffer[position..<end])
        position = end
        return bytes
    }
}
