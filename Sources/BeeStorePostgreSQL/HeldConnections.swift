#if PostgreSQL
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The connection each thread holds for one database while it runs a closure of it, so
/// that a nested call reuses that connection and its transaction instead of waiting for a
/// second one.
// `byThread` is read and written only with `lock` held. A lock and a dictionary keyed by
// the thread's identifier cost a few hundred instructions an access, where Foundation's
// `Thread.current.threadDictionary` (bridged string keys, boxed values) cost about
// 35,000 per primary-key lookup in `postgres-benchmarks`.
final class HeldConnections: @unchecked Sendable {
    private let lock = NSLock()
    private var byThread: [pthread_t: PostgreSQLConnection] = [:]

    /// The connection the calling thread holds, if any.
    var current: PostgreSQLConnection? {
        let thread = pthread_self()
        return lock.withLock { byThread[thread] }
    }

    /// Runs `body` with `connection` held by the calling thread.
    func holding<T>(_ connection: PostgreSQLConnection, _ body: (PostgreSQLConnection) throws -> T) rethrows -> T {
        let thread = pthread_self()
        lock.withLock { byThread[thread] = connection }
        defer { lock.withLock { byThread[thread] = nil } }
        return try body(connection)
    }
}
#endif
