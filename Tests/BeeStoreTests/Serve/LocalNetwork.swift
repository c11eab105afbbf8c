#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The machine's own network addresses and plain TCP connections to them.
enum LocalNetwork {
    /// The first IPv4 address of an interface that is up and is not the loopback one, in
    /// dotted form, or nil when the machine has none.
    static func nonLoopbackIPv4Address() -> String? {
        var list: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&list) == 0 else { return nil }
        defer { freeifaddrs(list) }
        var next = list
        while let entry = next?.pointee {
            next = entry.ifa_next
            let flags = Int32(entry.ifa_flags)
            guard let address = entry.ifa_addr, address.pointee.sa_family == sa_family_t(AF_INET),
                flags & Int32(IFF_UP) != 0, flags & Int32(IFF_LOOPBACK) == 0
            else { continue }
            var text = [CChar](repeating: 0, count: Int(INET_ADDRSTRLEN))
            // `sa_family` is AF_INET, so the address is a `sockaddr_in`.
            var inet = UnsafeRawPointer(address).loadUnaligned(as: sockaddr_in.self).sin_addr
            guard inet_ntop(AF_INET, &inet, &text, socklen_t(text.count)) != nil else { continue }
            return String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
        return nil
    }

    /// Whether a TCP connection to `address` (IPv4, dotted) on `port` is accepted.
    static func acceptsConnection(to address: String, port: Int) -> Bool {
        guard let descriptor = connect(to: address, port: port, timeoutSeconds: 5) else { return false }
        close(descriptor)
        return true
    }

    /// A connected TCP socket to `address` (IPv4, dotted) on `port`, whose reads and writes
    /// give up after `timeoutSeconds`, or nil when the connection is refused. The caller closes it.
    static func connect(to address: String, port: Int, timeoutSeconds: Int) -> Int32? {
        #if canImport(Darwin)
        let descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #else
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #endif
        guard descriptor >= 0 else { return nil }
        var timeout = timeval(tv_sec: timeoutSeconds, tv_usec: 0)
        for option in [SO_RCVTIMEO, SO_SNDTIMEO] {
            setsockopt(descriptor, SOL_SOCKET, option, &timeout, socklen_t(MemoryLayout<timeval>.size))
        }
        var target = sockaddr_in()
        target.sin_family = sa_family_t(AF_INET)
        target.sin_port = in_port_t(UInt16(port).bigEndian)
        let connected = inet_pton(AF_INET, address, &target.sin_addr) == 1 && withUnsafePointer(to: &target) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                #if canImport(Darwin)
                Darwin.connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
                #else
                Glibc.connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
                #endif
            }
        }
        guard connected else {
            close(descriptor)
            return nil
        }
        return descriptor
    }
}
