import Foundation

/// A two-level cache: a ``MemoryCache`` in front of a ``FileCache``, with the same interface.
///
/// Reads try memory first, then the file cache, and fill memory with what they find;
/// writes go to the file cache, then to memory. A file value that does not decode as
/// `Value` is removed and is a miss. Concurrent misses for one key read (or,
/// with ``value(forKey:orLoad:)``, load) it once: the other threads wait for that result.
///
/// ```swift
/// let avatars = try Cache<Avatar>(
///     memory: MemoryCache(costLimit: 20 << 20),
///     file: FileCache(directory: cachesURL.appendingPathComponent("avatars"), byteLimit: 200 << 20))
/// let avatar = try avatars.value(forKey: userID) { try downloadAvatar(userID) }
/// ```
public final class Cache<Value: Codable & Sendable>: KeyValueCache, Sendable {
    /// The memory level; its entries cost their encoded size in bytes.
    public let memory: MemoryCache<String, Value>
    /// The file level.
    public let file: FileCache

    private let reads = SingleFlight<String, Value?>()
    private let loads = SingleFlight<String, Value>()
    /// Counts writes, so that a read that raced with a write does not fill memory with the older value.
    private let writeCount = Protected(0)

    /// A cache over the given levels.
    public init(memory: MemoryCache<String, Value> = MemoryCache(), file: FileCache) {
        self.memory = memory
        self.file = file
    }

    /// The value for `key` from memory, else from the file cache (then kept in memory), else nil.
    public func value(forKey key: String) throws -> Value? {
        if let value = memory.value(forKey: key) {
            return value
        }
        return try reads.run(key) { try fileValue(forKey: key) }
    }

    /// The value for `key` from either level; when neither has it, `load` makes it (once,
    /// however many threads ask at the same time) and it is stored in both levels.
    public func value(forKey key: String, orLoad load: () throws -> Value) throws -> Value {
        if let value = memory.value(forKey: key) {
            return value
        }
        return try loads.run(key) {
            if let value = try fileValue(forKey: key) {
                return value
            }
            let value = try load()
            try setValue(value, forKey: key)
            return value
        }
    }

    /// Stores `value` in the file cache, then in memory. Throws
    /// ``CacheError/encodingFailed(key:type:reason:)`` when it cannot be encoded.
    public func setValue(_ value: Value, forKey key: String) throws {
        let data = try ValueCoding.encode(value, forKey: key)
        try write {
            try file.setValue(data, forKey: key)
            memory.setValue(value, forKey: key, cost: data.count)
        }
    }

    /// Removes the value for `key` from both levels.
    public func removeValue(forKey key: String) throws {
        try write {
            try file.removeValue(forKey: key)
            memory.removeValue(forKey: key)
        }
    }

    /// Removes every value from both levels.
    public func removeAll() throws {
        try write {
            try file.removeAll()
            memory.removeAll()
        }
    }

    /// Whether either level has an unexpired value for `key`.
    public func contains(_ key: String) throws -> Bool {
        try memory.contains(key) || file.contains(key)
    }

    /// Applies a write to both levels, counting it. Writes are serialised, so that two
    /// writes of one key cannot leave one's value in memory and the other's in the file.
    private func write(_ update: () throws -> Void) throws {
        try writeCount.withLock { count in
            count += 1
            try update()
        }
    }

    /// Reads and decodes the file level's value, and keeps it in memory unless a write
    /// happened meanwhile (memory then already holds the newer value, or none). A value
    /// that no longer decodes as `Value` (its type changed) is removed: a miss.
    private func fileValue(forKey key: String) throws -> Value? {
        let writesBefore = writeCount.value
        guard let data = try file.value(forKey: key) else { return nil }
        guard let value = try? ValueCoding.decode(Value.self, from: data, forKey: key) else {
            try file.removeValue(forKey: key)
            return nil
        }
        writeCount.withLock { count in
            if count == writesBefore {
                memory.setValue(value, forKey: key, cost: data.count)
            }
        }
        return value
    }
}
