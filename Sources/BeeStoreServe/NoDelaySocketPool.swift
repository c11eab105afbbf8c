import FlyingFox
import FlyingSocks

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The HTTP server's socket pool, with Nagle's algorithm turned off (`TCP_NODELAY`) on
/// every socket it waits on. The server writes a response's head and body in two
/// writes: with Nagle's algorithm on, a small body waits for the client to acknowledge
/// the head, and clients delay that acknowledgement by up to 40 ms.
package struct NoDelaySocketPool: AsyncSocketPool {
    private let pool: any AsyncSocketPool

    /// The platform's default pool, without Nagle's algorithm.
    package init() {
        pool = HTTPServer.defaultPool()
    }

    package func prepare() async throws {
        try await pool.prepare()
    }

    package func run() async throws {
        try await pool.run()
    }

    package func suspendSocket(_ socket: Socket, untilReadyFor events: Socket.Events) async throws {
        // Set on the listening socket too, whose accepted connections inherit it. A
        // socket that is not TCP refuses the option, which changes nothing.
        var enabled: Int32 = 1
        _ = setsockopt(socket.file.rawValue, Int32(IPPROTO_TCP), TCP_NODELAY, &enabled, socklen_t(MemoryLayout<Int32>.size))
        try await pool.suspendSocket(socket, untilReadyFor: events)
    }
}
