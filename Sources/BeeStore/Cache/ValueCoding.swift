import Foundation

/// How caches turn values into bytes: `Data` is stored as it is, anything else as JSON.
enum ValueCoding {
    /// The bytes stored for `value`, or a ``CacheError/encodingFailed(key:type:reason:)`` naming `key`.
    static func encode<T: Encodable>(_ value: T, forKey key: some Hashable) throws -> Data {
        if let data = value as? Data {
            return data
        }
        do {
            return try JSONEncoder().encode(value)
        } catch {
            throw CacheError.encodingFailed(key: "\(key)", type: "\(T.self)", reason: "\(error)")
        }
    }

    /// The value stored as `data`, or a ``CacheError/decodingFailed(key:type:reason:)`` naming `key`.
    static func decode<T: Decodable>(_ type: T.Type, from data: Data, forKey key: some Hashable) throws -> T {
        if let value = data as? T {
            return value
        }
        do {
            return try JSONDecoder().decode(type, from: data)
        } catch {
            throw CacheError.decodingFailed(key: "\(key)", type: "\(T.self)", reason: "\(error)")
        }
    }
}
