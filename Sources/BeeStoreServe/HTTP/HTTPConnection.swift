/// One client connection of the ``HTTPServer``, served on a thread of its own: reads each
/// request's head, makes the response on that thread, writes it, and keeps the connection
/// open for the next request while the client wants it.
struct HTTPConnection: Sendable {
    let socket: ConnectedSocket
    let respond: @Sendable (HTTPRequestHead) -> PageResponse

    /// Seconds a connection may stay silent before it is closed (and a write may make
    /// no progress).
    static let idleTimeout = 30

    /// Serves requests until the client closes the connection, stays silent for
    /// ``idleTimeout`` seconds, or sends something that is not HTTP.
    func serve() {
        socket.setTimeout(seconds: Self.idleTimeout)
        defer { socket.finish() }
        var buffer: [UInt8] = []
        while true {
            let request: HTTPRequestHead
            do {
                guard let head = try nextHead(&buffer) else { return }
                request = head
            } catch {
                refuse(.text(error.message, status: error.status))
                return
            }
            let response = respond(request)
            // A request body is not read, so the connection cannot be read further.
            let keepsAlive = request.keepsAlive && !request.hasBody
            let sent = send(
                response, keepsAlive: keepsAlive, includesBody: request.method != "HEAD", minorVersion: request.minorVersion)
            guard sent && keepsAlive else { return }
        }
    }

    /// Answers `response`; the caller then ends the connection.
    func refuse(_ response: PageResponse) {
        _ = send(response, keepsAlive: false, includesBody: true, minorVersion: 1)
    }

    /// The next request head from the connection, reading as needed; what follows it
    /// stays in `buffer`. Nil when the connection ends before a head starts.
    private func nextHead(_ buffer: inout [UInt8]) throws(HTTPRequestHead.Failure) -> HTTPRequestHead? {
        // Where the search for the head's end goes on: bytes before it were searched already.
        var searched = 0
        while true {
            // Empty lines before a request line are ignored.
            let blank = buffer.prefix { $0 == UInt8(ascii: "\r") || $0 == UInt8(ascii: "\n") }.count
            buffer.removeFirst(blank)
            searched = max(0, searched - blank)
            if let (headEnd, nextStart) = Self.endOfHead(in: buffer, from: searched) {
                let head = try HTTPRequestHead(parsing: buffer[..<headEnd])
                buffer.removeFirst(nextStart)
                return head
            }
            // A line break may end the bytes searched, its blank line still to come.
            searched = max(0, buffer.count - 2)
            guard buffer.count <= HTTPRequestHead.maximumSize else { throw .tooLarge }
            let hadBytes = !buffer.isEmpty
            guard socket.read(appendingTo: &buffer) else {
                if hadBytes { throw .malformed("the connection ended inside a request head") }
                return nil
            }
        }
    }

    /// Where the head in `buffer` ends (the index of its blank line) and where what follows
    /// starts, looking from `start` on, or nil when the blank line has not arrived yet.
    private static func endOfHead(in buffer: [UInt8], from start: Int) -> (Int, Int)? {
        var index = start
        while index < buffer.count {
            if buffer[index] == UInt8(ascii: "\n") {
                let next = index + 1
                if next < buffer.count, buffer[next] == UInt8(ascii: "\n") { return (index, next + 1) }
                if next + 1 < buffer.count, buffer[next] == UInt8(ascii: "\r"), buffer[next + 1] == UInt8(ascii: "\n") {
                    return (index, next + 2)
                }
            }
            index += 1
        }
        return nil
    }

    /// Writes `response`; false when the client is gone. A streamed body goes in chunks
    /// to HTTP/1.1 clients, and up to the end of the connection to HTTP/1.0 ones.
    private func send(_ response: PageResponse, keepsAlive: Bool, includesBody: Bool, minorVersion: Int) -> Bool {
        switch response.body {
        case .bytes(let bytes):
            let head = ResponseHead.bytes(of: response, framing: .length(bytes.count), keepsAlive: keepsAlive)
            return socket.write(includesBody ? head + bytes : head)
        case .stream(let chunks):
            let chunked = minorVersion == 1
            let head = ResponseHead.bytes(
                of: response, framing: chunked ? .chunked : .connectionEnd, keepsAlive: keepsAlive && chunked)
            guard socket.write(head) else {
                chunks.cancel()
                return false
            }
            guard includesBody else {
                chunks.cancel()
                return true
            }
            while let chunk = chunks.next() {
                guard !chunk.isEmpty else { continue }
                let framed = chunked ? Array("\(String(chunk.count, radix: 16))\r\n".utf8) + chunk + [13, 10] : chunk
                guard socket.write(framed) else {
                    chunks.cancel()
                    return false
                }
            }
            return chunked && socket.write(Array("0\r\n\r\n".utf8))
        }
    }
}
