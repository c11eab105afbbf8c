import Foundation

/// A decoder that builds a placeholder value of any `Decodable` type (empty strings,
/// zeros, empty collections), so that a type's shape can be reflected without an instance.
struct PrototypeDecoder: Decoder {
    /// Record types being built, to refuse a non-optional relation cycle.
    let recordPath: [String]
    var codingPath: [any CodingKey] = []
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(KeyedPrototype(decoder: self))
    }

    func unkeyedContainer() -> any UnkeyedDecodingContainer {
        UnkeyedPrototype(decoder: self)
    }

    func singleValueContainer() -> any SingleValueDecodingContainer {
        SingleValuePrototype(decoder: self)
    }

    /// A placeholder value of `type`.
    func prototype<T: Decodable>(_ type: T.Type) throws -> T {
        if let value = Self.standardPrototype(of: type) {
            return value
        }
        var path = recordPath
        if T.self is any ActiveRecord.Type {
            let name = String(describing: T.self)
            if path.contains(name) {
                throw RecordError.relationCycle(path: path + [name])
            }
            path.append(name)
        }
        do {
            return try T(from: PrototypeDecoder(recordPath: path, codingPath: codingPath))
        } catch let error as RecordError {
            throw error
        } catch {
            // A raw-value enum whose placeholder raw value is not one of its cases.
            if let value = Self.firstCase(of: type) ?? Self.zeroValue(of: type) {
                return value
            }
            throw error
        }
    }

    private static func standardPrototype<T>(of type: T.Type) -> T? {
        switch type {
        case is Date.Type: return Date(timeIntervalSince1970: 0) as? T
        case is Data.Type: return Data() as? T
        case is UUID.Type: return UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)) as? T
        case is URL.Type: return URL(fileURLWithPath: "/") as? T
        case is Decimal.Type: return Decimal(0) as? T
        default: return nil
        }
    }

    private static func firstCase<T>(of type: T.Type) -> T? {
        guard let iterable = type as? any CaseIterable.Type else { return nil }
        func first<C: CaseIterable>(_ type: C.Type) -> Any? { type.allCases.first }
        return first(iterable) as? T
    }

    /// All-zero bytes are the first case of a payload-free raw-value enum (one or two
    /// tag bytes): its placeholder when the placeholder raw value is not one of its cases.
    private static func zeroValue<T>(of type: T.Type) -> T? {
        guard type is any RawRepresentable.Type, _isPOD(type), MemoryLayout<T>.size <= 2 else { return nil }
        let size = Swift.max(MemoryLayout<T>.size, 1)
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: MemoryLayout<T>.alignment)
        defer { buffer.deallocate() }
        buffer.initializeMemory(as: UInt8.self, repeating: 0, count: size)
        return buffer.load(as: T.self)
    }
}

private struct KeyedPrototype<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let decoder: PrototypeDecoder
    var codingPath: [any CodingKey] { decoder.codingPath }
    var allKeys: [Key] { [] }

    func contains(_ key: Key) -> Bool { false }
    func decodeNil(forKey key: Key) -> Bool { true }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try PrototypeDecoder(recordPath: decoder.recordPath, codingPath: codingPath + [key]).prototype(type)
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) -> KeyedDecodingContainer<NestedKey> {
        decoder.container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedDecodingContainer {
        decoder.unkeyedContainer()
    }

    func superDecoder() -> any Decoder { decoder }
    func superDecoder(forKey key: Key) -> any Decoder { decoder }
}

private struct UnkeyedPrototype: UnkeyedDecodingContainer {
    let decoder: PrototypeDecoder
    var codingPath: [any CodingKey] { decoder.codingPath }
    var count: Int? { 0 }
    var isAtEnd: Bool { true }
    var currentIndex: Int { 0 }

    mutating func decodeNil() -> Bool { true }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try decoder.prototype(type)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) -> KeyedDecodingContainer<NestedKey> {
        decoder.container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedDecodingContainer { self }
    mutating func superDecoder() -> any Decoder { decoder }
}

private struct SingleValuePrototype: SingleValueDecodingContainer {
    let decoder: PrototypeDecoder
    var codingPath: [any CodingKey] { decoder.codingPath }

    func decodeNil() -> Bool { false }
    func decode(_ type: Bool.Type) -> Bool { false }
    func decode(_ type: String.Type) -> String { "" }
    func decode(_ type: Double.Type) -> Double { 0 }
    func decode(_ type: Float.Type) -> Float { 0 }
    func decode(_ type: Int.Type) -> Int { 0 }
    func decode(_ type: Int8.Type) -> Int8 { 0 }
    func decode(_ type: Int16.Type) -> Int16 { 0 }
    func decode(_ type: Int32.Type) -> Int32 { 0 }
    func decode(_ type: Int64.Type) -> Int64 { 0 }
    func decode(_ type: UInt.Type) -> UInt { 0 }
    func decode(_ type: UInt8.Type) -> UInt8 { 0 }
    func decode(_ type: UInt16.Type) -> UInt16 { 0 }
    func decode(_ type: UInt32.Type) -> UInt32 { 0 }
    func decode(_ type: UInt64.Type) -> UInt64 { 0 }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try decoder.prototype(type)
    }
}
