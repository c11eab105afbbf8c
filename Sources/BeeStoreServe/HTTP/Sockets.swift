#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A socket the server could not set up: an address it cannot listen on, or a call the
/// operating system refused.
package struct SocketError: Error, CustomStringConvertible {
    package let description: String

    /// The failure of `action` (such as "listen on 127.0.0.1 port 8001") with `errno` `code`.
    init(action: String, code: Int32) {
        description = "cannot \(action): \(String(cString: strerror(code)))"
    }

    /// A failure described by `description`.
    init(description: String) {
        self.description = description
    }
}

/// A TCP socket listening on one IPv4 or IPv6 address.
final class ListeningSocket: Sendable {
    /// The socket's file descriptor.
    let descriptor: Int32
    /// The port it listens on (the one the system chose when asked for port 0).
    let port: UInt16

    /// Listens on `host`, an IPv4 address such as `127.0.0.1`, an IPv6 one such as `::1`,
    /// or `localhost`, and `port`; 0 lets the system choose a free port.
    init(host: String, port: UInt16) throws {
        let address = try SocketAddress(host: host, port: port)
        let descriptor = socket(address.family, SocketAddress.streamType, 0)
        guard descriptor >= 0 else { throw SocketError(action: "create a socket", code: errno) }
        var enabled: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &enabled, socklen_t(MemoryLayout<Int32>.size))
        guard address.bind(descriptor) == 0 else {
            let code = errno
            close(descriptor)
            throw SocketError(action: "listen on \(host) port \(port)", code: code)
        }
        guard listen(descriptor, 128) == 0 else {
            let code = errno
            close(descriptor)
            throw SocketError(action: "listen on \(host) port \(port)", code: code)
        }
        self.descriptor = descriptor
        self.port = SocketAddress.boundPort(of: descriptor) ?? port
    }

    deinit {
        close(descriptor)
    }

    /// The next connection, waiting for one; nil when the system could not accept it
    /// (the connection was reset meanwhile, or the process has no descriptor left).
    func accept() -> ConnectedSocket? {
        while true {
            #if canImport(Darwin)
            let connection = Darwin.accept(descriptor, nil, nil)
            #elseif canImport(Musl)
            let connection = Musl.accept(descriptor, nil, nil)
            #else
            let connection = Glibc.accept(descriptor, nil, nil)
            #endif
            if connection >= 0 { return ConnectedSocket(descriptor: connection) }
            if errno != EINTR { return nil }
        }
    }
}

/// One accepted TCP connection, closed when released.
final class ConnectedSocket: Sendable {
    private let descriptor: Int32

    /// Takes ownership of `descriptor`: small writes go out at once (`TCP_NODELAY`), and
    /// writing to a connection the client closed fails instead of raising `SIGPIPE`.
    init(descriptor: Int32) {
        self.descriptor = descriptor
        var enabled: Int32 = 1
        setsockopt(descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &enabled, socklen_t(MemoryLayout<Int32>.size))
        #if canImport(Darwin)
        setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &enabled, socklen_t(MemoryLayout<Int32>.size))
        #endif
    }

    deinit {
        close(descriptor)
    }

    /// Makes reads give up after `seconds` without data, and writes after `seconds`
    /// without progress.
    func setTimeout(seconds: Int) {
        var timeout = timeval(tv_sec: seconds, tv_usec: 0)
        for option in [SO_RCVTIMEO, SO_SNDTIMEO] {
            setsockopt(descriptor, SOL_SOCKET, option, &timeout, socklen_t(MemoryLayout<timeval>.size))
        }
    }

    /// Makes reads give up after `interval` seconds without data (at least a millisecond).
    func setReceiveTimeout(_ interval: Double) {
        let microseconds = max(1_000, Int((interval * 1e6).rounded(.up)))
        var timeout = timeval(tv_sec: microseconds / 1_000_000, tv_usec: .init(microseconds % 1_000_000))
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    }

    /// Stops the connection both ways at once: a thread blocked reading it wakes up and
    /// finds its end.
    func interrupt() {
        shutdown(descriptor, Int32(SHUT_RDWR))
    }

    /// Appends what arrives to `buffer`: false when the client closed the connection, the
    /// read timed out or failed.
    func read(appendingTo buffer: inout [UInt8]) -> Bool {
        var chunk = [UInt8](repeating: 0, count: 16_384)
        while true {
            let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count > 0 {
                buffer.append(contentsOf: chunk[..<count])
                return true
            }
            if count < 0, errno == EINTR { continue }
            return false
        }
    }

    /// Ends the connection gracefully: stops sending, then reads and drops what the client
    /// still sends (a request body, pipelined requests: up to 64 MiB, while it keeps coming
    /// within a second), so that the system does not reset the connection, which could
    /// destroy the last response before the client reads it.
    func finish() {
        shutdown(descriptor, Int32(SHUT_WR))
        var timeout = timeval(tv_sec: 1, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var discarded: [UInt8] = []
        var total = 0
        while total < 1 << 26, read(appendingTo: &discarded) {
            total += discarded.count
            discarded.removeAll(keepingCapacity: true)
        }
    }

    /// Ends the connection abruptly: the system sends a reset instead of the normal end
    /// when the descriptor closes, so that the client sees the response as incomplete.
    func reset() {
        var immediately = linger(l_onoff: 1, l_linger: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_LINGER, &immediately, socklen_t(MemoryLayout<linger>.size))
    }

    /// Writes all of `bytes`: false when the client is gone or stopped reading.
    func write(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { buffer in
            guard let start = buffer.baseAddress else { return true }
            var sent = 0
            while sent < buffer.count {
                let count = send(descriptor, start + sent, buffer.count - sent, SocketAddress.noSignal)
                if count > 0 {
                    sent += count
                } else if count < 0, errno == EINTR {
                    continue
                } else {
                    return false
                }
            }
            return true
        }
    }
}

