import Foundation

/// One client connection of the ``HTTPServer``, served on a thread of its own: reads each
/// request's head, makes the response on that thread, writes it, and keeps the connection
/// open for the next request while the client wants it.
struct HTTPConnection: Sendable {
    let slot: ConnectionTable.Slot
    let respond: @Sendable (HTTPRequestHead) -> PageResponse

    var socket: ConnectedSocket { slot.socket }

    /// Seconds a write may make no progress before the connection is closed.
    static let writeTimeout = 30

    /// Seconds within which a request head must arrive whole, from the end of the previous
    /// response (or the connection's start): an idle connection, or one sending its head a
    /// byte at a time, is closed then.
    static let headTimeout = 10.0

    /// How a response went out.
    enum Outcome {
        /// Whole: the connection may serve the next request.
        case sent
        /// Whole or not, the last on the connection: the client went away or stopped
        /// reading, or the body ends with the connection (for HTTP/1.0 clients).
        case ended
        /// Cut short by its producer's failure: the client must learn that the body is
        /// incomplete, so the connection is reset rather than ended.
        case aborted
    }

    /// Serves requests until the client closes the connection, sends no whole head within
    /// ``headTimeout`` seconds, or sends something that is not HTTP; resets it when a
    /// streamed body fails.
    func serve() {
        socket.setTimeout(seconds: Self.writeTimeout)
        if serveRequests() == .aborted { socket.reset() } else { socket.finish() }
    }

    /// Serves requests while the client wants them; the outcome of the last response.
    private func serveRequests() -> Outcome {
        var buffer: [UInt8] = []
        while true {
            let request: HTTPRequestHead
            slot.waitForHead()
            do {
                guard let head = try nextHead(&buffer) else { return .sent }
                request = head
            } catch {
                Self.refuse(.text(error.message, status: error.status), on: socket)
                return .sent
            }
            // Closed to make room for another connection while the head arrived.
            guard slot.beginRequest() else { return .ended }
            let response = respond(request)
            // A request body is not read, so the connection cannot be read further.
            let keepsAlive = request.keepsAlive && !request.hasBody
            let outcome = send(
                response, keepsAlive: keepsAlive, includesBody: request.method != "HEAD", minorVersion: request.minorVersion)
            guard outcome == .sent && keepsAlive else { return outcome }
        }
    }

    /// Answers `response`, whose body is in bytes, on `socket`; the caller then ends the
    /// connection.
    static func refuse(_ response: PageResponse, on socket: ConnectedSocket) {
        guard case .bytes(let bytes) = response.body else { return }
        _ = socket.write(ResponseHead.bytes(of: response, framing: .length(bytes.count), keepsAlive: false) + bytes)
    }

    /// The next request head from the connection, reading as needed; what follows it
    /// stays in `buffer`. Nil when the connection ends before a head starts.
    private func nextHead(_ buffer: inout [UInt8]) throws(HTTPRequestHead.Failure) -> HTTPRequestHead? {
        let deadline = Date(timeIntervalSinceNow: Self.headTimeout)
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
            let remaining = deadline.timeIntervalSinceNow
            guard remaining > 0 else {
                if hadBytes { throw .timedOut }
                return nil
            }
            socket.setReceiveTimeout(remaining)
            guard socket.read(appendingTo: &buffer) else {
                if hadBytes && deadline.timeIntervalSinceNow <= 0 { throw .timedOut }
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

    /// Writes `response`. A streamed body goes in chunks to HTTP/1.1 clients, and up to
    /// the end of the connection to HTTP/1.0 ones.
    private func send(_ response: PageResponse, keepsAlive: Bool, includesBody: Bool, minorVersion: Int) -> Outcome {
        switch response.body {
        case .bytes(let bytes):
            let head = ResponseHead.bytes(of: response, framing: .length(bytes.count), keepsAlive: keepsAlive)
            return socket.write(includesBody ? head + bytes : head) ? .sent : .ended
        case .stream(let chunks):
            let chunked = minorVersion == 1
            let head = ResponseHead.bytes(
                of: response, framing: chunked ? .chunked : .connectionEnd, keepsAlive: keepsAlive && chunked)
            guard socket.write(head) else {
                chunks.cancel()
                return .ended
            }
            guard includesBody else {
                chunks.cancel()
                return .sent
            }
            while let chunk = chunks.next() {
                guard !chunk.isEmpty else { continue }
                let framed = chunked ? Array("\(String(chunk.count, radix: 16))\r\n".utf8) + chunk + [13, 10] : chunk
                guard socket.write(framed) else {
                    chunks.cancel()
                    return .ended
                }
            }
            if chunks.wasAborted { return .aborted }
            guard chunked else { return .ended }
            return socket.write(Array("0\r\n\r\n".utf8)) ? .sent : .ended
        }
    }
}
