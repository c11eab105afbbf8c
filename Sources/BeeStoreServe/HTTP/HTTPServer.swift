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
    private let connections: ConnectionTable

    /// The most connections served at once (see ``ConnectionTable``); a connection finding
    /// every slot serving a request is answered 503 and closed at once.
    static let maximumConnections = 256

    /// Listens on `host` (an IPv4 or IPv6 address) and `port` (0: one the system chooses),
    /// answering each request with `handler`'s response; call ``start()`` to serve.
    package convenience init(host: String, port: UInt16, handler: BrowseHandler) throws {
        try self.init(host: host, port: port) { handler.respond(to: $0) }
    }

    /// A server answering with `respond`, serving up to `maximumConnections` at once.
    init(
        host: String, port: UInt16, maximumConnections: Int = HTTPServer.maximumConnections,
        respond: @escaping @Sendable (HTTPRequestHead) -> PageResponse
    ) throws {
        socket = try ListeningSocket(host: host, port: port)
        connections = ConnectionTable(limit: maximumConnections)
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

    /// Serves `connection` on a new thread, or refuses it at once when every slot serves
    /// a request: the accept thread never waits for a client.
    private func serve(_ connection: ConnectedSocket) {
        guard let slot = connections.admit(connection) else {
            HTTPConnection.refuse(.text("too many connections: try again", status: 503), on: connection)
            return
        }
        let handler = HTTPConnection(slot: slot, respond: respond)
        let thread = Thread {
            handler.serve()
            slot.leave()
        }
        thread.stackSize = 1 << 20
        thread.start()
    }
}
