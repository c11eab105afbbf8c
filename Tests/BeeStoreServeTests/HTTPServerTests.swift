import Foundation
import Testing

@testable import BeeStoreServe

/// The browser interface's HTTP/1.1 server, spoken to over real sockets: persistent and
/// pipelined connections, chunked and HTTP/1.0 bodies, `HEAD`, what it refuses, and a
/// streamed body stopped when its client leaves. Clients run on threads of their own: they
/// block on sockets.
@Suite struct HTTPServerTests {
    /// A server on a port the system chooses, answering every request with `respond`.
    private func server(
        _ respond: @escaping @Sendable (HTTPRequestHead) -> PageResponse = { request in
            .text("\(request.method) \(request.path) ?\(request.query)", status: 200)
        }
    ) throws -> HTTPServer {
        let server = try HTTPServer(host: "127.0.0.1", port: 0, respond: respond)
        server.start()
        return server
    }

    private func onThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await BlockingWork.run(body)
    }

    @Test func aConnectionServesRequestsOneAfterAnotherAndPipelined() async throws {
        let port = try server().port
        try await onThread {
            let client = try RawHTTPClient(port: port)
            try client.send("GET /first?a=1 HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            let first = try client.response()
            #expect(first.status == 200)
            #expect(first.text == "GET /first ?a=1\n")
            #expect(first.fields["content-length"] == "16")
            #expect(first.fields["connection"] == nil)
            // Two requests in one write: answered in order on the same connection.
            try client.send("GET /second HTTP/1.1\r\nHost: x\r\n\r\nGET /third HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            #expect(try client.response().text == "GET /second ?\n")
            let third = try client.response()
            #expect(third.text == "GET /third ?\n")
            #expect(third.fields["connection"] == "close")
            #expect(try client.serverClosed())
        }
    }

    @Test func bareLineFeedsAndLeadingEmptyLinesAreTolerated() async throws {
        let port = try server().port
        try await onThread {
            let client = try RawHTTPClient(port: port)
            try client.send("\r\nGET /lf HTTP/1.1\nHost: x\n\n")
            #expect(try client.response().text == "GET /lf ?\n")
        }
    }

    @Test func aHeadSplitAcrossManyWritesIsReadWhole() async throws {
        let port = try server().port
        try await onThread {
            let client = try RawHTTPClient(port: port)
            // Byte by byte, so that the blank line's bytes arrive apart as often as not.
            for byte in "GET /slow?q=1 HTTP/1.1\r\nHost: x\r\nX-Long: \(String(repeating: "y", count: 300))\r\n\r\n".utf8 {
                try client.send([byte])
            }
            #expect(try client.response().text == "GET /slow ?q=1\n")
        }
    }

    @Test func http10ClientsGetTheConnectionClosedUnlessTheyAskToKeepIt() async throws {
        let port = try server().port
        try await onThread {
            let client = try RawHTTPClient(port: port)
            try client.send("GET /old HTTP/1.0\r\n\r\n")
            let response = try client.response()
            #expect(response.text == "GET /old ?\n")
            #expect(response.fields["connection"] == "close")
            #expect(try client.serverClosed())

            let keeping = try RawHTTPClient(port: port)
            try keeping.send("GET /a HTTP/1.0\r\nConnection: keep-alive\r\n\r\nGET /b HTTP/1.0\r\n\r\n")
            #expect(try keeping.response().text == "GET /a ?\n")
            #expect(try keeping.response().text == "GET /b ?\n")
            #expect(try keeping.serverClosed())
        }
    }

    /// A streamed body: 300 KiB produced on another thread in chunks of 64 KiB.
    private static func streamed(_ request: HTTPRequestHead) -> PageResponse {
        let channel = ChunkChannel()
        Thread.detachNewThread {
            var byte: UInt8 = 0
            for _ in 0..<300 {
                let kibibyte = (0..<1024).map { _ in
                    byte &+= 1
                    return byte
                }
                guard (try? kibibyte.withUnsafeBytes { try channel.write($0) }) != nil else { return }
            }
            channel.finish()
        }
        return PageResponse(status: 200, contentType: "application/octet-stream", body: .stream(channel.body))
    }

    private static let streamedBytes: [UInt8] = {
        var byte: UInt8 = 0
        return (0..<(300 * 1024)).map { _ in
            byte &+= 1
            return byte
        }
    }()

    @Test func streamedBodiesGoInChunksToHTTP11AndToTheConnectionsEndForHTTP10() async throws {
        let port = try server { Self.streamed($0) }.port
        try await onThread {
            let client = try RawHTTPClient(port: port)
            try client.send("GET /export HTTP/1.1\r\nHost: x\r\n\r\nGET /again HTTP/1.1\r\nHost: x\r\n\r\n")
            let first = try client.response()
            #expect(first.fields["transfer-encoding"] == "chunked")
            #expect(first.fields["content-length"] == nil)
            #expect(first.body == Self.streamedBytes)
            // The connection stays usable after a chunked body.
            #expect(try client.response().body == Self.streamedBytes)

            let old = try RawHTTPClient(port: port)
            try old.send("GET /export HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
            let response = try old.response()
            #expect(response.fields["transfer-encoding"] == nil)
            #expect(response.fields["connection"] == "close")
            #expect(response.body == Self.streamedBytes)
        }
    }

    @Test func headAnswersTheFieldsWithoutTheBody() async throws {
        let port = try server().port
        try await onThread {
            let client = try RawHTTPClient(port: port)
            try client.send("HEAD /page HTTP/1.1\r\nHost: x\r\n\r\nGET /next HTTP/1.1\r\nHost: x\r\n\r\n")
            let head = try client.response(toHead: true)
            #expect(head.status == 200)
            #expect(head.fields["content-length"] == "\("HEAD /page ?\n".utf8.count)")
            // Had the body been sent, it would be read as the next response's start.
            #expect(try client.response().text == "GET /next ?\n")
        }
    }

    @Test(arguments: [
        ("GARBAGE\r\n\r\n", 400),
        ("GET  / HTTP/1.1\r\nHost: x\r\n\r\n", 400),
        ("GET http://example.com/ HTTP/1.1\r\nHost: x\r\n\r\n", 400),
        ("GET /caf\u{E9} HTTP/1.1\r\nHost: x\r\n\r\n", 400),
        ("G(T / HTTP/1.1\r\nHost: x\r\n\r\n", 400),
        ("GET / HTTP/1.1\r\n\r\n", 400),
        ("GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n", 400),
        ("GET / HTTP/1.1\r\nHost: x\r\nNo colon here\r\n\r\n", 400),
        ("GET / HTTP/1.1\r\nHost: x\r\nBad Name: y\r\n\r\n", 400),
        ("GET / HTTP/1.1\r\nHost: x\r\nX: a\u{1}b\r\n\r\n", 400),
        ("GET / HTTP/2.0\r\nHost: x\r\n\r\n", 505),
        ("GET / SPDY/3\r\nHost: x\r\n\r\n", 400),
    ])
    func malformedRequestsAreRefusedWithTheirStatusAndTheConnectionClosed(request: String, status: Int) async throws {
        let answered = Answered()
        let port = try server { request in
            answered.record()
            return .text("served", status: 200)
        }.port
        try await onThread {
            let client = try RawHTTPClient(port: port)
            try client.send(request)
            let response = try client.response()
            #expect(response.status == status)
            #expect(response.fields["connection"] == "close")
            #expect(try client.serverClosed())
        }
        #expect(answered.count == 0)
    }

    @Test func aHeadLargerThanTheLimitIsRefusedWith431() async throws {
        let port = try server().port
        try await onThread {
            let client = try RawHTTPClient(port: port)
            // Without its blank line, the head never ends: the size alone decides.
            try client.send("GET / HTTP/1.1\r\nHost: x\r\nX: " + String(repeating: "a", count: HTTPRequestHead.maximumSize))
            let response = try client.response()
            #expect(response.status == 431)

            let many = try RawHTTPClient(port: port)
            let fields = (0...HTTPRequestHead.maximumFieldCount).map { "X-\($0): y\r\n" }.joined()
            try many.send("GET / HTTP/1.1\r\nHost: x\r\n\(fields)\r\n")
            #expect(try many.response().status == 431)
        }
    }

    @Test func aRequestWithABodyIsAnsweredThenTheConnectionClosed() async throws {
        let port = try server { .text("\($0.method) body: \($0.hasBody)", status: 200) }.port
        try await onThread {
            let client = try RawHTTPClient(port: port)
            // The body looks like a request of its own: it must not be served as one.
            let smuggled = "GET /smuggled HTTP/1.1\r\nHost: x\r\n\r\n"
            try client.send("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: \(smuggled.utf8.count)\r\n\r\n\(smuggled)")
            let response = try client.response()
            #expect(response.text == "POST body: true\n")
            #expect(response.fields["connection"] == "close")
            #expect(try client.serverClosed())
        }
    }

    @Test func anUnreadBodyDoesNotDestroyTheAnswer() async throws {
        let port = try server { .text("\($0.method) refused", status: 405) }.port
        try await onThread {
            let client = try RawHTTPClient(port: port)
            // More than the sockets' buffers hold: the send completes only because the
            // server reads and drops the body after answering instead of resetting.
            let body = [UInt8](repeating: 120, count: 24_000_000)
            try client.send(Array("PUT / HTTP/1.1\r\nHost: x\r\nContent-Length: \(body.count)\r\n\r\n".utf8) + body)
            let response = try client.response()
            #expect(response.status == 405)
            #expect(response.text == "PUT refused\n")
        }
    }

    @Test func aClientThatLeavesStopsItsStreamedBody() async throws {
        let stopped = DispatchSemaphore(value: 0)
        let port = try server { _ in
            let queue = ChunkQueue(capacity: 2)
            queue.onCancel { stopped.signal() }
            Thread.detachNewThread {
                // An endless body: only the client's leaving ends it.
                while queue.put(Array(repeating: 65, count: 65_536)) {}
            }
            return PageResponse(status: 200, contentType: "text/plain", body: .stream(queue))
        }.port
        let wasStopped = try await onThread {
            do {
                let client = try RawHTTPClient(port: port)
                try client.send("GET /endless HTTP/1.1\r\nHost: x\r\n\r\n")
                // The client reads nothing and closes: the server's next writes fail.
            }
            return stopped.wait(timeout: .now() + 10) == .success
        }
        #expect(wasStopped)
    }

    @Test func manyClientsAtOnceAreAllServed() async throws {
        let port = try server().port
        try await withThrowingTaskGroup(of: String.self) { group in
            for index in 0..<32 {
                group.addTask {
                    try await onThread {
                        let client = try RawHTTPClient(port: port)
                        try client.send("GET /\(index) HTTP/1.1\r\nHost: x\r\n\r\n")
                        return try client.response().text
                    }
                }
            }
            var answers = Set<String>()
            for try await answer in group { answers.insert(answer) }
            #expect(answers == Set((0..<32).map { "GET /\($0) ?\n" }))
        }
    }

    @Test func idleAndTricklingConnectionsCannotLockOthersOut() async throws {
        // Fewer slots than the server's default, and more squatters than slots: the same
        // pressure as hundreds of connections on a real server, without hundreds of descriptors.
        let server = try HTTPServer(host: "127.0.0.1", port: 0, maximumConnections: 16) { request in
            .text("\(request.method) \(request.path) ?\(request.query)", status: 200)
        }
        server.start()
        let port = server.port
        try await onThread {
            // Half idle, half sending a head that never ends.
            let squatters = try (0..<40).map { index in
                let client = try RawHTTPClient(port: port)
                if index.isMultiple(of: 2) { try client.send("GET / HTTP/1.1\r\nHo") }
                return client
            }
            let clock = ContinuousClock()
            let start = clock.now
            let client = try RawHTTPClient(port: port)
            try client.send("GET /valid HTTP/1.1\r\nHost: x\r\n\r\n")
            let response = try client.response()
            #expect(response.status == 200 && response.text == "GET /valid ?\n", "\(response.status) \(response.text)")
            #expect(clock.now - start < .seconds(1), "answered after \(clock.now - start)")
            withExtendedLifetime(squatters) {}
        }
    }

    @Test func whenEverySlotServesARequestANewConnectionIsRefusedAtOnce() async throws {
        let entered = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let server = try HTTPServer(host: "127.0.0.1", port: 0, maximumConnections: 2) { request in
            if request.path == "/hold" {
                entered.signal()
                release.wait()
            }
            return .text("served", status: 200)
        }
        server.start()
        let port = server.port
        try await onThread {
            let holders = try (0..<2).map { _ in
                let client = try RawHTTPClient(port: port)
                try client.send("GET /hold HTTP/1.1\r\nHost: x\r\n\r\n")
                return client
            }
            for _ in holders { #expect(entered.wait(timeout: .now() + 10) == .success) }
            let clock = ContinuousClock()
            let start = clock.now
            // Each refusal is written without waiting for the client: ten take well under a second.
            for _ in 0..<10 {
                let refused = try RawHTTPClient(port: port)
                #expect(try refused.response().status == 503)
            }
            #expect(clock.now - start < .seconds(1), "refused in \(clock.now - start)")
            for _ in holders { release.signal() }
            for holder in holders { #expect(try holder.response().text == "served\n") }
        }
    }

    @Test func listeningNeedsAnAddressAndAFreePort() throws {
        let first = try server()
        #expect(first.port != 0)
        #expect(throws: SocketError.self) { try HTTPServer(host: "127.0.0.1", port: first.port) { _ in .text("", status: 200) } }
        #expect(throws: SocketError.self) { try HTTPServer(host: "example.com", port: 0) { _ in .text("", status: 200) } }
        let local = try HTTPServer(host: "LocalHost", port: 0) { _ in .text("", status: 200) }
        #expect(local.port != 0)
        #expect(throws: SocketError.self) { try HTTPServer(host: "127.0.0.1; rm -rf /", port: 0) { _ in .text("", status: 200) } }
    }

    @Test func responseFieldValuesCannotStartFieldsOfTheirOwn() {
        var response = PageResponse.text("x", status: 200)
        response.headers = [("Location", "/a\r\nSet-Cookie: stolen=1")]
        let head = String(decoding: ResponseHead.bytes(of: response, framing: .length(2), keepsAlive: true), as: UTF8.self)
        #expect(head.contains("Location: /a  Set-Cookie: stolen=1\r\n"))
        #expect(!head.contains("\r\nSet-Cookie"))
    }

    @Test func requestHeadsAreReadStrictly() throws {
        let head = try HTTPRequestHead(parsing: Array("GET /t?x=%20&y HTTP/1.1\r\nhOsT:  box \t\r\nConnection: Keep-Alive, Close".utf8)[...])
        #expect(head.method == "GET")
        #expect(head.path == "/t")
        #expect(head.query == "x=%20&y")
        #expect(head[field: "Host"] == "box")
        #expect(!head.keepsAlive)
        #expect(!head.hasBody)
        let withBody = try HTTPRequestHead(parsing: Array("PUT / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked".utf8)[...])
        #expect(withBody.hasBody)
        #expect(withBody.keepsAlive)
    }
}

/// Counts calls made from any thread.
final class Answered: @unchecked Sendable {
    // Safe to share: `calls` is read and written only while `lock` is held.
    private let lock = NSLock()
    private var calls = 0

    func record() {
        lock.withLock { calls += 1 }
    }

    var count: Int {
        lock.withLock { calls }
    }
}
