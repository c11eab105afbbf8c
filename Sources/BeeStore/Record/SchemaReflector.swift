import Foundation

/// Reflects a record type's schema by decoding a placeholder instance: each key the
/// type's `init(from:)` asks for becomes a column (or a relation), with the Swift type
/// and optionality it was asked with. A type whose mapping declares its properties is
/// read from the declaration instead, without decoding anything; one whose
/// `init(from:)` refuses placeholders (it validates its values) is decoded again from a
/// row its table already holds, when there is one.
final class SchemaReflector: Decoder {
    struct Field {
        let key: String
        let kind: FieldKind
        let isOptional: Bool
        let typeName: String
        let isDate: Bool
        let isDecimal: Bool
        /// The type a server database gives the column (PostgreSQL's `BOOLEAN`, `UUID`, …).
        var nativeType: NativeColumnType?
    }

    let recordName: String
    /// The stored row decoded in place of placeholders, if any.
    private let sample: StoredRow?
    private(set) var fields: [Field] = []
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    private init(recordName: String, sample: StoredRow? = nil) {
        self.recordName = recordName
        self.sample = sample
    }

    /// A row of a record type's table, whose values stand in for placeholders.
    struct StoredRow {
        /// The row's values by column name, ASCII letters in lowercase.
        let values: [String: Value]
        /// The table's primary key column, lowercased, when it is one column: its field
        /// keeps its placeholder, which tells the reflector which field the key is.
        let keyColumn: String?
        let mapping: RecordMapping

        /// The first row of `table` on `connection`, or nil when it has none (or does not exist).
        static func first(of table: String, mapping: RecordMapping, on connection: Connection) throws -> StoredRow? {
            let columns = try connection.catalog.columns(of: table).filter(\.isWritable)
            let select = Query(database: nil, table: table).limit(1).renderSelect()
            guard !columns.isEmpty, let row = try connection.fetchOne(select) else { return nil }
            var values: [String: Value] = [:]
            for (name, value) in zip(row.columnNames, row.values) { values[SQLRenderer.asciiLowercased(name)] = value }
            let keyColumns = columns.filter { $0.primaryKeyPosition != nil }.map(\.name)
            let keyColumn = keyColumns.count == 1 ? SQLRenderer.asciiLowercased(keyColumns[0]) : nil
            return StoredRow(values: values, keyColumn: keyColumn, mapping: mapping)
        }
    }

    /// The stored value of the field at `index` as a `T`, when decoding from a stored row
    /// and the field is a plain value column other than the key.
    fileprivate func storedValue<T>(_ type: T.Type, forField index: Int) -> T? {
        guard let sample, case .value = fields[index].kind,
            let convertible = T.self as? any DatabaseValueConvertible.Type
        else { return nil }
        let key = fields[index].key
        let column = SQLRenderer.asciiLowercased(sample.mapping.columnNames[key] ?? sample.mapping.columnNaming.column(forKey: key))
        guard column != sample.keyColumn, let value = sample.values[column], !value.isNull else { return nil }
        return (try? convertible.init(databaseValue: value)) as? T
    }

