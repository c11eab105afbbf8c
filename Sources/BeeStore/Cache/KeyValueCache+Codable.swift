import Foundation

extension KeyValueCache where Value == Data {
    /// The value stored for `key`, decoded as `type` (`Data` as it is, anything else
    /// from JSON); nil when there is none. Bytes that do not decode throw
    /// ``CacheError/decodingFailed(key:type:reason:)``.
    ///
    /// ```swift
    /// let settings = try cache.value(forKey: "settings", as: Settings.self)
    /// ```
    public func value<T: Decodable>(forKey key: Key, as type: T.Type = T.self) throws -> T? {
        guard let data = try value(forKey: key) else { return nil }
        return try ValueCoding.decode(type, from: data, forKey: key)
    }

    /// Stores any `Encodable` value for `key` (`Data` as it is, anything else as JSON).
    public func setValue<T: Encodable>(_ value: T, forKey key: Key) throws {
        try setValue(ValueCoding.encode(value, forKey: key), forKey: key)
    }
}
