/// Reflects a record type's schema by decoding a placeholder instance: each key the
/// type's `init(from:)` asks for becomes a column (or a relation), with the Swift type
/// and optionality it was asked with.
final class SchemaReflector: Decoder {
    struct Field {
        let key: String
        let kind: FieldKind
        let isOptional: Bool
        let typeName: String
    }

    let recordName: String
    private(set) var fields: [Field] = []
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    private init(recordName: String) {
        self.recordName = recordName
    }

    /// The schema of `Record`, or a ``RecordError`` naming what cannot be mapped.
    static func reflect<Record: ActiveRecord>(_ type: Record.Type) throws -> RecordSchema {
        let recordName = String(describing: type)
        let reflector = SchemaReflector(recordName: recordName)
        let prototype: Record
        do {
            prototype = try Record(from: reflector)
        } catch let error as RecordError {
            throw error
        } catch {
            let property = reflector.pendingField ?? "?"
            throw RecordError.unsupportedType(
                record: recordName, property: property, type: reflector.pendingType ?? "?",
                reason: String(describing: error))
        }
        guard let marker = prototype.id, let primaryKeyField = marker.markedField,
            reflector.fields.indices.contains(primaryKeyField)
        else {
            throw RecordError.missingPrimaryKey(record: recordName)
        }
        return try reflector.schema(typeID: ObjectIdentifier(type), tableName: Record.tableName, primaryKeyField: primaryKeyField)
    }

    /// The key and type being decoded when reflection failed.
    fileprivate var pendingField: String?
    fileprivate var pendingType: String?

    fileprivate func record(_ key: String, _ type: Any.Type, optional: Bool) -> Int {
        pendingField = key
        pendingType = String(describing: type)
        fields.append(Field(key: key, kind: FieldKind.of(type), isOptional: optional, typeName: String(describing: type)))
        return fields.count - 1
    }

    private func schema(typeID: ObjectIdentifier, tableName: String, primaryKeyField: Int) throws -> RecordSchema {
        var columns: [RecordSchema.Column] = []
        var hasMany: [RecordSchema.HasMany] = []
        var primaryKeyIndex = 0
        for (index, field) in fields.enumerated() {
            switch field.kind {
            case .value(let type):
                if index == primaryKeyField { primaryKeyIndex = columns.count }
                columns.append(.init(key: field.key, name: field.key, type: type, isOptional: field.isOptional, storage: .value))
            case .json:
                columns.append(.init(key: field.key, name: field.key, type: .text, isOptional: field.isOptional, storage: .json))
            case .belongsTo(let target):
                columns.append(.init(
                    key: field.key, name: "\(field.key)_id", type: .integer, isOptional: field.isOptional,
                    storage: .belongsTo(target)))
            case .hasMany(let target):
                hasMany.append(.init(key: field.key, target: target, linkTable: "\(tableName)_\(field.key)", isOptional: field.isOptional))
            }
        }
        return RecordSchema(
            typeID: typeID, recordName: recordName, tableName: tableName, primaryKeyIndex: primaryKeyIndex, columns: columns,
            hasMany: hasMany)
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(ReflectingContainer(reflector: self))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        throw RecordError.unsupportedType(
            record: recordName, property: "(self)", type: recordName, reason: "a record must decode from a keyed container")
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        throw RecordError.unsupportedType(
            record: recordName, property: "(self)", type: recordName, reason: "a record must decode from a keyed container")
    }
}

extension Int64 {
    /// A placeholder id that says which field it was decoded for.
    fileprivate static func marker(forField index: Int) -> Int64 {
        Int64.min + Int64(index)
    }

    /// The field index this placeholder id was made for, if it is one.
    fileprivate var markedField: Int? {
        let offset = self &- Int64.min
        return offset >= 0 && offset < 100_000 ? Int(offset) : nil
    }
}

private struct ReflectingContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let reflector: SchemaReflector
    var codingPath: [any CodingKey] { [] }
    var allKeys: [Key] { [] }

    func contains(_ key: Key) -> Bool { true }
    func decodeNil(forKey key: Key) -> Bool { false }

    private func value<T: Decodable>(_ type: T.Type, _ key: Key, optional: Bool) throws -> T {
        let index = reflector.record(key.stringValue, type, optional: optional)
        if type == Int64.self, let marker = Int64.marker(forField: index) as? T {
            return marker
        }
        return try PrototypeDecoder(recordPath: [reflector.recordName], codingPath: [key]).prototype(type)
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try value(type, key, optional: false)
    }

    private func optionalValue<T: Decodable>(_ type: T.Type, _ key: Key) -> T? {
        let index = reflector.record(key.stringValue, type, optional: true)
        return type == Int64.self ? Int64.marker(forField: index) as? T : nil
    }

    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        optionalValue(type, key)
    }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try value(type, key, optional: false) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try value(type, key, optional: false) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try value(type, key, optional: false) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try value(type, key, optional: false) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try value(type, key, optional: false) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try value(type, key, optional: false) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try value(type, key, optional: false) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try value(type, key, optional: false) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try value(type, key, optional: false) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try value(type, key, optional: false) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try value(type, key, optional: false) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try value(type, key, optional: false) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try value(type, key, optional: false) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try value(type, key, optional: false) }

    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? { optionalValue(type, key) }
    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? { optionalValue(type, key) }
    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? { optionalValue(type, key) }
    func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? { optionalValue(type, key) }
    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? { optionalValue(type, key) }
    func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? { optionalValue(type, key) }
    func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? { optionalValue(type, key) }
    func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? { optionalValue(type, key) }
    func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? { optionalValue(type, key) }
    func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? { optionalValue(type, key) }
    func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? { optionalValue(type, key) }
    func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? { optionalValue(type, key) }
    func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? { optionalValue(type, key) }
    func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? { optionalValue(type, key) }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        throw RecordError.unsupportedType(
            record: reflector.recordName, property: key.stringValue, type: "nested container",
            reason: "decode a Codable value for the key instead of a nested container")
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        throw RecordError.unsupportedType(
            record: reflector.recordName, property: key.stringValue, type: "nested container",
            reason: "decode a Codable value for the key instead of a nested container")
    }

    func superDecoder() throws -> any Decoder { reflector }
    func superDecoder(forKey key: Key) throws -> any Decoder { reflector }
}
