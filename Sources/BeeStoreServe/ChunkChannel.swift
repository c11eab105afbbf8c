import BeeStore
import Foundation

/// The bridge from a thread that writes a streamed response (an export, as SQLite steps
/// its rows) to the HTTP server that sends it: chunks of about 64 KiB, at most
/// ``capacity`` of them waiting, so that a slow client slows the writer instead of
/// filling memory. When the client goes away, the next write throws and the statement stops.
final class ChunkChannel: ByteOutput, @unchecked Sendable {
    // Safe to share: `pending` is touched only by the one writing thread (writes, then
    // `finish`), `continuation` and `credits` are thread-safe, and `isCancelled` is
    // guarded by `lock`.
    private let continuation: AsyncStream<[UInt8]>.Continuation
    private let credits = DispatchSemaphore(value: ChunkChannel.capacity)
    private let lock = NSLock()
    private var cancelled = false
    private var pending: [UInt8] = []

    /// The most chunks that wait to be sent.
    static let capacity = 8
    private static let chunkSize = 1 << 16

    /// The body the server sends: what the writer writes, as it writes it.
    let body: ByteStream

    /// A channel; hand ``body`` to the response and write from another thread.
    init() {
        let (stream, continuation) = AsyncStream<[UInt8]>.makeStream()
        self.continuation = continuation
        let credits = self.credits
        body = ByteStream(stream, onChunkTaken: { credits.signal() })
        continuation.onTermination = { [weak self] _ in self?.cancel() }
    }

    func write(_ bytes: UnsafeRawBufferPointer) throws {
        pending.append(contentsOf: bytes)
        if pending.count >= Self.chunkSize { try flush() }
    }

    /// Sends what is left and ends the body.
    func finish() {
        try? flush()
        continuation.finish()
    }

    private func flush() throws {
        guard !pending.isEmpty else { return }
        credits.wait()
        guard !isCancelled else { throw CancellationError() }
        continuation.yield(pending)
        pending.removeAll(keepingCapacity: true)
    }

    private var isCancelled: Bool {
        lock.withLock { cancelled }
    }

    private func cancel() {
        lock.withLock { cancelled = true }
        credits.signal()
    }
}
