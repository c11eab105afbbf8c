import Foundation

/// A response body produced while it is sent: chunks of bytes handed from their producer
/// (a thread writing an export, the change broadcaster) to the connection's thread, which
/// sends them. At most `capacity` chunks wait, so that a slow client slows the producer
/// instead of filling memory; when the client goes away, the connection cancels the
/// queue, which stops the producer.
final class ChunkQueue: @unchecked Sendable {
    // Safe to share: every stored `var` is read and written only with `condition` locked.
    private let condition = NSCondition()
    private var chunks: [[UInt8]] = []
    private var isFinished = false
    private var failure: (any Error)?
    private var isCancelled = false
    private var cancellationHandler: (@Sendable () -> Void)?
    private let capacity: Int
    private let idleChunk: [UInt8]?
    private let idleInterval: TimeInterval

    /// A queue holding up to `capacity` chunks. With an `idleChunk`, ``next()`` hands it
    /// out when nothing came for `idleInterval` seconds (a comment in an event stream,
    /// which finds out that a client left even when nothing changes).
    init(capacity: Int, idleChunk: [UInt8]? = nil, idleInterval: TimeInterval = 15) {
        self.capacity = capacity
        self.idleChunk = idleChunk
        self.idleInterval = idleInterval
    }

    /// Adds `chunk`, waiting while `capacity` chunks wait already; false when the client
    /// has gone, and the chunk will never be sent.
    func put(_ chunk: [UInt8]) -> Bool {
        condition.withLock {
            while chunks.count >= capacity && !isCancelled { condition.wait() }
            guard !isCancelled else { return false }
            chunks.append(chunk)
            condition.broadcast()
            return true
        }
    }

    /// Adds `chunk` unless `capacity` chunks wait already, in which case it is dropped;
    /// never waits. False when the client has gone.
    func offer(_ chunk: [UInt8]) -> Bool {
        condition.withLock {
            guard !isCancelled else { return false }
            if chunks.count < capacity {
                chunks.append(chunk)
                condition.broadcast()
            }
            return true
        }
    }

    /// Ends the body after the chunks added so far.
    func finish() {
        condition.withLock {
            isFinished = true
            condition.broadcast()
        }
    }

    /// Ends the body after the chunks added so far as incomplete: the producer failed with
    /// `error`, and the connection must tell the client so rather than end the body normally.
    func abort(because error: any Error) {
        condition.withLock {
            isFinished = true
            failure = error
            condition.broadcast()
        }
    }

    /// Whether the producer ended the body with ``abort(because:)``.
    var wasAborted: Bool {
        condition.withLock { failure != nil }
    }

    /// Waits until the first chunk is ready or the body ends, and returns the producer's
    /// failure if it failed by then: before anything is sent, a failure can still be
    /// answered with a status of its own.
    func failureBeforeFirstChunk() -> (any Error)? {
        condition.withLock {
            while chunks.isEmpty && !isFinished && !isCancelled { condition.wait() }
            return failure
        }
    }

    /// The next chunk, waiting for it; nil at the end of the body or once cancelled.
    func next() -> [UInt8]? {
        condition.withLock {
            while chunks.isEmpty && !isFinished && !isCancelled {
                guard let idleChunk else {
                    condition.wait()
                    continue
                }
                let signalled = condition.wait(until: Date(timeIntervalSinceNow: idleInterval))
                if !signalled && chunks.isEmpty && !isFinished && !isCancelled { return idleChunk }
            }
            guard !isCancelled, !chunks.isEmpty else { return nil }
            let chunk = chunks.removeFirst()
            condition.broadcast()
            return chunk
        }
    }

    /// Every chunk up to the end of the body, joined.
    func drain() -> [UInt8] {
        var bytes: [UInt8] = []
        while let chunk = next() { bytes += chunk }
        return bytes
    }

    /// Stops the body: the producer's next ``put(_:)`` or ``offer(_:)`` returns false,
    /// and the handler given to ``onCancel(_:)`` runs.
    func cancel() {
        let handler: (@Sendable () -> Void)? = condition.withLock {
            guard !isCancelled else { return nil }
            isCancelled = true
            chunks.removeAll()
            condition.broadcast()
            return cancellationHandler
        }
        handler?()
    }

    /// Runs `handler` when the queue is cancelled, at once if it is already.
    func onCancel(_ handler: @escaping @Sendable () -> Void) {
        let cancelled = condition.withLock {
            cancellationHandler = handler
            return isCancelled
        }
        if cancelled { handler() }
    }
}
