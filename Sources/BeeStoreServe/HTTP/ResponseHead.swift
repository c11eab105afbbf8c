/// The bytes of an HTTP/1.1 response's status line and header fields.
enum ResponseHead {
    /// How the body's end is told to the client.
    enum Framing {
        /// A `Content-Length` of so many bytes.
        case length(Int)
        /// `Transfer-Encoding: chunked`.
        case chunked
        /// The end of the connection (for HTTP/1.0 clients, which know no chunks).
        case connectionEnd
    }

    /// The head of `response`, framed by `framing`, saying `Connection: close` unless
    /// `keepsAlive`.
    static func bytes(of response: PageResponse, framing: Framing, keepsAlive: Bool) -> [UInt8] {
        var text = "HTTP/1.1 \(response.status) \(phrase(of: response.status))\r\n"
        text += "Content-Type: \(fieldValue(response.contentType))\r\n"
        switch framing {
        case .length(let count): text += "Content-Length: \(count)\r\n"
        case .chunked: text += "Transfer-Encoding: chunked\r\n"
        case .connectionEnd: break
        }
        if !keepsAlive { text += "Connection: close\r\n" }
        for (name, value) in response.headers { text += "\(name): \(fieldValue(value))\r\n" }
        return Array((text + "\r\n").utf8)
    }

    /// `value` with any control character (a line break would start a field of its own)
    /// replaced by a space, on Unicode scalars.
    static func fieldValue(_ value: String) -> String {
        var safe = String.UnicodeScalarView()
        for scalar in value.unicodeScalars {
            safe.append(scalar.value < 0x20 || scalar.value == 0x7F ? " " : scalar)
        }
        return String(safe)
    }

    /// The reason phrase of `status`.
    static func phrase(of status: Int) -> String {
        switch status {
        case 200: "OK"
        case 204: "No Content"
        case 303: "See Other"
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 408: "Request Timeout"
        case 431: "Request Header Fields Too Large"
        case 503: "Service Unavailable"
        case 505: "HTTP Version Not Supported"
        default: "Error"
        }
    }
}
