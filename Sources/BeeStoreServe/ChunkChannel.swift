import BeeStore
import Foundation

/// The bridge from a thread that writes a streamed response (an export, as SQLite steps
/// its rows) to the connection that sends it: chunks of about 64 KiB, at most
/// ``capacity`` of them waiting. When the client goes away, the next write throws and
/// the statement stops.
final class ChunkChannel: ByteOutput, @unchecked Sendable {
    // Safe to share: `pending` is touched only by the one writing thread (writes, then
    // `finish`); `body` is thread-safe.
    private var pending: [UInt8] = []

    /// The most chunks that wait to be sent.
    static let capacity = 8
    private static let chunkSize = 1 << 16

    /// The body the server sends: what the writer writes, as it writes it.
    let body = ChunkQueue(capacity: ChunkChannel.capacity)

    func write(_ bytes: UnsafeRawBufferPointer) throws {
        pending.append(contentsOf: bytes)
        if pending.count >= Self.chunkSize { try flush() }
    }

    /// Sends what is left and ends the body.
    func finish() {
        try? flush()
        body.finish()
    }

    /// Ends the body as incomplete: the writer failed with `error`.
    func abort(because error: any Error) {
        body.abort(because: error)
    }

    private func flush() throws {
        guard !pending.isEmpty else { return }
        guard body.put(pending) else { throw CancellationError() }
        pending.removeAll(keepingCapacity: true)
    }
}
