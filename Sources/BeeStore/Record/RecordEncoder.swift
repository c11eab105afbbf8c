/// Encodes a record into its column values, in schema order, and collects the related
/// records of its relations for the graph writer.
final class RecordEncoder: Encoder {
    let schema: RecordSchema
    // An encoder is used by one thread, one value at a time: the dynamic exclusivity
    // checks of its hot properties would cost more than the rest of storing a value.
    @exclusivity(unchecked) private(set) var values: [Value]
    /// Related records by column index (belongs-to); nil entries are nil relations.
    private(set) var belongsTo: [Int: any ActiveRecord] = [:]
    /// Related records by to-many index, in order, for the relations the record holds
    /// (a nil optional relation is not loaded, and is left as it is).
    private(set) var toMany: [Int: [any ActiveRecord]] = [:]
    /// Each key's original Swift value, to rebuild the record with saved relations.
    private(set) var originals: [String: Any] = [:]
    @exclusivity(unchecked) private var cursor: ColumnCursor  // one thread, one value at a time
    /// The row statement taking the columns directly while a record without relations is
    /// encoded into it (held by the caller meanwhile), and which of them it is.
    @exclusivity(unchecked) private var target: Unmanaged<Statement>?
    @exclusivity(unchecked) private var targetKind = RecordSchema.RowStatement.insert  // one thread, one value at a time
    /// The columns bound to the target so far, a bit each (see ``tracksBoundColumns``).
    @exclusivity(unchecked) private var boundColumns: UInt64 = 0
    /// Whether ``boundColumns`` has a bit for every column; wider records clear every
    /// binding before they encode instead.
    private var tracksBoundColumns: Bool { schema.columns.count <= UInt64.bitWidth }
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    /// Each property's parameter (0 for none) in each row statement, the statements in
    /// the order of their raw values: where a ``ColumnWriter`` binds the properties.
    private let propertyParameters: [[Int32]]

    init(schema: RecordSchema) {
        self.schema = schema
        self.cursor = ColumnCursor(schema)
        self.values = Array(repeating: .null, count: schema.columns.count)
        self.propertyParameters = RecordSchema.RowStatement.allCases.map { kind in
            schema.propertySlots.map { $0 >= 0 ? schema.parameter(ofColumn: $0, in: kind) : 0 }
        }
    }

    /// Encodes `record` in place of the previous one, or throws what its `encode(to:)` throws.
    /// Read what it produced before encoding the next record.
    func encode<Record: ActiveRecord>(_ record: Record) throws {
        for index in values.indices { values[index] = .null }
        belongsTo.removeAll(keepingCapacity: true)
        toMany.removeAll(keepingCapacity: true)
        originals.removeAll(keepingCapacity: true)
        cursor.reset()
        try record.encode(to: self)
    }

    /// Encodes a record without relations straight into the parameters of `statement`, the
    /// row statement of `kind`, without going through ``values``: columns the record does
    /// not encode are `NULL`. A ``ColumnCodableRecord`` writes its columns by position,
    /// without `Codable`.
    func encode<Record: ActiveRecord>(
        _ record: Record, into statement: Statement, kind: RecordSchema.RowStatement
    ) throws {
        if !tracksBoundColumns { statement.clearBindings() }
        // The insert without the key has no parameter for it: counted as bound.
        boundColumns = kind == .insertWithoutKey ? 1 &<< UInt64(truncatingIfNeeded: schema.primaryKeyIndex) : 0
        target = Unmanaged.passUnretained(statement)
        targetKind = kind
        defer { target = nil }
        cursor.reset()
        do {
            if let columnCodable = schema.columnCodableType,
                try encodeColumns(of: record, as: columnCodable, into: statement, kind: kind)
            {
                return
            }
            try record.encode(to: self)
        } catch {
            // Let go of what was bound (large text or blobs) until the statement's next use.
            statement.clearBindings()
            throw error
        }
        if tracksBoundColumns {
            for index in schema.columns.indices where boundColumns & (1 << index) == 0 {
                try statement.bind(.null, at: schema.parameter(ofColumn: index, in: kind))
            }
        }
    }

