import Foundation

/// Where streamed output goes: standard output, a file, or memory. Writers hand it
/// chunks of bytes, in order.
public protocol ByteOutput: AnyObject {
    /// Writes `bytes` after those written before.
    func write(_ bytes: UnsafeRawBufferPointer) throws
}

extension FileHandle: ByteOutput {
    /// Writes `bytes` to the file, or throws the file system's error.
    public func write(_ bytes: UnsafeRawBufferPointer) throws {
        try write(contentsOf: Data(bytes))
    }
}

/// Output kept in memory, for results wanted as a string.
public final class ByteCollector: ByteOutput {
    /// The bytes written so far.
    public private(set) var bytes: [UInt8] = []

    /// An empty collector.
    public init() {}

    /// Appends `bytes`.
    public func write(_ bytes: UnsafeRawBufferPointer) {
        self.bytes.append(contentsOf: bytes)
    }

    /// The bytes written so far as text (invalid UTF-8 repaired with U+FFFD).
    public var text: String {
        String(decoding: bytes, as: UTF8.self)
    }
}
