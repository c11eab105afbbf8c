import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A TCP connection to a server on the loopback interface that writes raw bytes and reads
/// HTTP/1.1 responses (bodies framed by `Content-Length`, chunks, or the end of the
/// connection), so that tests can send what no well-behaved client would.
final class RawHTTPClient {
    /// A response as read from the connection.
    struct Response {
        let status: Int
        /// Header fields, names lowercased.
        let fields: [String: String]
        let body: [UInt8]
        var text: String { String(decoding: body, as: UTF8.self) }
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    private let descriptor: Int32
    private var buffer: [UInt8] = []

    /// Connects to `127.0.0.1:port`; reads and writes give up after 10 s.
    init(port: UInt16) throws {
        #if canImport(Darwin)
        descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #else
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #endif
        guard descriptor >= 0 else { throw Failure(description: "socket failed") }
        var timeout = timeval(tv_sec: 10, tv_usec: 0)
        for option in [SO_RCVTIMEO, SO_SNDTIMEO] {
            setsockopt(descriptor, SOL_SOCKET, option, &timeout, socklen_t(MemoryLayout<timeval>.size))
        }
        var target = sockaddr_in()
        target.sin_family = sa_family_t(AF_INET)
        target.sin_port = in_port_t(port.bigEndian)
        inet_pton(AF_INET, "127.0.0.1", &target.sin_addr)
        let result = withUnsafePointer(to: &target) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard result == 0 else {
            close(descriptor)
            throw Failure(description: "connection refused")
        }
    }

    deinit {
        close(descriptor)
    }

    /// Writes `text` as UTF-8.
    func send(_ text: String) throws {
        try send(Array(text.utf8))
    }

    /// Writes `bytes`.
    func send(_ bytes: [UInt8]) throws {
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { throw Failure(description: "write failed, errno \(errno)") }
            sent += count
        }
    }

    /// Closes the sending side, so the server reads the end of the connection.
    func finishSending() {
        shutdown(descriptor, Int32(SHUT_WR))
    }

    /// The next response; a `HEAD` response has no body whatever its fields say.
    func response(toHead isHead: Bool = false) throws -> Response {
        let headEnd = try readUntil { Self.find([13, 10, 13, 10], in: $0) }
        let head = String(decoding: buffer[..<headEnd], as: UTF8.self)
        buffer.removeFirst(headEnd + 4)
        var lines = head.components(separatedBy: "\r\n")
        let statusLine = lines.removeFirst().split(separator: " ")
        guard statusLine.count >= 2, statusLine[0] == "HTTP/1.1", let status = Int(statusLine[1]) else {
            throw Failure(description: "bad status line in \(head)")
        }
        var fields: [String: String] = [:]
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else { throw Failure(description: "bad field \(line)") }
            fields[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        let body: [UInt8]
        if isHead {
            body = []
        } else if let length = fields["content-length"].flatMap({ Int($0) }) {
            body = try take(length)
        } else if fields["transfer-encoding"] == "chunked" {
            body = try chunkedBody()
        } else {
            body = try readToEnd()
        }
        return Response(status: status, fields: fields, body: body)
    }

    /// Whether the server closed the connection (a read finds its end) with nothing more.
    func serverClosed() throws -> Bool {
        try readToEnd().isEmpty
    }

    /// Reads at least one more byte unless the connection ended; false at its end.
    private func readMore() throws -> Bool {
        var chunk = [UInt8](repeating: 0, count: 65_536)
        let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        if count < 0 {
            // A reset by the server ends the connection as surely as its end does.
            if errno == ECONNRESET { return false }
            throw Failure(description: "read failed, errno \(errno)")
        }
        buffer += chunk[..<count]
        return count > 0
    }

    private func readUntil(_ found: ([UInt8]) -> Int?) throws -> Int {
        while true {
            if let index = found(buffer) { return index }
            guard try readMore() else { throw Failure(description: "the connection ended early") }
        }
    }

    private func take(_ count: Int) throws -> [UInt8] {
        _ = try readUntil { $0.count >= count ? count : nil }
        let taken = Array(buffer[..<count])
        buffer.removeFirst(count)
        return taken
    }

    private func readToEnd() throws -> [UInt8] {
        while try readMore() {}
        defer { buffer.removeAll() }
        return buffer
    }

    private func chunkedBody() throws -> [UInt8] {
        var body: [UInt8] = []
        while true {
            let lineEnd = try readUntil { Self.find([13, 10], in: $0) }
            let sizeText = String(decoding: buffer[..<lineEnd], as: UTF8.self)
            buffer.removeFirst(lineEnd + 2)
            guard let size = Int(sizeText, radix: 16) else { throw Failure(description: "bad chunk size \(sizeText)") }
            let chunk = try take(size + 2)
            guard chunk.suffix(2) == [13, 10] else { throw Failure(description: "a chunk without its CRLF") }
            if size == 0 { return body }
            body += chunk.dropLast(2)
        }
    }

    private static func find(_ pattern: [UInt8], in bytes: [UInt8]) -> Int? {
        guard bytes.count >= pattern.count else { return nil }
        return (0...(bytes.count - pattern.count)).first { bytes[$0..<($0 + pattern.count)].elementsEqual(pattern) }
    }
}
