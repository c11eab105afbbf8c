import Foundation

/// The head of an HTTP/1.x request: its request line and header fields, read strictly
/// (anything unexpected is refused rather than guessed at).
struct HTTPRequestHead: Sendable {
    /// The method, such as `GET`.
    let method: String
    /// The target's path, as sent (still percent-encoded), such as `/table`.
    let path: String
    /// The target's query, as sent, without its `?`; empty when it has none.
    let query: String
    /// The protocol's minor version: 1 for HTTP/1.1, 0 for HTTP/1.0.
    let minorVersion: Int
    /// The header fields in order, with their names as sent.
    let fields: [(name: String, value: String)]

    /// The most bytes a request head may take, request line and fields together.
    static let maximumSize = 32 * 1024
    /// The most header fields a request may have.
    static let maximumFieldCount = 100

    /// Why a request head was refused, with the status that says so.
    enum Failure: Error, Equatable {
        /// 400: not a well-formed HTTP/1.x request head.
        case malformed(String)
        /// 431: more than ``maximumSize`` bytes or ``maximumFieldCount`` fields.
        case tooLarge
        /// 505: a protocol version other than HTTP/1.0 and 1.1.
        case unsupportedVersion
        /// 408: the head did not arrive whole in time.
        case timedOut

        /// The response status of the refusal.
        var status: Int {
            switch self {
            case .malformed: 400
            case .tooLarge: 431
            case .unsupportedVersion: 505
            case .timedOut: 408
            }
        }

        /// What the refusal says to the client.
        var message: String {
            switch self {
            case .malformed(let reason): "bad request: \(reason)"
            case .tooLarge: "request header fields too large"
            case .unsupportedVersion: "only HTTP/1.0 and HTTP/1.1 are served"
            case .timedOut: "the request head did not arrive in time"
            }
        }
    }

    /// The value of the field `name`, compared without regard to ASCII case; nil when the
    /// request has none.
    subscript(field name: String) -> String? {
        fields.first { Self.equalIgnoringASCIICase($0.name, name) }?.value
    }

    /// Whether the client wants the connection kept open after the response: HTTP/1.1
    /// unless it says `Connection: close`, HTTP/1.0 only when it says `keep-alive`.
    var keepsAlive: Bool {
        let tokens = (self[field: "Connection"] ?? "").split(separator: ",").map {
            $0.trimmingCharacters(in: .whitespaces).lowercased()
        }
        return minorVersion == 1 ? !tokens.contains("close") : tokens.contains("keep-alive")
    }

    /// Whether a body follows the head (which the server does not read: it closes the
    /// connection after answering such a request).
    var hasBody: Bool {
        if self[field: "Transfer-Encoding"] != nil { return true }
        return self[field: "Content-Length"].map { $0 != "0" } ?? false
    }

    /// Parses `bytes`, a head without the empty line that ends it.
    init(parsing bytes: ArraySlice<UInt8>) throws(Failure) {
        guard bytes.count <= Self.maximumSize else { throw .tooLarge }
        var lines = Self.lines(of: bytes)
        guard !lines.isEmpty else { throw .malformed("empty request") }
        let requestLine = lines.removeFirst()
        let parts = requestLine.split(separator: UInt8(ascii: " "), omittingEmptySubsequences: false)
        guard parts.count == 3 else { throw .malformed("the request line must be METHOD TARGET VERSION") }
        guard !parts[0].isEmpty, parts[0].allSatisfy(Self.isTokenByte) else { throw .malformed("invalid method") }
        guard parts[1].first == UInt8(ascii: "/"), parts[1].allSatisfy(Self.isVisibleASCII) else {
            throw .malformed("the target must be a path starting with /, in visible ASCII")
        }
        switch String(decoding: parts[2], as: UTF8.self) {
        case "HTTP/1.1": minorVersion = 1
        case "HTTP/1.0": minorVersion = 0
        default:
            guard parts[2].starts(with: Array("HTTP/".utf8)) else { throw .malformed("invalid protocol version") }
            throw .unsupportedVersion
        }
        method = String(decoding: parts[0], as: UTF8.self)
        let target = parts[1]
        if let mark = target.firstIndex(of: UInt8(ascii: "?")) {
            path = String(decoding: target[..<mark], as: UTF8.self)
            query = String(decoding: target[(mark + 1)...], as: UTF8.self)
        } else {
            path = String(decoding: target, as: UTF8.self)
            query = ""
        }
        guard lines.count <= Self.maximumFieldCount else { throw .tooLarge }
        fields = try lines.map { line throws(Failure) in try Self.field(line) }
        // HTTP/1.1 requires one Host field; two would leave the request guard to guess.
        let hostCount = fields.filter { Self.equalIgnoringASCIICase($0.name, "Host") }.count
        guard hostCount == 1 || (hostCount == 0 && minorVersion == 0) else {
            throw .malformed("an HTTP/1.1 request needs exactly one Host field")
        }
    }

    /// The lines of `bytes`, each without its CRLF (or a lone LF, which is tolerated).
    private static func lines(of bytes: ArraySlice<UInt8>) -> [ArraySlice<UInt8>] {
        bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map {
            $0.last == UInt8(ascii: "\r") ? $0.dropLast() : $0
        }
    }

    /// One header field line: `name: value`, the value without surrounding spaces or tabs.
    private static func field(_ line: ArraySlice<UInt8>) throws(Failure) -> (name: String, value: String) {
        guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else { throw .malformed("a header field without a colon") }
        let name = line[..<colon]
        guard !name.isEmpty, name.allSatisfy(isTokenByte) else { throw .malformed("an invalid header field name") }
        var value = line[(colon + 1)...]
        while let first = value.first, first == UInt8(ascii: " ") || first == UInt8(ascii: "\t") { value.removeFirst() }
        while let last = value.last, last == UInt8(ascii: " ") || last == UInt8(ascii: "\t") { value.removeLast() }
        guard value.allSatisfy({ $0 == UInt8(ascii: "\t") || ($0 >= 0x20 && $0 != 0x7F) }) else {
            throw .malformed("a control character in a header field")
        }
        return (String(decoding: name, as: UTF8.self), String(decoding: value, as: UTF8.self))
    }

    /// Whether `byte` may appear in a method or field name (RFC 9110's `tchar`).
    private static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        default:
            Array("!#$%&'*+-.^_`|~".utf8).contains(byte)
        }
    }

    /// Whether `byte` is printable ASCII other than the space.
    private static func isVisibleASCII(_ byte: UInt8) -> Bool {
        byte > 0x20 && byte < 0x7F
    }

    /// Whether two ASCII names are equal regardless of case.
    private static func equalIgnoringASCIICase(_ lhs: String, _ rhs: String) -> Bool {
        lhs.utf8.count == rhs.utf8.count && zip(lhs.utf8, rhs.utf8).allSatisfy { Self.lowercased($0) == Self.lowercased($1) }
    }

    private static func lowercased(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte | 0x20 : byte
    }
}