    /// The schema of `Record`, or a ``RecordError`` naming what cannot be mapped.
    /// `storedRow` gives a row of the type's table, when its `init(from:)` refuses placeholders.
    static func reflect<Record: ActiveRecord>(
        _ type: Record.Type, storedRow: ((RecordMapping) throws -> StoredRow?)? = nil
    ) throws -> RecordSchema {
        var reflector = SchemaReflector(recordName: String(describing: type))
        let mapping = Record.mapping
        let declaredProperties = mapping.declaredProperties ?? (type as? any ColumnCodableRecord.Type)?.storedProperties
        let primaryKeyField: Int?
        if let declared = declaredProperties {
            reflector.fields = declared.map { $0.field() }
            primaryKeyField = try reflector.primaryKeyField(of: type, mapping: mapping) {
                reflector.declaredPrimaryKeyField(mapping: mapping) ?? reflector.decodedPrimaryKeyField(of: type)
            }
        } else {
            let prototype: Record
            do {
                prototype = try reflector.decodePrototype(of: type)
            } catch let refusal as RecordError {
                guard case .unsupportedType = refusal, reflector.refusedPlaceholder, let row = try storedRow?(mapping) else {
                    throw refusal
                }
                reflector = SchemaReflector(recordName: reflector.recordName, sample: row)
                prototype = try reflector.decodePrototype(of: type)
            }
            primaryKeyField = try reflector.primaryKeyField(of: type, mapping: mapping) {
                prototype.id.databaseKey.flatMap(KeyMarker.field(of:))
            }
        }
        // A type reading its own columns does so in the order of its stored properties:
        // the schema's, unless the mapping declares others.
        let columnCodable = mapping.declaredProperties == nil ? type as? any ColumnCodableRecord.Type : nil
        return try reflector.schema(
            typeID: ObjectIdentifier(type), tableName: Record.tableName, mapping: mapping,
            primaryKeyField: primaryKeyField, isDeclared: declaredProperties != nil, columnCodableType: columnCodable)
    }

    /// Whether the type's own `init(from:)` threw: it refused the placeholder values.
    private var refusedPlaceholder = false

    /// Decodes a placeholder of `Record`, recording each field it asks for.
    private func decodePrototype<Record: ActiveRecord>(of type: Record.Type) throws -> Record {
        do {
            return try Record(from: self)
        } catch let error as RecordError {
            throw error
        } catch {
            refusedPlaceholder = true
            let property = pendingField ?? "?"
            throw RecordError.unsupportedType(
                record: recordName, property: property, type: pendingType ?? "?",
                reason: "its init(from:) refused the placeholder values BeeStore decodes to read the type's "
                    + "schema (\(error)); declare the properties instead: static let mapping = "
                    + "RecordMapping().properties(RecordProperty(\"id\", Int64?.self), RecordProperty(\"\(property)\", "
                    + "\(pendingTypeAsDeclared ?? "String.self")), …)")
        }
    }

    /// The field of the primary key (`single`, for a key of one column), or nil for a
    /// composite key, which is found by its columns.
    private func primaryKeyField<Record: ActiveRecord>(
        of type: Record.Type, mapping: RecordMapping, single: () -> Int?
    ) throws -> Int? {
        if Record.ID.self == CompositeKey.self {
            // Its `id` is read through the schema being reflected: the key is found by its columns.
            guard mapping.primaryKeyColumns.count > 1 else {
                throw RecordError.unsupportedType(
                    record: recordName, property: "id", type: "CompositeKey",
                    reason: "declare the key's columns, two or more: RecordMapping(table: …, primaryKey: [\"A\", \"B\"])")
            }
            return nil
        }
        guard mapping.primaryKeyColumns.count <= 1 else {
            throw RecordError.unsupportedType(
                record: recordName, property: "id", type: String(describing: Record.ID.self),
                reason: "a primary key of several columns needs `typealias ID = CompositeKey`")
        }
        guard let field = single(), fields.indices.contains(field), case .value = fields[field].kind else {
            throw RecordError.missingPrimaryKey(record: recordName)
        }
        return field
    }

    /// The declared property whose column the mapping names as the primary key, else
    /// the property `id` (whose column the mapping's primary key then names).
    private func declaredPrimaryKeyField(mapping: RecordMapping) -> Int? {
        if let keyColumn = mapping.primaryKey.map(SQLRenderer.asciiLowercased),
            let field = fields.firstIndex(where: { field in
                let column = mapping.columnNames[field.key] ?? mapping.columnNaming.column(forKey: field.key)
                return SQLRenderer.asciiLowercased(column) == keyColumn
            })
        {
            return field
        }
        return fields.firstIndex { $0.key == "id" }
    }

