import BeeStore

/// Tells every open page when another connection or process commits to the served file:
/// one observation of the database (BeeStore's change detection, which notices outside
/// commits through `PRAGMA data_version`), fanned out to the server-sent event streams.
package actor ChangeBroadcaster {
    private var subscribers: [Int: AsyncStream<Void>.Continuation] = [:]
    private var nextIdentifier = 0
    private var observation: Task<Void, Never>?

    /// A broadcaster that observes nothing until ``start(observing:interval:)``.
    package init() {}

    /// Starts observing `database`, looking for outside commits every `interval` seconds.
    package func start(observing database: Database, interval: Double) {
        let changes = database.values(tables: [], externalChangeInterval: interval) { _ in 0 }
        observation = Task { [weak self] in
            // The first value comes at once, before any change. A failing read ends the
            // observation: pages then simply stop refreshing.
            do {
                for try await _ in changes.dropFirst() { await self?.publish() }
            } catch {}
        }
    }

    /// A stream with one element per change from now on.
    func subscribe() -> AsyncStream<Void> {
        let (stream, continuation) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
        let identifier = nextIdentifier
        nextIdentifier += 1
        subscribers[identifier] = continuation
        continuation.onTermination = { [weak self] _ in
            guard let self else { return }
            Task { await self.unsubscribe(identifier) }
        }
        return stream
    }

    private func unsubscribe(_ identifier: Int) {
        subscribers[identifier] = nil
    }

    private func publish() {
        for continuation in subscribers.values { continuation.yield() }
    }

    /// The server-sent event stream of a page: a comment at once (so that the browser
    /// knows it is connected), then an event `change` for each change, and a comment
    /// after 15 s without one (so that a page closed meanwhile is noticed).
    func eventStream() -> ChunkQueue {
        let changes = subscribe()
        let events = ChunkQueue(capacity: 4, idleChunk: Array(": idle\n\n".utf8))
        _ = events.offer(Array(": connected\n\n".utf8))
        let forwarding = Task {
            // A change that finds the queue full is dropped: the page reloads for the
            // ones already waiting.
            for await _ in changes {
                guard events.offer(Array("event: change\ndata: changed\n\n".utf8)) else { break }
            }
            events.finish()
        }
        events.onCancel { forwarding.cancel() }
        return events
    }
}
