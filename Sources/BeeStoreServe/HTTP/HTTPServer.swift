import Foundation

/// The HTTP/1.1 server of the browser interface, on the operating system's sockets: one
/// thread accepts connections and each connection is served on a thread of its own (see
/// ``HTTPConnection``), which also makes its pages, so a page that waits for the
/// database holds only its own thread, never one that Swift's tasks share.
/// The pages answer `GET` requests on a local machine; this server reads request heads
/// (never bodies), keeps connections alive, and streams bodies in chunks.
package final class HTTPServer: Sendable {
    private let socket: ListeningSocket
    private let respond: @Sendable (HTTPRequestHead) -> PageResponse
    private let openConnections = ConnectionCount()

    /// The most connections served at once; more are answered 503 and closed.
    static let maximumConnections = 256

    /// Listens on `host` (an IPv4 or IPv6 address) and `port` (0: one the system chooses),
    /// answering each request with `handler`'s response; call ``start()`` to serve.
    package convenience init(host: String, port: UInt16, handler: BrowseHandler) throws {
        try self.init(host: host, port: port) { handler.respond(to: $0) }
    }

    /// A server answering with `respond`.
    init(host: String, port: UInt16, respond: @escaping @Sendable (HTTPRequestHead) -> PageResponse) throws {
        socket = try ListeningSocket(host: host, port: port)
        self.respond = respond
    }

    /// The port the server listens on.
    package var port: UInt16 { socket.port }

    /// Starts accepting connections on a thread of its own, and returns.
    package func start() {
        let thread = Thread { [self] in
            while true {
                guard let connection = socket.accept() else {
                    // Out of descriptors, most likely: give the open connections a moment
                    // to end instead of failing again at once.
                    Thread.sleep(forTimeInterval: 0.05)
                    continue
                }
                serve(connection)
            }
        }
        thread.name = "HTTP accept"
        thread.start()
    }

    /// Serves `connection` on a new thread, or refuses it when too many are open.
    private func serve(_ connection: ConnectedSocket) {
        let handler = HTTPConnection(socket: connection, respond: respond)
        guard openConnections.enter(limit: Self.maximumConnections) else {
            connection.setTimeout(seconds: 1)
            handler.refuse(.text("too many connections: try again", status: 503))
            connection.finish()
            return
        }
        let counter = openConnections
        let thread = Thread {
            handler.serve()
            counter.leave()
        }
        thread.stackSize = 1 << 20
        thread.start()
    }

    /// How many connections are being served.
    private final class ConnectionCount: @unchecked Sendable {
        // Safe to share: `count` is read and written only while `lock` is held.
        private let lock = NSLock()
        private var count = 0

        /// Counts one more connection unless `limit` are open; false then.
        func enter(limit: Int) -> Bool {
            lock.withLock {
                guard count < limit else { return false }
                count += 1
                return true
            }
        }

        /// Counts one connection fewer.
        func leave() {
            lock.withLock { count -= 1 }
        }
    }
}
