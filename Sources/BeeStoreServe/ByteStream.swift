import FlyingSocks

/// A response body produced while it is sent: chunks of bytes yielded by a producer (a
/// streamed export, server-sent events) and handed to the HTTP server as they come.
struct ByteStream: AsyncBufferedSequence, Sendable {
    typealias Element = UInt8

    private let chunks: AsyncStream<[UInt8]>
    private let onChunkTaken: @Sendable () -> Void

    /// A stream of the chunks `chunks` yields; `onChunkTaken` is called as each is taken.
    init(_ chunks: AsyncStream<[UInt8]>, onChunkTaken: @escaping @Sendable () -> Void = {}) {
        self.chunks = chunks
        self.onChunkTaken = onChunkTaken
    }

    func makeAsyncIterator() -> Iterator {
        Iterator(chunks: chunks.makeAsyncIterator(), onChunkTaken: onChunkTaken)
    }

    /// Hands out the chunks whole, or byte by byte.
    struct Iterator: AsyncBufferedIteratorProtocol {
        var chunks: AsyncStream<[UInt8]>.AsyncIterator
        let onChunkTaken: @Sendable () -> Void
        var pending: ArraySlice<UInt8> = []

        mutating func next() async -> UInt8? {
            guard await refill() else { return nil }
            return pending.popFirst()
        }

        mutating func nextBuffer(suggested count: Int) async -> ArraySlice<UInt8>? {
            guard await refill() else { return nil }
            let buffer = pending.prefix(Swift.max(count, 1))
            pending = pending.dropFirst(buffer.count)
            return buffer
        }

        /// Takes the next chunk when the last one is used up; false at the end.
        private mutating func refill() async -> Bool {
            while pending.isEmpty {
                guard let chunk = await chunks.next() else { return false }
                onChunkTaken()
                pending = chunk[...]
            }
            return true
        }
    }
}
