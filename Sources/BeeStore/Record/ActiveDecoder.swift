import CThreadLocal

/// The record decoder at work on the current thread: the one whose record's `init(from:)`
/// runs. A record's keyed container refers to its decoder without holding it (see
/// ``RecordDecoder/ContainerReference``), and reaches it only while it is the active
/// decoder of the thread that uses the container, which then keeps it alive.
enum ActiveDecoder {
    /// The active decoder of the calling thread, as an opaque pointer (not retained).
    @inline(__always)
    static var current: UnsafeMutableRawPointer? {
        beestore_active_decoder()
    }

    /// Runs `body` with `decoder` as the calling thread's active decoder, then makes the
    /// previous one active again (a fetch inside a record's `init(from:)` nests).
    @inline(__always)
    static func run<T>(_ decoder: RecordDecoder, _ body: () throws -> T) rethrows -> T {
        let pointer = Unmanaged.passUnretained(decoder).toOpaque()
        let previous = current
        if previous == pointer { return try body() }
        beestore_set_active_decoder(pointer)
        defer { beestore_set_active_decoder(previous) }
        return try body()
    }

    /// The serial number of a decoder's containers: it tells a container from one of a
    /// decoder freed before and made again at the same address.
    static func nextSerial() -> UInt64 {
        serials.withLock { serial in
            serial += 1
            return serial
        }
    }

    private static let serials = Protected<UInt64>(0)
}