    /// Binds `record`'s columns to the target, `statement` (the row statement of `kind`),
    /// through its own ``ColumnCodableRecord/encode(to:)``, the columns it does not write
    /// to `NULL`; false when `Record` is not `Fast`.
    private func encodeColumns<Record: ActiveRecord, Fast: ColumnCodableRecord>(
        of record: Record, as fast: Fast.Type, into statement: Statement, kind: RecordSchema.RowStatement
    ) throws -> Bool {
        guard Record.self == Fast.self else { return false }
        var writer = ColumnWriter(
            encoder: self, statement: statement.handle, parameters: propertyParameters[kind.rawValue])
        // `Record` is `Fast`, checked above: the bit cast is an identity, which a dynamic
        // cast would check again (and build `Optional<Fast>`'s metadata) for every record.
        try unsafeBitCast(record, to: Fast.self).encode(to: &writer)
        try writer.finish()
        return true
    }

    /// Binds `value` to `parameter` of the target statement. For a ``ColumnWriter``, while
    /// a record is encoded into a target.
    @inline(__always)
    func bindTarget(_ value: Value, at parameter: Int32) throws {
        try target?._withUnsafeGuaranteedRef { try $0.bind(value, at: parameter) }
    }

    /// Thrown out of an encoding into the insert without the key
    /// (``RecordSchema/RowStatement/insertWithoutKey``) when the record writes a key after
    /// all (a hook of a class instance set it, or its `encode(to:)` writes one): the graph
    /// writer inserts it with the statement that names every column instead.
    struct KeyWritten: Error {}

    /// Puts a column's database value where this encoding goes. NaN, which SQLite would
    /// store as `NULL`, is a ``ConversionError`` naming the column.
    private func store(_ value: Value, at index: Int) throws {
        if case .real(let real) = value, real.isNaN { throw notANumber(column: index) }
        if try !bindTarget(column: index, isNull: value.isNull, { try $0.bind(value, at: $1) }) {
            values[index] = value
        }
    }

    /// The error of a NaN for the column at `index`: SQLite has no NaN, and binding one
    /// stores `NULL`.
    @inline(never)
    func notANumber(column index: Int) -> ConversionError {
        .invalidValue(expected: "number (SQLite stores NaN as NULL)", value: .real(.nan), column: schema.columns[index].name)
    }

    /// Binds the column at `index` to its parameter in the target with `bind` (given the
    /// statement and the parameter); false when there is no target. A value that is not
    /// `NULL` (`isNull`) for a column the target has no parameter for is ``KeyWritten``.
    @inline(__always)
    private func bindTarget(column index: Int, isNull: Bool, _ bind: (Statement, Int32) throws -> Void) throws -> Bool {
        guard let target else { return false }
        let parameter = schema.parameter(ofColumn: index, in: targetKind)
        if parameter > 0 {
            try target._withUnsafeGuaranteedRef { try bind($0, parameter) }
        } else if !isNull {
            throw KeyWritten()
        }
        boundColumns |= 1 &<< UInt64(truncatingIfNeeded: index)
        return true
    }