    /// The declared property that `Record`'s `Codable` conformance decodes its `id` from,
    /// found by decoding a placeholder: the key of `case id = "TrackId"`. Nil when the
    /// type refuses placeholders.
    private func decodedPrimaryKeyField<Record: ActiveRecord>(of type: Record.Type) -> Int? {
        let decoding = SchemaReflector(recordName: recordName)
        guard let prototype = try? decoding.decodePrototype(of: type),
            let field = prototype.id.databaseKey.flatMap(KeyMarker.field(of:)), decoding.fields.indices.contains(field)
        else { return nil }
        let key = decoding.fields[field].key
        return fields.firstIndex { $0.key == key }
    }

    /// The key and type being decoded when reflection failed.
    fileprivate var pendingField: String?
    fileprivate var pendingType: String?
    /// The type being decoded when reflection failed, as a declaration names it (`Int64?.self`).
    private var pendingTypeAsDeclared: String? {
        guard let pendingType, let last = fields.last else { return nil }
        return pendingType + (last.isOptional ? "?" : "") + ".self"
    }

    /// Records the field `key`, asked for as a `type` (optional when `optional`, or when
    /// `init(from:)` asked whether it is nil); returns its index. A key asked for again is
    /// the same field, made optional if any ask was.
    fileprivate func record(_ key: String, _ type: Any.Type, optional: Bool) -> Int {
        pendingField = key
        pendingType = String(describing: type)
        let isOptional = optional || nilChecked.contains(key)
        if let index = fields.firstIndex(where: { $0.key == key }) {
            if isOptional, !fields[index].isOptional {
                let field = fields[index]
                fields[index] = Field(
                    key: key, kind: field.kind, isOptional: true, typeName: field.typeName, isDate: field.isDate,
                    isDecimal: field.isDecimal, nativeType: field.nativeType)
            }
            return index
        }
        fields.append(Field(
            key: key, kind: FieldKind.of(type), isOptional: isOptional, typeName: String(describing: type),
            isDate: type == Date.self, isDecimal: type == Decimal.self, nativeType: NativeColumnType.of(type)))
        return fields.count - 1
    }

    /// The keys `init(from:)` asked `decodeNil(forKey:)` of: their fields are optional.
    fileprivate var nilChecked: Set<String> = []

