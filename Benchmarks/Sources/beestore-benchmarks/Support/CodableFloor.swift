import BenchmarkSupport

/// The cost of `Codable` alone, without any database: what a library that fills
/// `Decodable` records (or reads `Encodable` ones) pays at the very least, on top of
/// SQLite's own work. It bounds how close to the raw C API such a library can come.
enum CodableFloor {
    /// The median time to decode `count` items from a decoder that returns constants,
    /// reusing one decoder as a database library reuses one per statement.
    static func decoding(count: Int, repetitions: Int = 7) throws -> Duration {
        let decoder = ConstantDecoder()
        return try medianTime(repetitions) {
            var items: [Item] = []
            for _ in 0..<count {
                items.append(try Item(from: decoder))
            }
            guard items.count == count else { throw CheckFailure("decoded \(items.count) items") }
        }
    }

    /// The median time to encode `items` into an encoder that discards what it is given.
    static func encoding(_ items: [Item], repetitions: Int = 7) throws -> Duration {
        let encoder = DiscardingEncoder()
        return try medianTime(repetitions) {
            for item in items {
                try item.encode(to: encoder)
            }
            guard encoder.values >= items.count * 10 else { throw CheckFailure("encoded \(encoder.values) values") }
            encoder.values = 0
        }
    }

    private static func medianTime(_ repetitions: Int, _ body: () throws -> Void) throws -> Duration {
        let clock = ContinuousClock()
        var samples: [Duration] = []
        for _ in 0..<repetitions {
            let start = clock.now
            try body()
            samples.append(clock.now - start)
        }
        return median(samples)
    }
}

/// A decoder whose keyed containers hold every key, with `1` for every number and
/// `"1"` for every string, and never `nil`.
private final class ConstantDecoder: Decoder, @unchecked Sendable {
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(Container<Key>(decoder: self))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        throw CheckFailure("the constant decoder has keyed containers only")
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        throw CheckFailure("the constant decoder has keyed containers only")
    }

    private struct Container<Key: CodingKey>: KeyedDecodingContainerProtocol {
        let decoder: ConstantDecoder
        var codingPath: [any CodingKey] { [] }
        var allKeys: [Key] { [] }

        func contains(_ key: Key) -> Bool { true }
        func decodeNil(forKey key: Key) -> Bool { false }
        func decode(_ type: Bool.Type, forKey key: Key) -> Bool { true }
        func decode(_ type: String.Type, forKey key: Key) -> String { "1" }
        func decode(_ type: Double.Type, forKey key: Key) -> Double { 1 }
        func decode(_ type: Float.Type, forKey key: Key) -> Float { 1 }
        func decode(_ type: Int.Type, forKey key: Key) -> Int { 1 }
        func decode(_ type: Int8.Type, forKey key: Key) -> Int8 { 1 }
        func decode(_ type: Int16.Type, forKey key: Key) -> Int16 { 1 }
        func decode(_ type: Int32.Type, forKey key: Key) -> Int32 { 1 }
        func decode(_ type: Int64.Type, forKey key: Key) -> Int64 { 1 }
        func decode(_ type: UInt.Type, forKey key: Key) -> UInt { 1 }
        func decode(_ type: UInt8.Type, forKey key: Key) -> UInt8 { 1 }
        func decode(_ type: UInt16.Type, forKey key: Key) -> UInt16 { 1 }
        func decode(_ type: UInt32.Type, forKey key: Key) -> UInt32 { 1 }
        func decode(_ type: UInt64.Type, forKey key: Key) -> UInt64 { 1 }

        func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
            try T(from: decoder)
        }

        func nestedContainer<NestedKey: CodingKey>(
            keyedBy type: NestedKey.Type, forKey key: Key
        ) -> KeyedDecodingContainer<NestedKey> {
            decoder.container(keyedBy: type)
        }

        func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
            try decoder.unkeyedContainer()
        }

        func superDecoder() -> any Decoder { decoder }
        func superDecoder(forKey key: Key) -> any Decoder { decoder }
    }
}

/// An encoder that only counts the values its keyed containers are given.
private final class DiscardingEncoder: Encoder, @unchecked Sendable {
    var values = 0
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(Container<Key>(encoder: self))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        preconditionFailure("the discarding encoder has keyed containers only")
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        preconditionFailure("the discarding encoder has keyed containers only")
    }

    private struct Container<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let encoder: DiscardingEncoder
        var codingPath: [any CodingKey] { [] }

        mutating func encodeNil(forKey key: Key) { encoder.values += 1 }
        mutating func encode(_ value: Bool, forKey key: Key) { encoder.values += 1 }
        mutating func encode(_ value: String, forKey key: Key) { encoder.values += 1 }
        mutating func encode(_ value: Double, forKey key: Key) { encoder.values += 1 }
        mutating func encode(_ value: Float, forKey key: Key) { encoder.values += 1 }
        mutating func encode(_ value: Int, forKey key: Key) { encoder.values += 1 }
        mutating func encode(_ value: Int8, forKey key: Key) { encoder.values += 1 }
        mutating func encode(_ value: Int16, forKey key: Key) { encoder.values += 1 }
        mutating func encode(_ value: Int32, forKey key: Key) { encoder.values += 1 }
        mutating func encode(_ value: Int64, forKey key: Key) { encoder.values += 1 }
        mutating func encode(_ value: UInt, forKey key: Key) { encoder.values += 1 }
        mutating func encode(_ value: UInt8, forKey key: Key) { encoder.values += 1 }
        mutating func encode(_ value: UInt16, forKey key: Key) { encoder.values += 1 }
        mutating func encode(_ value: UInt32, forKey key: Key) { encoder.values += 1 }
        mutating func encode(_ value: UInt64, forKey key: Key) { encoder.values += 1 }

        mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
            try value.encode(to: encoder)
        }

        mutating func nestedContainer<NestedKey: CodingKey>(
            keyedBy keyType: NestedKey.Type, forKey key: Key
        ) -> KeyedEncodingContainer<NestedKey> {
            encoder.container(keyedBy: keyType)
        }

        mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
            encoder.unkeyedContainer()
        }

        mutating func superEncoder() -> any Encoder { encoder }
        mutating func superEncoder(forKey key: Key) -> any Encoder { encoder }
    }
}
