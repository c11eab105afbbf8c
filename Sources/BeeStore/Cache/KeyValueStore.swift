import Foundation

/// Persistent settings in SQLite, {Bee}'s `BeeUserDefaults`: `Codable` values by key,
/// in namespaces (one per user, say), with registered defaults and change notifications.
///
/// Every write is committed when the call returns. A store in its own file syncs every
/// commit to disk (`synchronous = FULL`), so a write that returned survives a power loss;
/// a store in an existing database is as durable as that database's configuration.
///
/// ```swift
/// let settings = try KeyValueStore(path: "settings.sqlite")
/// try settings.register(defaults: ["theme": "light"])
/// try settings.setValue("dark", forKey: "theme")
/// let theme = try settings.value(forKey: "theme", as: String.self)  // "dark"
/// let ada = settings.inNamespace("user-42")
/// ```
///
/// Values are stored as their JSON encoding (`Data` as it is) in a table with the columns
/// `namespace`, `key` and `value`, readable by any SQLite client.
public final class KeyValueStore: KeyValueCache, Sendable {
    /// The default name of the store's table.
    public static let defaultTableName = "key_value_store"

    /// The namespace this store reads and writes (`""` for the default one).
    public let namespace: String

    let table: KeyValueTable

    /// Opens (or creates) a store in its own database file at `path`, syncing every commit to disk.
    public convenience init(path: String) throws {
        var configuration = Configuration()
        configuration.synchronous = .full
        try self.init(database: Database(path: path, configuration: configuration))
    }

    /// Opens a store kept in the table `table` of an existing database, creating the table
    /// if needed. Throws a ``DatabaseError`` when it cannot be created.
    public convenience init(database: Database, table: String = KeyValueStore.defaultTableName) throws {
        self.init(table: try KeyValueTable(database: database, name: table), namespace: "")
    }

    private init(table: KeyValueTable, namespace: String) {
        self.table = table
        self.namespace = namespace
    }

    /// The same store, reading and writing the namespace `name` instead: its keys, values
    /// and defaults are separate from every other namespace's.
    public func inNamespace(_ name: String) -> KeyValueStore {
        KeyValueStore(table: table, namespace: name)
    }

    /// The bytes stored for `key`, or its registered default, or nil.
    public func value(forKey key: String) throws -> Data? {
        try table.storedValue(namespace: namespace, key: key) ?? table.defaultValue(namespace: namespace, key: key)
    }

    /// Stores `data` for `key`, durably, then notifies the key's observers.
    public func setValue(_ data: Data, forKey key: String) throws {
        try table.store(data, namespace: namespace, key: key)
        table.observers.notify(namespace: namespace, key: key, value: data)
    }

    /// Removes the value stored for `key` (its registered default, if any, shows again),
    /// then notifies the key's observers if there was one.
    public func removeValue(forKey key: String) throws {
        guard try table.delete(namespace: namespace, key: key) else { return }
        notifyRemoval(of: key)
    }

    /// Removes every value of this namespace (other namespaces keep theirs), then notifies
    /// the observers of each removed key.
    public func removeAll() throws {
        for key in try table.deleteAll(namespace: namespace) {
            notifyRemoval(of: key)
        }
    }

    /// Whether `key` has a stored value or a registered default.
    public func contains(_ key: String) throws -> Bool {
        try value(forKey: key) != nil
    }

    /// The keys with a stored value in this namespace, sorted (registered defaults not included).
    public var allKeys: [String] {
        get throws { try table.keys(namespace: namespace) }
    }

    /// The bytes stored for `key`, as ``value(forKey:)``.
    public subscript(key: String) -> Data? {
        get throws { try value(forKey: key) }
    }

    /// Registers values to read for keys that have none stored in this namespace,
    /// replacing earlier defaults of the same keys. Defaults are not persisted: register
    /// them each time the store opens. Throws ``CacheError/encodingFailed(key:type:reason:)``.
    public func register(defaults: [String: any Encodable]) throws {
        var encoded: [String: Data] = [:]
        for (key, value) in defaults {
            encoded[key] = try ValueCoding.encode(value, forKey: key)
        }
        table.register(encoded, namespace: namespace)
    }

    /// Calls `handler` with the new bytes of `key` (nil when it has no value any more)
    /// after each write or removal of it made through this store or its namespaces, on
    /// the writer's thread, until the returned observation is cancelled or released.
    public func observe(_ key: String, _ handler: @escaping @Sendable (Data?) -> Void) -> StoreObservation {
        table.observers.add(namespace: namespace, key: key, handler)
    }

    /// The new bytes of `key` after each of its changes, as ``observe(_:_:)-(String,_)`` reports them,
    /// until the iteration stops.
    public func changes(forKey key: String) -> AsyncStream<Data?> {
        stream { observe(key, $0) }
    }

    /// A stream fed by an observation that lasts as long as the stream is iterated.
    func stream<Element: Sendable>(
        _ observe: (@escaping @Sendable (Element) -> Void) -> StoreObservation
    ) -> AsyncStream<Element> {
        let (stream, continuation) = AsyncStream.makeStream(of: Element.self)
        let observation = observe { continuation.yield($0) }
        continuation.onTermination = { _ in observation.cancel() }
        return stream
    }

    private func notifyRemoval(of key: String) {
        table.observers.notify(namespace: namespace, key: key, value: table.defaultValue(namespace: namespace, key: key))
    }
}