    private func schema(
        typeID: ObjectIdentifier, tableName: String, mapping: RecordMapping, primaryKeyField: Int?, isDeclared: Bool,
        columnCodableType: (any ColumnCodableRecord.Type)?
    ) throws -> RecordSchema {
        let keys = Set(fields.map(\.key))
        for property in Set(mapping.columnNames.keys).union(mapping.relations.keys).union(mapping.uniqueKeys.joined())
        where !keys.contains(property) {
            throw RecordError.unsupportedType(
                record: recordName, property: property, type: "RecordMapping",
                reason: "the mapping names a property the type does not encode")
        }
        var columns: [RecordSchema.Column] = []
        var toMany: [RecordSchema.ToMany] = []
        var primaryKeyIndex = 0
        for (index, field) in fields.enumerated() {
            let declaredName = mapping.columnNames[field.key] ?? (index == primaryKeyField ? mapping.primaryKey : nil)
            let declaredRelation = mapping.relations[field.key]
            switch field.kind {
            case .value(let type):
                if index == primaryKeyField { primaryKeyIndex = columns.count }
                columns.append(.init(
                    key: field.key, name: declaredName ?? mapping.columnNaming.column(forKey: field.key), type: type,
                    isOptional: field.isOptional, storage: .value, isDate: field.isDate, isDecimal: field.isDecimal,
                    nativeType: field.nativeType))
            case .json:
                columns.append(.init(
                    key: field.key, name: declaredName ?? mapping.columnNaming.column(forKey: field.key), type: .text,
                    isOptional: field.isOptional, storage: .json, nativeType: .json))
            case .belongsTo(let target):
                if case .hasOne(let foreignKey, let rule)? = declaredRelation {
                    toMany.append(.init(
                        key: field.key, target: target, kind: .foreignKey(declared: foreignKey), isToOne: true,
                        isOptional: field.isOptional, deleteRule: rule))
                } else {
                    columns.append(.init(
                        key: field.key, name: declaredName ?? mapping.columnNaming.foreignKeyColumn(forKey: field.key),
                        type: .integer,
                        isOptional: field.isOptional, storage: .belongsTo(target)))
                }
            case .hasMany(let target):
                let kind: RecordSchema.ToMany.Kind
                var rule = DeleteRule.nullify
                switch declaredRelation {
                case .manyToMany(let table, let parentColumn, let childColumn, let ordered)?:
                    kind = .manyToMany(.init(
                        table: table ?? "\(tableName)_\(field.key)", parentColumn: parentColumn, childColumn: childColumn,
                        positionColumn: ordered ? "position" : nil))
                case .hasMany(let foreignKey, let declaredRule)?, .hasOne(let foreignKey, let declaredRule)?:
                    kind = .foreignKey(declared: foreignKey)
                    rule = declaredRule
                case nil:
                    kind = .foreignKey(declared: nil)
                }
                toMany.append(.init(
                    key: field.key, target: target, kind: kind, isToOne: false, isOptional: field.isOptional,
                    deleteRule: rule))
            }
        }
        var keyByColumn: [String: String] = [:]
        for column in columns {
            if let other = keyByColumn.updateValue(column.key, forKey: SQLRenderer.asciiLowercased(column.name)) {
                throw RecordError.unsupportedType(
                    record: recordName, property: column.key, type: "RecordMapping",
                    reason: "the properties \(other) and \(column.key) are both stored in the column "
                        + "\(column.name.quotedIdentifier); keep one of them")
            }
        }
        let columnIndexByKey = Dictionary(columns.enumerated().map { ($1.key, $0) }, uniquingKeysWith: { first, _ in first })
        let uniqueKeys = try mapping.uniqueKeys.map { properties in
            try properties.map { property in
                guard let index = columnIndexByKey[property] else {
                    throw RecordError.unsupportedType(
                        record: recordName, property: property, type: "RecordMapping",
                        reason: "a unique key is made of columns of the record's own table")
                }
                return index
            }
        }
        guard let primaryKeyField else {
            if let relation = toMany.first {
                throw RecordError.unsupportedType(
                    record: recordName, property: relation.key, type: String(describing: relation.target),
                    reason: "a record whose primary key is several columns cannot have has-many, has-one or "
                        + "many-to-many relations: their foreign keys are one column")
            }
            return RecordSchema(
                typeID: typeID, recordName: recordName, tableName: tableName, isMapped: mapping.table != nil,
                primaryKeyIndexes: try compositeKeyIndexes(mapping.primaryKeyColumns, in: columns),
                keyIsAssignedByDatabase: false, columns: columns, toMany: toMany, uniqueKeys: uniqueKeys,
                isDeclared: isDeclared, propertyKeys: fields.map(\.key), columnCodableType: columnCodableType)
        }
        let keyField = fields[primaryKeyField]
        return RecordSchema(
            typeID: typeID, recordName: recordName, tableName: tableName, isMapped: mapping.table != nil,
            primaryKeyIndexes: [primaryKeyIndex],
            keyIsAssignedByDatabase: keyField.isOptional && { if case .value(.integer) = keyField.kind { true } else { false } }(),
            columns: columns, toMany: toMany, uniqueKeys: uniqueKeys, isDeclared: isDeclared,
            propertyKeys: fields.map(\.key), columnCodableType: columnCodableType)
    }