    /// The container handed out last, kept until ``dropKeptContainer()``.
    @exclusivity(unchecked) private var kept = KeptContainer()

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        if let holder: KeptContainer.Holder<KeyedEncodingContainer<Key>> = kept.holder(of: Key.self) { return holder.get() }
        return makeContainer(keyedBy: type)
    }

    /// A new container for `Key`, kept for the next records.
    @inline(never)
    private func makeContainer<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        let container = KeyedEncodingContainer(RecordEncodingContainer<Key>(encoder: self))
        kept.keep(container, of: Key.self)
        return container
    }

    /// Lets go of the kept container, and so of the cycle it makes with this encoder.
    func dropKeptContainer() {
        kept.drop()
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        RefusingEncodingContainer<AnyKey>(recordName: schema.recordName)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        RefusingEncodingContainer<AnyKey>(recordName: schema.recordName)
    }

    /// The column index for `key` (see ``ColumnCursor``).
    @inline(__always)
    fileprivate func columnIndex(_ key: String) -> Int? {
        cursor.index(of: key)
    }

    /// A key with no column is an error rather than a value dropped: the mapping's declared
    /// properties leave it out, or `init(from:)` did not read it when its columns were
    /// reflected (it reads it in some cases only).
    private func refuseUndeclared(_ key: String) throws {
        guard schema.isDeclared else {
            throw RecordError.unsupportedType(
                record: schema.recordName, property: key, type: "a key init(from:) skipped",
                reason: "the type encodes it, but its init(from:) did not decode it when its columns were read "
                    + "(with placeholder values): decode it in every case, or declare the properties with RecordMapping.properties")
        }
        throw RecordError.unsupportedType(
            record: schema.recordName, property: key, type: "RecordProperty",
            reason: "the type encodes it, but the mapping's declared properties leave it out")
    }

    /// Stores a value column's database value.
    fileprivate func set(_ value: Value, forKey key: String) throws {
        guard let index = columnIndex(key) else {
            // Nothing is lost when a reflected type leaves out a key it encodes as nil.
            if value.isNull, !schema.isDeclared { return }
            return try refuseUndeclared(key)
        }
        try store(value, at: index)
    }

    /// Stores an integer column: the hot path of ``set(_:forKey:)``, bound without a ``Value``.
    fileprivate func setInteger(_ value: Int64, forKey key: String) throws {
        guard let index = columnIndex(key) else { return try refuseUndeclared(key) }
        try storeInteger(value, at: index)
    }

    /// Stores an integer column at `index`, bound without a ``Value``.
    @inline(__always)
    private func storeInteger(_ value: Int64, at index: Int) throws {
        if try !bindTarget(column: index, isNull: false, { try $0.bind(value, at: $1) }) {
            values[index] = .integer(value)
        }
    }

    /// Keeps a property's Swift value, to rebuild a record with relations once saved.
    fileprivate func keepOriginal(_ value: Any, forKey key: String) {
        originals[key] = value
    }

    fileprivate func encode<T: Encodable>(_ value: T, forKey key: String) throws {
        try encode(value, forKey: key, column: columnIndex(key))
    }

    /// Stores the property `key`, whose column is at `index` (nil for a to-many relation
    /// or a key the schema lacks).
    func encode<T: Encodable>(_ value: T, forKey key: String, column index: Int?) throws {
        if schema.hasRelations { originals[key] = value }
        guard let index else {
            guard let relation = schema.toMany.firstIndex(where: { $0.key == key }) else {
                return try refuseUndeclared(key)
            }
            if let record = value as? any ActiveRecord {
                toMany[relation] = [record]
            } else {
                toMany[relation] = (value as? any RecordArray)?.records ?? []
            }
            return
        }
        let column = schema.columns[index]
        switch column.storage {
        case .value:
            try store(Self.databaseValue(of: value, column: column.name), at: index)
        case .json:
            let text: String
            do {
                text = try RecordJSON.text(value)
            } catch let error as EncodingError {
                throw RecordError.unencodableJSON(record: schema.recordName, property: key, reason: error.reason)
            }
            try store(.text(text), at: index)
        case .belongsTo:
            if let record = value as? any ActiveRecord {
                belongsTo[index] = record
                values[index] = record.id.databaseKey ?? .null
            }
        }
    }

    /// The database value of a value column: its conversion, or what a raw-value enum
    /// encodes as a single value.
    private static func databaseValue<T: Encodable>(of value: T, column: String) throws -> Value {
        if let convertible = value as? any DatabaseValueConvertible {
            return convertible.databaseValue
        }
        let encoder = SingleValueCapture(column: column)
        try value.encode(to: encoder)
        return encoder.value
    }
}