/// An IPv4 or IPv6 address and port, in the form `bind` takes.
private enum SocketAddress {
    case ip4(sockaddr_in)
    case ip6(sockaddr_in6)

    #if canImport(Darwin)
    static let streamType = SOCK_STREAM
    /// `send` flags: Darwin sockets refuse `SIGPIPE` through `SO_NOSIGPIPE` instead.
    static let noSignal: Int32 = 0
    #else
    static let streamType = Int32(SOCK_STREAM.rawValue)
    static let noSignal = Int32(MSG_NOSIGNAL)
    #endif

    /// The address of `host`, an IPv4 or IPv6 literal, or `localhost` (127.0.0.1); other
    /// names are not looked up.
    init(host: String, port: UInt16) throws {
        let host = host.lowercased() == "localhost" ? "127.0.0.1" : host
        var ip4 = sockaddr_in()
        if inet_pton(AF_INET, host, &ip4.sin_addr) == 1 {
            ip4.sin_family = sa_family_t(AF_INET)
            ip4.sin_port = in_port_t(port.bigEndian)
            #if canImport(Darwin)
            ip4.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
            #endif
            self = .ip4(ip4)
            return
        }
        var ip6 = sockaddr_in6()
        if inet_pton(AF_INET6, host, &ip6.sin6_addr) == 1 {
            ip6.sin6_family = sa_family_t(AF_INET6)
            ip6.sin6_port = in_port_t(port.bigEndian)
            #if canImport(Darwin)
            ip6.sin6_len = UInt8(MemoryLayout<sockaddr_in6>.size)
            #endif
            self = .ip6(ip6)
            return
        }
        throw SocketError(description: "cannot listen on \(host): give an IPv4 or IPv6 address, such as 127.0.0.1 or ::1")
    }

    var family: Int32 {
        switch self {
        case .ip4: AF_INET
        case .ip6: AF_INET6
        }
    }

    /// Binds `descriptor` to this address; the result of `bind`.
    func bind(_ descriptor: Int32) -> Int32 {
        switch self {
        case .ip4(var address):
            return withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    systemBind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
        case .ip6(var address):
            return withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    systemBind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in6>.size))
                }
            }
        }
    }

    /// The port `descriptor` is bound to, whichever its family.
    static func boundPort(of descriptor: Int32) -> UInt16? {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let found = withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) == 0 }
        }
        guard found else { return nil }
        // The family says which of the two structures the storage holds.
        let family = Int32(storage.ss_family)
        return withUnsafeBytes(of: &storage) { bytes in
            switch family {
            case AF_INET: UInt16(bigEndian: bytes.loadUnaligned(as: sockaddr_in.self).sin_port)
            case AF_INET6: UInt16(bigEndian: bytes.loadUnaligned(as: sockaddr_in6.self).sin6_port)
            default: nil
            }
        }
    }
}

/// The system's `bind`, which the address type's own method name hides.
private func systemBind(_ descriptor: Int32, _ address: UnsafePointer<sockaddr>, _ length: socklen_t) -> Int32 {
    #if canImport(Darwin)
    Darwin.bind(descriptor, address, length)
    #elseif canImport(Musl)
    Musl.bind(descriptor, address, length)
    #else
    Glibc.bind(descriptor, address, length)
    #endif
}
