/// Decodes any `Decodable` type from a row: each property from the column its coding key
/// names (matched as ``Row/index(ofColumn:)`` matches names), converted as a record's
/// columns are (standard values, raw-value enums, other `DatabaseValueConvertible`
/// types; any other `Codable` value from JSON text). A row of one column also decodes as
/// a single value (`Int`, `String?`, a `Date`).
///
/// A property whose column the row lacks is a ``ConversionError/missingColumn(_:available:)``,
/// unless it is optional (then nil); a value that does not convert is a ``ConversionError``
/// naming the column.
struct RowDecoder: Decoder {
    let row: Row
    /// The decoded type's name, for errors.
    let typeName: String
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    /// Decodes `type` from the row: the only column's value for a value type, the row's
    /// columns by name otherwise.
    static func decode<T: Decodable>(_ type: T.Type, from row: Row) throws -> T {
        let decoder = RowDecoder(row: row, typeName: String(describing: type))
        if row.count == 1, case .value = FieldKind.of(type) {
            return try decoder.value(type, at: 0)
        }
        return try T(from: decoder)
    }

    /// The value of the column at `index` as `T`.
    func value<T: Decodable>(_ type: T.Type, at index: Int) throws -> T {
        let column = row.columnNames[index]
        if case .value = FieldKind.of(type) {
            return try ColumnValueDecoder(value: row[index], column: column).decode(type)
        }
        return try RecordJSON.value(type, from: row[index], record: typeName, column: column)
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(RowDecodingContainer<Key>(decoder: self))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        throw DecodingError.typeMismatch(
            [Any].self,
            .init(codingPath: [], debugDescription: "a row decodes as a keyed type, or as one value when it has one column"))
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        guard row.count == 1 else {
            throw DecodingError.typeMismatch(
                Any.self,
                .init(codingPath: [], debugDescription: "\(typeName) decodes as one value, and the row has \(row.count) columns"))
        }
        return ColumnValueDecoder(value: row[0], column: row.columnNames[0])
    }
}

private struct RowDecodingContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let decoder: RowDecoder
    var codingPath: [any CodingKey] { [] }

    var allKeys: [Key] {
        decoder.row.columnNames.compactMap { Key(stringValue: $0) }
    }

    func contains(_ key: Key) -> Bool {
        decoder.row.index(ofColumn: key.stringValue) != nil
    }

    private func index(of key: Key) throws -> Int {
        try decoder.row.requireIndex(ofColumn: key.stringValue)
    }

    func decodeNil(forKey key: Key) throws -> Bool {
        try decoder.row[index(of: key)].isNull
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try decoder.value(type, at: index(of: key))
    }

    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        guard let index = decoder.row.index(ofColumn: key.stringValue), !decoder.row[index].isNull else { return nil }
        return try decoder.value(type, at: index)
    }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try decode(type, at: key) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try decode(type, at: key) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try decode(type, at: key) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try decode(type, at: key) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try decode(type, at: key) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try decode(type, at: key) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try decode(type, at: key) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try decode(type, at: key) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try decode(type, at: key) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try decode(type, at: key) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try decode(type, at: key) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try decode(type, at: key) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try decode(type, at: key) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try decode(type, at: key) }

    /// A standard value, converted straight from its column.
    private func decode<T: DatabaseValueConvertible>(_ type: T.Type, at key: Key) throws -> T {
        try decoder.row.decode(type, at: index(of: key))
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        throw DecodingError.typeMismatch(
            type, .init(codingPath: [key], debugDescription: "a column holds one value: decode a Codable value for the key"))
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        throw DecodingError.typeMismatch(
            [Any].self, .init(codingPath: [key], debugDescription: "a column holds one value: decode a Codable value for the key"))
    }

    func superDecoder() -> any Decoder { decoder }
    func superDecoder(forKey key: Key) -> any Decoder { decoder }
}
