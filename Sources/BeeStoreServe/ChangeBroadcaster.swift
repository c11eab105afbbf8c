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
    /// knows it is connected), then an event `change` for each change.
    func eventStream() -> ByteStream {
        let changes = subscribe()
        let (chunks, continuation) = AsyncStream<[UInt8]>.makeStream()
        let forwarding = Task {
            continuation.yield(Array(": connected\n\n".utf8))
            for await _ in changes { continuation.yield(Array("event: change\ndata: changed\n\n".utf8)) }
            continuation.finish()
        }
        continuation.onTermination = { _ in forwarding.cancel() }
        return ByteStream(chunks)
    }
}