private struct RecordEncodingContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let encoder: RecordEncoder
    var codingPath: [any CodingKey] { [] }

    mutating func encodeNil(forKey key: Key) throws { try encoder.set(.null, forKey: key.stringValue) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { try store(value, key) }
    mutating func encode(_ value: String, forKey key: Key) throws { try store(value, key) }
    mutating func encode(_ value: Double, forKey key: Key) throws { try store(value, key) }
    mutating func encode(_ value: Float, forKey key: Key) throws { try store(value, key) }
    mutating func encode(_ value: Int, forKey key: Key) throws { try storeInteger(value, key) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { try storeInteger(value, key) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { try storeInteger(value, key) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { try storeInteger(value, key) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { try storeInteger(value, key) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { try store(value, key) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { try storeInteger(value, key) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { try storeInteger(value, key) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { try storeInteger(value, key) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { try store(value, key) }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        try encoder.encode(value, forKey: key.stringValue)
    }

    // Inlined into each standard type's method, so that the conversion is not generic.
    @inline(__always)
    private func store<T: DatabaseValueConvertible>(_ value: T, _ key: Key) throws {
        let name = key.stringValue
        if encoder.schema.hasRelations { encoder.keepOriginal(value, forKey: name) }
        try encoder.set(value.databaseValue, forKey: name)
    }

    /// ``store(_:_:)`` for integers that always fit in an `Int64`.
    @inline(__always)
    private func storeInteger<T: FixedWidthInteger>(_ value: T, _ key: Key) throws {
        let name = key.stringValue
        if encoder.schema.hasRelations { encoder.keepOriginal(value, forKey: name) }
        try encoder.setInteger(Int64(value), forKey: name)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        KeyedEncodingContainer(RefusingEncodingContainer<NestedKey>(recordName: encoder.schema.recordName))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        RefusingEncodingContainer<Key>(recordName: encoder.schema.recordName)
    }

    mutating func superEncoder() -> any Encoder { encoder }
    mutating func superEncoder(forKey key: Key) -> any Encoder { encoder }
}

/// Captures the one value a raw-value enum (or another single-value type) encodes.
private final class SingleValueCapture: Encoder, SingleValueEncodingContainer {
    let column: String
    var value: Value = .null
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    init(column: String) {
        self.column = column
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(RefusingEncodingContainer<Key>(recordName: column))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer { RefusingEncodingContainer<AnyKey>(recordName: column) }
    func singleValueContainer() -> any SingleValueEncodingContainer { self }

    func encodeNil() { value = .null }
    func encode(_ value: Bool) { self.value = value.databaseValue }
    func encode(_ value: String) { self.value = value.databaseValue }
    func encode(_ value: Double) { self.value = value.databaseValue }
    func encode(_ value: Float) { self.value = value.databaseValue }
    func encode(_ value: Int) { self.value = value.databaseValue }
    func encode(_ value: Int8) { self.value = value.databaseValue }
    func encode(_ value: Int16) { self.value = value.databaseValue }
    func encode(_ value: Int32) { self.value = value.databaseValue }
    func encode(_ value: Int64) { self.value = value.databaseValue }
    func encode(_ value: UInt) { self.value = value.databaseValue }
    func encode(_ value: UInt8) { self.value = value.databaseValue }
    func encode(_ value: UInt16) { self.value = value.databaseValue }
    func encode(_ value: UInt32) { self.value = value.databaseValue }
    func encode(_ value: UInt64) { self.value = value.databaseValue }

    func encode<T: Encodable>(_ value: T) throws {
        if let convertible = value as? any DatabaseValueConvertible {
            self.value = convertible.databaseValue
        } else {
            try value.encode(to: self)
        }
    }
}

/// A coding key for containers that need one but never use it.
struct AnyKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

/// The container handed out where a record cannot encode (a record encoding itself as
/// an array, a nested container instead of a value): every call records nothing and the
/// first throws.
private struct RefusingEncodingContainer<Key: CodingKey>: KeyedEncodingContainerProtocol, UnkeyedEncodingContainer,
    SingleValueEncodingContainer
{
    let recordName: String
    var codingPath: [any CodingKey] { [] }
    var count: Int { 0 }

    private var error: RecordError {
        RecordError.unsupportedType(
            record: recordName, property: "(nested)", type: "nested container",
            reason: "records encode each property as one value of a keyed container")
    }

    mutating func encodeNil(forKey key: Key) throws { throw error }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws { throw error }
    mutating func encodeNil() throws { throw error }
    mutating func encode<T: Encodable>(_ value: T) throws { throw error }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        KeyedEncodingContainer(RefusingEncodingContainer<NestedKey>(recordName: recordName))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        KeyedEncodingContainer(RefusingEncodingContainer<NestedKey>(recordName: recordName))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer { self }
    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer { self }
    mutating func superEncoder() -> any Encoder { RefusingEncoder(recordName: recordName) }
    mutating func superEncoder(forKey key: Key) -> any Encoder { RefusingEncoder(recordName: recordName) }
}

private struct RefusingEncoder: Encoder {
    let recordName: String
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(RefusingEncodingContainer<Key>(recordName: recordName))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer { RefusingEncodingContainer<AnyKey>(recordName: recordName) }
    func singleValueContainer() -> any SingleValueEncodingContainer { RefusingEncodingContainer<AnyKey>(recordName: recordName) }
}
