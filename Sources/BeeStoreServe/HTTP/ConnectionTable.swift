import Foundation

/// The connections an ``HTTPServer`` serves, at most ``limit`` of them. A connection that
/// waits for a request head (idle between requests, or receiving one a byte at a time)
/// holds its slot only while no one else needs it: when every slot is taken, a new
/// connection takes the slot of the one that has waited longest, so that idle or trickling
/// clients cannot lock others out. Only when every slot serves a request is a new
/// connection refused.
final class ConnectionTable: @unchecked Sendable {
    // Safe to share: every stored `var` is read and written only while `lock` is held.
    private let lock = NSLock()
    /// The connections waiting for a request head, by identifier, in the order they began waiting.
    private var waiting: [Int: (socket: ConnectedSocket, order: Int)] = [:]
    private var evicted: Set<Int> = []
    private var count = 0
    private var nextIdentifier = 0
    private var nextOrder = 0

    /// The most connections served at once.
    let limit: Int

    /// A table of up to `limit` connections.
    init(limit: Int) {
        self.limit = limit
    }

    /// A connection's place in the table.
    struct Slot: Sendable {
        let table: ConnectionTable
        let identifier: Int
        let socket: ConnectedSocket

        /// The connection now waits for a request head, and may be closed to make room.
        func waitForHead() {
            table.lock.withLock {
                guard !table.evicted.contains(identifier), table.waiting[identifier] == nil else { return }
                table.markWaiting(identifier, socket)
            }
        }

        /// The connection has a request to answer; false when it was closed to make room
        /// meanwhile, and must end.
        func beginRequest() -> Bool {
            table.lock.withLock {
                table.waiting[identifier] = nil
                return !table.evicted.contains(identifier)
            }
        }

        /// The connection has ended.
        func leave() {
            table.lock.withLock {
                table.waiting[identifier] = nil
                table.evicted.remove(identifier)
                table.count -= 1
            }
        }
    }

    /// A slot for `socket`, closing the longest-waiting connection when every slot is
    /// taken; nil when every slot serves a request.
    func admit(_ socket: ConnectedSocket) -> Slot? {
        let (slot, victim): (Slot?, ConnectedSocket?) = lock.withLock {
            var victim: ConnectedSocket?
            if count - evicted.count >= limit {
                guard let oldest = waiting.min(by: { $0.value.order < $1.value.order }) else { return (nil, nil) }
                waiting[oldest.key] = nil
                evicted.insert(oldest.key)
                victim = oldest.value.socket
            }
            count += 1
            defer { nextIdentifier += 1 }
            // A new connection waits for its first head from the start, before its thread runs.
            markWaiting(nextIdentifier, socket)
            return (Slot(table: self, identifier: nextIdentifier, socket: socket), victim)
        }
        victim?.interrupt()
        return slot
    }

    /// Counts the connection `identifier` among those waiting for a head, as the latest.
    /// Call with `lock` held.
    private func markWaiting(_ identifier: Int, _ socket: ConnectedSocket) {
        waiting[identifier] = (socket, nextOrder)
        nextOrder += 1
    }
}
