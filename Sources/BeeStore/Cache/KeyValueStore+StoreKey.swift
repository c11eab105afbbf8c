import Foundation

extension KeyValueStore {
    /// The value of a typed key (stored, else its registered default), or nil. Throws
    /// ``CacheError/decodingFailed(key:type:reason:)`` when the bytes are not a `T`.
    public func value<T>(for key: StoreKey<T>) throws -> T? {
        try value(forKey: key.name, as: T.self)
    }

    /// Stores the value of a typed key, durably, then notifies its observers.
    public func setValue<T>(_ value: T, for key: StoreKey<T>) throws {
        try setValue(ValueCoding.encode(value, forKey: key.name), forKey: key.name)
    }

    /// Removes the value of a typed key.
    public func removeValue<T>(for key: StoreKey<T>) throws {
        try removeValue(forKey: key.name)
    }

    /// The value of a typed key, as ``value(for:)``.
    public subscript<T>(key: StoreKey<T>) -> T? {
        get throws { try value(for: key) }
    }

    /// Calls `handler` with the new value of a typed key after each of its changes (nil
    /// when it has no value any more, or its bytes are not a `T`), on the writer's thread,
    /// until the returned observation is cancelled or released.
    public func observe<T: Sendable>(_ key: StoreKey<T>, _ handler: @escaping @Sendable (T?) -> Void) -> StoreObservation {
        observe(key.name) { data in
            handler(data.flatMap { try? ValueCoding.decode(T.self, from: $0, forKey: key.name) })
        }
    }

    /// The new value of a typed key after each of its changes, until the iteration stops.
    public func changes<T: Sendable>(for key: StoreKey<T>) -> AsyncStream<T?> {
        stream { observe(key, $0) }
    }
}
