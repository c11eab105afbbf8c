import BenchmarkSupport
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A new IPv4 TCP socket's descriptor.
func makeTCPSocket() throws -> Int32 {
    #if canImport(Glibc)
    let streamType = Int32(SOCK_STREAM.rawValue)
    #else
    let streamType = SOCK_STREAM
    #endif
    let descriptor = socket(AF_INET, streamType, 0)
    guard descriptor >= 0 else { throw BenchmarkFailure("socket: errno \(errno)") }
    return descriptor
}

/// The address of `port` on 127.0.0.1.
func loopbackAddress(port: UInt16) -> sockaddr_in {
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    return address
}
