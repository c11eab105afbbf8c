/// The small interface every BeeStore cache shares, so that code (a model persisting
/// its state, for example) can take any of them: ``MemoryCache``, ``FileCache``,
/// ``KeyValueStore`` or the two-level ``Cache``.
///
/// ```swift
/// func remember(_ token: Data, in cache: some KeyValueCache<String, Data>) throws {
///     try cache.setValue(token, forKey: "token")
/// }
/// ```
public protocol KeyValueCache<Key, Value>: AnyObject {
    /// The type of the keys.
    associatedtype Key: Hashable
    /// The type of the values.
    associatedtype Value

    /// The value stored for `key`, or nil when there is none (or it expired).
    func value(forKey key: Key) throws -> Value?

    /// Stores `value` for `key`, replacing any previous value.
    func setValue(_ value: Value, forKey key: Key) throws

    /// Removes the value stored for `key`, if any.
    func removeValue(forKey key: Key) throws

    /// Removes every value.
    func removeAll() throws

    /// Whether a value is stored for `key` (one that has not expired).
    func contains(_ key: Key) throws -> Bool
}
