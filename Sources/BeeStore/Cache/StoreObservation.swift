import Foundation

/// A registration for change notifications of a ``KeyValueStore`` key. Notifications stop
/// when it is cancelled or released: keep it as long as you want them.
public final class StoreObservation: Sendable {
    private let cancellation: @Sendable () -> Void

    init(cancellation: @escaping @Sendable () -> Void) {
        self.cancellation = cancellation
    }

    deinit {
        cancellation()
    }

    /// Stops the notifications. Cancelling twice does nothing more.
    public func cancel() {
        cancellation()
    }
}

/// The change handlers of a key-value table, by namespace and key.
final class ChangeObservers: Sendable {
    private struct Subject: Hashable {
        let namespace: String
        let key: String
    }

    private let handlers = Protected((nextIdentifier: 0, bySubject: [Subject: [Int: @Sendable (Data?) -> Void]]()))

    /// Registers `handler` for changes of `key` in `namespace`.
    func add(
        namespace: String, key: String, _ handler: @escaping @Sendable (Data?) -> Void
    ) -> StoreObservation {
        let subject = Subject(namespace: namespace, key: key)
        let identifier = handlers.withLock { handlers in
            handlers.nextIdentifier += 1
            handlers.bySubject[subject, default: [:]][handlers.nextIdentifier] = handler
            return handlers.nextIdentifier
        }
        return StoreObservation { [weak self] in
            self?.handlers.withLock { handlers in
                handlers.bySubject[subject]?[identifier] = nil
                if handlers.bySubject[subject]?.isEmpty == true {
                    handlers.bySubject[subject] = nil
                }
            }
        }
    }

    /// Calls the handlers of `key` in `namespace` with its new value, outside the lock.
    func notify(namespace: String, key: String, value: Data?) {
        let current = handlers.withLock { $0.bySubject[Subject(namespace: namespace, key: key)].map { Array($0.values) } }
        for handler in current ?? [] {
            handler(value)
        }
    }
}