    /// The indexes of the columns of a composite key, each the column of a property
    /// stored in this table (names compared as SQLite compares them).
    private func compositeKeyIndexes(_ names: [String], in columns: [RecordSchema.Column]) throws -> [Int] {
        try names.map { name in
            let wanted = SQLRenderer.asciiLowercased(name)
            guard let index = columns.firstIndex(where: { SQLRenderer.asciiLowercased($0.name) == wanted }) else {
                throw RecordError.unsupportedType(
                    record: recordName, property: name, type: "CompositeKey",
                    reason: "the key column \(name.quotedIdentifier) is not the column of a property of the record")
            }
            return index
        }
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

/// Placeholder key values that say which field they were decoded for, so that the
/// reflector can tell which field the record's `id` is, whatever the key's type.
enum KeyMarker {
    private static let textPrefix = "\u{E000}beestore-key-"

    /// The placeholder of `type` for the field at `index`, if `type` can be a key.
    static func value<T>(of type: T.Type, forField index: Int) -> T? {
        switch type {
        case is Int64.Type: return (Int64.min + Int64(index)) as? T
        case is Int.Type: return Int(truncatingIfNeeded: Int64.min + Int64(index)) as? T
        case is String.Type: return (textPrefix + String(index)) as? T
        case is UUID.Type: return uuid(forField: index) as? T
        default: return nil
        }
    }

    /// The field a placeholder key was made for, if it is one.
    static func field(of key: Value) -> Int? {
        switch key {
        case .integer(let integer):
            let offset = integer &- Int64.min
            return offset >= 0 && offset < 100_000 ? Int(offset) : nil
        case .text(let text):
            if text.hasPrefix(textPrefix) { return Int(text.dropFirst(textPrefix.count)) }
            guard let bytes = UUID(uuidString: text)?.uuid else { return nil }
            let index = Int(bytes.12) << 24 | Int(bytes.13) << 16 | Int(bytes.14) << 8 | Int(bytes.15)
            return uuid(forField: index) == UUID(uuid: bytes) ? index : nil
        default:
            return nil
        }
    }

    private static func uuid(forField index: Int) -> UUID {
        UUID(uuid: (0xBE, 0xE5, 0x70, 0x4E, 0, 0, 0x40, 0, 0x80, 0, 0, 0,
                    UInt8(truncatingIfNeeded: index >> 24), UInt8(truncatingIfNeeded: index >> 16),
                    UInt8(truncatingIfNeeded: index >> 8), UInt8(truncatingIfNeeded: index)))
    }
}

private struct ReflectingContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let reflector: SchemaReflector
    var codingPath: [any CodingKey] { [] }
    var allKeys: [Key] { [] }

    func contains(_ key: Key) -> Bool { true }

    func decodeNil(forKey key: Key) -> Bool {
        reflector.nilChecked.insert(key.stringValue)
        return false
    }

    private func value<T: Decodable>(_ type: T.Type, _ key: Key, optional: Bool) throws -> T {
        // `decode(Int?.self, forKey:)` asks for an optional `Int`, as `decodeIfPresent` does.
        if let optionalType = T.self as? any ReflectedOptional.Type,
            let value = try optionalType.reflected(by: self, forKey: key) as? T
        {
            return value
        }
        let index = reflector.record(key.stringValue, type, optional: optional)
        if let stored = reflector.storedValue(type, forField: index) {
            return stored
        }
        if let marker = KeyMarker.value(of: type, forField: index) {
            return marker
        }
        return try PrototypeDecoder(recordPath: [reflector.recordName], codingPath: [key]).prototype(type)
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try value(type, key, optional: false)
    }

    private func optionalValue<T: Decodable>(_ type: T.Type, _ key: Key) -> T? {
        let index = reflector.record(key.stringValue, type, optional: true)
        return reflector.storedValue(type, forField: index) ?? KeyMarker.value(of: type, forField: index)
    }

    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        optionalValue(type, key)
    }

    /// ``decodeIfPresent(_:forKey:)`` for ``ReflectedOptional``.
    fileprivate func reflectedOptional<T: Decodable>(_ type: T.Type, forKey key: Key) -> T? {
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

/// An optional asked for with `decode(_:forKey:)`: reflected as its wrapped type, optional.
private protocol ReflectedOptional {
    /// The value `container` gives for `key`, as `decodeIfPresent` of the wrapped type.
    static func reflected<Key: CodingKey>(by container: ReflectingContainer<Key>, forKey key: Key) throws -> Any
}

extension Optional: ReflectedOptional where Wrapped: Decodable {
    fileprivate static func reflected<Key: CodingKey>(by container: ReflectingContainer<Key>, forKey key: Key) throws -> Any {
        container.reflectedOptional(Wrapped.self, forKey: key) as Wrapped? as Any
    }
}
