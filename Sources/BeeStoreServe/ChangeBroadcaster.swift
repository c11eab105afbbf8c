import BeeStore
import Foundation

/// Tells every open page when another connection or process commits to a served file:
/// one observation of each database (BeeStore's change detection, which notices outside
/// commits through `PRAGMA data_version`), fanned out to the server-sent event streams.
package final class ChangeBroadcaster: @unchecked Sendable {
    // Safe to share: `streams`, `nextIdentifier` and `observations` are read and written
    // only while `lock` is held.
    private let lock = NSLock()
    private var streams: [Int: ChunkQueue] = [:]
    private var nextIdentifier = 0
    private var observations: [Task<Void, Never>] = []

    private static let connected = Array(": connected\n\n".utf8)
    private static let change = Array("event: change\ndata: changed\n\n".utf8)
    private static let idle = Array(": idle\n\n".utf8)

    /// A broadcaster that observes nothing until ``start(observing:interval:)``.
    package init() {}

    deinit {
        for observation in observations { observation.cancel() }
    }

    /// Starts observing `database` (beside the databases observed already), looking for outside commits every `interval` seconds.
    package func start(observing database: Database, interval: Double) {
        let changes = database.values(tables: [], externalChangeInterval: interval) { _ in 0 }
        let task = Task { [weak self] in
            // The first value comes at once, before any change. A failing read ends the
            // observation: pages then simply stop refreshing.
            do {
                for try await _ in changes.dropFirst() { self?.publish() }
            } catch {}
        }
        lock.withLock { observations.append(task) }
    }

    /// The server-sent event stream of a page: a comment at once (so that the browser
    /// knows it is connected), then an event `change` for each change, and a comment
    /// after 15 s without one (so that a page closed meanwhile is noticed).
    func eventStream() -> ChunkQueue {
        let events = ChunkQueue(capacity: 4, idleChunk: Self.idle)
        _ = events.offer(Self.connected)
        let identifier = lock.withLock {
            defer { nextIdentifier += 1 }
            streams[nextIdentifier] = events
            return nextIdentifier
        }
        events.onCancel { [weak self] in
            guard let self else { return }
            _ = lock.withLock { streams.removeValue(forKey: identifier) }
        }
        return events
    }

    /// Sends a change event to every open stream. A change that finds a stream's queue
    /// full is dropped: its page reloads for the ones already waiting.
    private func publish() {
        let open = lock.withLock { Array(streams.values) }
        for events in open { _ = events.offer(Self.change) }
    }
}
