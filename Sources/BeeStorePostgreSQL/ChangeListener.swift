#if PostgreSQL
import Foundation
import Logging
import NIOCore
import PostgresNIO

/// The one connection of a database that listens for BeeStore's change notifications:
/// the triggers BeeStore installs on observed tables send `pg_notify` with the table's
/// name, and PostgreSQL delivers each notification when its transaction commits, to
/// every listening connection of every server. The listener tells the observers of that
/// table. When its connection drops it opens another, then tells every observer, since
/// changes may have been missed meanwhile.
// The observers and the connection are read and written with `lock` held, and the
// notification handler runs on the connection's event loop: the class is safe to share
// although the compiler cannot see it.
final class ChangeListener: @unchecked Sendable {
    static let channel = "beestore_changes"

    private let open: @Sendable () throws -> PostgresConnection
    private let lock = NSLock()
    private var observers: [UInt64: (tables: Set<String>, notify: @Sendable () -> Void)] = [:]
    private var nextID: UInt64 = 0
    private var connection: PostgresConnection?
    private var isClosed = false

    /// A listener whose connections `open` makes.
    init(open: @escaping @Sendable () throws -> PostgresConnection) {
        self.open = open
    }

    /// Calls `notify` after each commit that changed one of `tables`, until
    /// ``remove(_:)``; the listener is listening when the call returns.
    func add(tables: Set<String>, notify: @escaping @Sendable () -> Void) throws -> UInt64 {
        try startIfNeeded()
        return lock.withLock {
            nextID += 1
            observers[nextID] = (tables, notify)
            return nextID
        }
    }

    func remove(_ id: UInt64) {
        lock.withLock { observers[id] = nil }
    }

    /// Stops listening for good.
    func close() {
        let connection = lock.withLock {
            isClosed = true
            return self.connection
        }
        if let connection { ServerSession.close(connection) }
    }

    deinit {
        if let connection { ServerSession.close(connection) }
    }

    private func startIfNeeded() throws {
        guard lock.withLock({ self.connection == nil && !isClosed }) else { return }
        let connection = try open()
        connection.addListener(channel: Self.channel) { [weak self] _, notification in
            self?.changed(table: notification.payload)
        }
        // The channel runs its tasks in order: once this query is answered, LISTEN is in place.
        _ = try connection.query(PostgresQuery(unsafeSQL: ServerStatements.roundTrip), logger: connection.logger).wait()
        let kept = lock.withLock { () -> Bool in
            guard self.connection == nil, !isClosed else { return false }
            self.connection = connection
            return true
        }
        guard kept else {
            ServerSession.close(connection)
            return
        }
        connection.closeFuture.whenComplete { [weak self] _ in self?.connectionClosed() }
    }

    private func changed(table: String) {
        let matching = lock.withLock { observers.values.filter { $0.tables.contains(table) }.map(\.notify) }
        for notify in matching { notify() }
    }

    /// Opens another connection (on a thread of its own, away from the event loop that
    /// reported the close), then tells every observer.
    private func connectionClosed() {
        lock.withLock { connection = nil }
        Thread { [weak self] in
            while let self, !self.lock.withLock({ self.isClosed }) {
                do {
                    try self.startIfNeeded()
                    let everyone = self.lock.withLock { self.observers.values.map(\.notify) }
                    for notify in everyone { notify() }
                    return
                } catch {
                    Thread.sleep(forTimeInterval: 0.2)
                }
            }
        }.start()
    }
}
#endif
