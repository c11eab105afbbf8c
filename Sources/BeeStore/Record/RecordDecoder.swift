
/// Decodes records, reading each property's column by its index in the schema: the next
/// one when keys come in schema order (they do for synthesized conformances), a lookup
/// otherwise. Columns come from a statement being stepped (one decoder serves every row
/// of it), or from a row already fetched together with values decoded beforehand (its
/// loaded relations, or the record's own values when it is rebuilt after a save).
final class RecordDecoder: Decoder {
    let schema: RecordSchema
    /// The statement whose current row is decoded; nil when decoding loaded values. Kept
    /// as its handle: the caller holds the statement while it decodes.
    private let statementHandle: OpaquePointer?
    // A decoder is used by one thread, one row at a time (see RecordEncoder).
    @exclusivity(unchecked) private var loadedValues: [Value]
    /// Values decoded beforehand, by key: those of a record rebuilt after a save (every
    /// property's original value, its relations too).
    @exclusivity(unchecked) private var decodedValues: [String: Any]  // one thread, one row at a time
    /// The relations the graph loader loaded for the record: a few, found by comparing
    /// keys (no hashing).
    private var loadedRelations: [LoadedRelation] = []
    @exclusivity(unchecked) private var cursor: ColumnCursor  // one thread, one row at a time
    @exclusivity(unchecked) private var keyColumns = KeyColumns()  // one thread, one row at a time
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    /// The statement's column of the schema's first column.
    private let columnOffset: Int32
    /// The reader of the statement's rows for a ``ColumnCodableRecord``, made once and
    /// rewound for each row: a reader made for each row retained and released the
    /// schema, which every connection shares, so that parallel fetches wrote its
    /// reference count from several cores at every row.
    // One thread, one row at a time, and no access overlaps another: the runtime's
    // dynamic exclusivity checks of the reader passed `inout` cost 218 instructions a
    // row of ten integers (3,778 against 3,560 at `--scale 0.05`), so they are left out.
    @exclusivity(unchecked) private var rowReader: ColumnReader?

    /// A decoder of the rows of `statement`, which selects the schema's columns in order
    /// from its column `offset` on.
    init(schema: RecordSchema, statement: Statement, offset: Int32 = 0) {
        self.schema = schema
        self.statementHandle = statement.handle
        self.columnOffset = offset
        self.loadedValues = []
        self.decodedValues = [:]
        self.cursor = ColumnCursor(schema)
        if schema.columnCodableType != nil {
            rowReader = ColumnReader(schema: schema, statement: statement.handle, offset: offset)
        }
    }

    /// A decoder of the rows of `statement` that keeps its keyed container for every
    /// record it decodes, for as long as it lives (see ``keepingContainer(_:)``, which
    /// keeps it for one loop): the decoder of a kept lookup statement.
    convenience init(keptFor statement: Statement, schema: RecordSchema) {
        self.init(schema: schema, statement: statement)
        keepsContainer = true
    }

    /// A decoder of the rows another database returned (see ``load(values:relations:)``)
    /// that keeps its keyed container for every record it decodes, for as long as it
    /// lives: the decoder of a kept lookup on another database's connection.
    convenience init(keptFor schema: RecordSchema) {
        self.init(schema: schema)
        keepsContainer = true
    }

    /// A decoder of column values in schema order and of values decoded beforehand by key.
    init(schema: RecordSchema, values: [Value] = [], decoded: [String: Any] = [:]) {
        self.schema = schema
        self.statementHandle = nil
        self.columnOffset = 0
        self.loadedValues = values
        self.decodedValues = decoded
        self.cursor = ColumnCursor(schema)
    }

    /// A relation loaded for a record: the property's key and its value (a record, or a
    /// typed array of records).
    struct LoadedRelation {
        let key: String
        let value: Any
    }

    /// Replaces the loaded values of a decoder made without a statement, with the
    /// relations loaded for the record.
    func load(values: [Value], relations: [LoadedRelation]) {
        loadedValues = values
        loadedRelations = relations
    }

    /// The value of the column at `index` in schema order.
    @inline(__always)
    private func value(at index: Int) -> Value {
        if let statementHandle { return Statement.value(of: statementHandle, at: columnOffset + Int32(index)) }
        return loadedValues[index]
    }

    /// Whether values were decoded beforehand (see ``relation(forKey:)``).
    private var providesDecodedValues: Bool { statementHandle == nil }

    /// A relation loaded or decoded beforehand for `key`, if any.
    private func relation(forKey key: String) -> Any? {
        guard providesDecodedValues else { return nil }
        for relation in loadedRelations where relation.key == key {
            return relation.value
        }
        return hasOriginalValues ? decodedValues[key] : nil
    }

    /// Whether the record is rebuilt after a save (see ``decodedValues``): columns stored
    /// as values look there first.
    private var hasOriginalValues: Bool { providesDecodedValues && !decodedValues.isEmpty }

    /// A value decoded beforehand for the value column `key`: an original value of a
    /// record rebuilt after a save.
    @inline(__always)
    private func originalValue(forKey key: String) -> Any? {
        hasOriginalValues ? decodedValues[key] : nil
    }

    /// Decodes one record from the current row: by position for a ``ColumnCodableRecord``
    /// (unless rebuilding a saved record from its original values), through `Codable`
    /// otherwise.
    func decode<Record: ActiveRecord>(_ type: Record.Type) throws -> Record {
        if let columnCodable = schema.columnCodableType, !hasOriginalValues {
            if rowReader != nil {
                rowReader!.rewind()
                return try Self.read(columnCodable, as: type, from: &rowReader!)
            }
            var reader = ColumnReader(schema: schema, values: loadedValues, relations: loadedRelations)
            return try Self.read(columnCodable, as: type, from: &reader)
        }
        cursor.reset()
        keyColumns.reset()
        return try ActiveDecoder.run(self) { try Record(from: self) }
    }

    /// The record of the current row of `statement`, which selects the schema's columns:
    /// read by position without a decoder for a ``ColumnCodableRecord``.
    static func decodeRow<Record: ActiveRecord>(of statement: Statement, as type: Record.Type, schema: RecordSchema) throws -> Record {
        guard let columnCodable = schema.columnCodableType else {
            return try RecordDecoder(schema: schema, statement: statement).decode(type)
        }
        var reader = ColumnReader(schema: schema, statement: statement.handle, offset: 0)
        return try read(columnCodable, as: type, from: &reader)
    }

    /// Checks that a schema's ``ColumnCodableRecord`` type `fast` is the record type
    /// `type` being read, which code generic over both takes on trust once checked.
    static func requireSame<Fast: ColumnCodableRecord, Record>(_ fast: Fast.Type, _ type: Record.Type) throws {
        guard Fast.self == Record.self else {
            throw ConversionError.typeMismatch(expected: String(describing: type), value: .null, column: nil)
        }
    }

    /// A record read by its own ``ColumnCodableRecord/init(columns:)``: `Fast` is `Record`.
    private static func read<Fast: ColumnCodableRecord, Record>(
        _ fast: Fast.Type, as type: Record.Type, from reader: inout ColumnReader
    ) throws -> Record {
        try requireSame(fast, type)
        // `Fast` is `Record`, checked above: the bit cast is an identity, which a dynamic
        // cast would check again (and build `Optional<Record>`'s metadata) for every record.
        return unsafeBitCast(try Fast(columns: &reader), to: Record.self)
    }

    /// The container handed out last, kept while ``keepingContainer(_:)`` runs.
    @exclusivity(unchecked) private var kept = KeptContainer()
    @exclusivity(unchecked) private var keepsContainer = false  // one thread, one row at a time

    /// Whether a record's `init(from:)` runs with this decoder on the calling thread: a
    /// lookup made from there must not load other values into it.
    var isDecoding: Bool {
        ActiveDecoder.current == Unmanaged.passUnretained(self).toOpaque()
    }

    /// Runs `body`, which decodes many records, with one container serving them all.
    func keepingContainer<T>(_ body: () throws -> T) rethrows -> T {
        keepsContainer = true
        defer {
            keepsContainer = false
            kept.drop()
        }
        // Active for the whole loop: each record's decoding then finds it so.
        return try ActiveDecoder.run(self, body)
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedDecodingContainer<Key> {
        if let holder: KeptContainer.Holder<KeyedDecodingContainer<Key>> = kept.holder(of: Key.self) { return holder.get() }
        return makeContainer(keyedBy: type)
    }

    /// A new container for `Key`, kept for the next records while ``keepingContainer(_:)`` runs.
    @inline(never)
    private func makeContainer<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedDecodingContainer<Key> {
        let container = KeyedDecodingContainer(RecordDecodingContainer<Key>(decoder: self))
        if keepsContainer { kept.keep(container, of: Key.self) }
        return container
    }

    private var notKeyed: RecordError {
        RecordError.unsupportedType(
            record: schema.recordName, property: "(self)", type: schema.recordName,
            reason: "a record must decode from a keyed container")
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        throw notKeyed
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        throw notKeyed
    }

    /// The column index for `key` (see ``ColumnCursor``).
    @inline(__always)
    fileprivate func columnIndex(_ key: String) -> Int? {
        cursor.index(of: key)
    }

    /// The column index for `key`: the one remembered for its turn (see ``KeyColumns``),
    /// else found by its string.
    @inline(__always)
    fileprivate func columnIndex<Key: CodingKey>(_ key: Key) -> Int? {
        guard let bits = KeyColumns.bits(of: key) else { return columnIndex(key.stringValue) }
        if let index = keyColumns.column(of: Key.self, bits: bits) {
            cursor.found(index)
            return index
        }
        let index = columnIndex(key.stringValue)
        keyColumns.remember(index, of: Key.self, bits: bits)
        return index
    }

    fileprivate func decodeColumn<T: Decodable>(_ type: T.Type, key: String) throws -> T {
        let index = columnIndex(key)
        let isRelation = index.map { if case .belongsTo = schema.columns[$0].storage { true } else { false } } ?? true
        // Unwrapped before the cast: casting an `Any?` costs a look-up of its type.
        if providesDecodedValues, let value = isRelation ? relation(forKey: key) : originalValue(forKey: key),
            let decoded = value as? T
        {
            return decoded
        }
        guard let index else {
            guard let related = relation(forKey: key) as? T else {
                if let empty = (T.self as? any RecordArray.Type)?.init(records: []) as? T { return empty }
                throw ConversionError.missingColumn(key, available: schema.columns.map(\.name))
            }
            return related
        }
        let column = schema.columns[index]
        switch column.storage {
        case .value:
            return try ColumnValueDecoder(value: value(at: index), column: column.name).decode(type)
        case .json:
            return try RecordJSON.value(type, from: value(at: index), record: schema.recordName, column: column.name)
        case .belongsTo:
            throw RecordError.missingRelation(record: schema.recordName, property: key, id: value(at: index))
        }
    }

    /// A value column of a standard type read straight from the statement, when it holds
    /// the type's own storage class: the fast path of synthesized `init(from:)` for
    /// integers, reals, text and booleans. Nil otherwise (see ``decodeStandard(_:at:key:)``).
    @inline(__always)
    fileprivate func direct<T: DirectlyDecodable>(_ type: T.Type, at index: Int) -> T? {
        guard let column = directColumn(index) else { return nil }
        return T.direct(column)
    }

    /// Decodes a value column of a standard type without dynamic casts, when
    /// ``direct(_:at:)`` did not: a conversion, an original value, a missing column, or
    /// the error saying why not.
    @inline(never)
    fileprivate func decodeStandard<T: DirectlyDecodable>(_ type: T.Type, at index: Int?, key: String) throws -> T {
        guard let index else { return try decodeColumn(type, key: key) }
        // Checked before any cast: casting even a nil `Any?` costs a dynamic cast per column.
        if hasOriginalValues, let decoded = decodedValues[key] as? T {
            return decoded
        }
        return try T(databaseValue: value(at: index), column: schema.columns[index].name)
    }

    /// ``decodeStandard(_:at:key:)`` for an optional property: nil for `NULL` or a column the row lacks.
    @inline(never)
    fileprivate func decodeStandardIfPresent<T: DirectlyDecodable>(_ type: T.Type, at index: Int?, key: String) throws -> T? {
        guard let index else { return nil }
        // Checked before any cast: casting even a nil `Any?` costs a dynamic cast per column.
        if hasOriginalValues, let decoded = decodedValues[key] as? T {
            return decoded
        }
        let value = value(at: index)
        if value.isNull { return nil }
        return try T(databaseValue: value, column: schema.columns[index].name)
    }

    /// The statement's column of the schema's column `index`, when decoding a statement.
    @inline(__always)
    fileprivate func directColumn(_ index: Int) -> DirectColumn? {
        guard let statementHandle else { return nil }
        return DirectColumn(statementHandle, columnOffset + Int32(truncatingIfNeeded: index))
    }

    /// Whether the record has a column or a relation for `key`.
    fileprivate func contains(_ key: String) -> Bool {
        schema.columnIndexByKey[key] != nil || schema.toMany.contains { $0.key == key }
    }

    /// The serial number of this decoder's containers (0 until it makes one).
    @exclusivity(unchecked) private var containerSerial: UInt64 = 0  // one thread, one row at a time

    /// What a record's keyed container holds of its decoder. The standard library's
    /// `KeyedDecodingContainer` copies its container at every call: a retained reference
    /// would cost a retain and a release at each property (about 50 instructions), so the
    /// reference is unretained, and reached only while the decoder is the calling thread's
    /// ``ActiveDecoder`` with the serial number it had when the container was made.
    struct ContainerReference {
        // Unmanaged, not retained: safe because `withDecoder` dereferences it only when it
        // is the thread's active decoder, which the decode call running on this thread
        // keeps alive; the serial tells it from a later decoder at the same address.
        private let decoder: Unmanaged<RecordDecoder>
        private let serial: UInt64

        init(_ decoder: RecordDecoder) {
            if decoder.containerSerial == 0 { decoder.containerSerial = ActiveDecoder.nextSerial() }
            self.decoder = .passUnretained(decoder)
            self.serial = decoder.containerSerial
        }

        /// The decoder, when it is at work on this thread; nil when the container
        /// outlived its record's `init(from:)`, or another thread uses it. Use it through
        /// `_withUnsafeGuaranteedRef`, within the container's call.
        @inline(__always)
        var active: Unmanaged<RecordDecoder>? {
            guard ActiveDecoder.current == decoder.toOpaque(),
                decoder._withUnsafeGuaranteedRef({ $0.containerSerial }) == serial
            else { return nil }
            return decoder
        }
    }

    /// Whether the key's column is NULL (or its relation absent).
    fileprivate func isNil(key: String) -> Bool {
        guard let index = schema.columnIndexByKey[key] else {
            return relation(forKey: key) == nil
        }
        if case .belongsTo = schema.columns[index].storage, relation(forKey: key) == nil {
            return true
        }
        return value(at: index).isNull
    }
}

private struct RecordDecodingContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let reference: RecordDecoder.ContainerReference
    var codingPath: [any CodingKey] { [] }

    init(decoder: RecordDecoder) {
        reference = RecordDecoder.ContainerReference(decoder)
    }

    /// Runs `body` with the decoder (see ``RecordDecoder/ContainerReference/active``); a
    /// container used after its record's `init(from:)` returned, or on another thread, is
    /// a ``RecordError`` naming `key`.
    @inline(__always)
    private func withDecoder<T>(for property: @autoclosure () -> String, _ body: (RecordDecoder) throws -> T) throws -> T {
        guard let decoder = reference.active else { throw outlived(property()) }
        return try decoder._withUnsafeGuaranteedRef(body)
    }

    @inline(never)
    private func outlived(_ property: String) -> RecordError {
        RecordError.unsupportedType(
            record: String(reflecting: Key.self), property: property, type: "decoding container",
            reason: "a record's container works within its init(from:), on the thread that decodes it")
    }

    var allKeys: [Key] {
        (try? withDecoder(for: "(self)") { decoder in
            (decoder.schema.columns.map(\.key) + decoder.schema.toMany.map(\.key)).compactMap { Key(stringValue: $0) }
        }) ?? []
    }

    func contains(_ key: Key) -> Bool {
        (try? withDecoder(for: key.stringValue) { $0.contains(key.stringValue) }) ?? false
    }

    func decodeNil(forKey key: Key) throws -> Bool {
        try withDecoder(for: key.stringValue) { $0.isNil(key: key.stringValue) }
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try withDecoder(for: key.stringValue) { try $0.decodeColumn(type, key: key.stringValue) }
    }

    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        try withDecoder(for: key.stringValue) { decoder in
            guard decoder.contains(key.stringValue), !decoder.isNil(key: key.stringValue) else {
                // Keep the cursor in step with the keys.
                _ = decoder.columnIndex(key.stringValue)
                return nil
            }
            return try decoder.decodeColumn(type, key: key.stringValue)
        }
    }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try standard(type, key) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try standard(type, key) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try standard(type, key) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try standard(type, key) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try standard(type, key) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try standard(type, key) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try standard(type, key) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try standard(type, key) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try standard(type, key) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try standard(type, key) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try standard(type, key) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try standard(type, key) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try standard(type, key) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try standard(type, key) }

    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? { try optional(type, key) }
    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? { try optional(type, key) }
    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? { try optional(type, key) }
    func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? { try optional(type, key) }
    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? { try optional(type, key) }
    func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? { try optional(type, key) }
    func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? { try optional(type, key) }
    func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? { try optional(type, key) }
    func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? { try optional(type, key) }
    func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? { try optional(type, key) }
    func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? { try optional(type, key) }
    func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? { try optional(type, key) }
    func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? { try optional(type, key) }
    func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? { try optional(type, key) }

    // Inlined into each standard type's method, so that the reads are not generic over
    // the value's type.
    @inline(__always)
    private func standard<T: DirectlyDecodable>(_ type: T.Type, _ key: Key) throws -> T {
        try withDecoder(for: key.stringValue) { decoder in
            let index = decoder.columnIndex(key)
            if let index, let value = decoder.direct(type, at: index) { return value }
            return try decoder.decodeStandard(type, at: index, key: key.stringValue)
        }
    }

    /// ``standard(_:_:)`` for an optional property: nil for `NULL`.
    @inline(__always)
    private func optional<T: DirectlyDecodable>(_ type: T.Type, _ key: Key) throws -> T? {
        try withDecoder(for: key.stringValue) { decoder in
            let index = decoder.columnIndex(key)
            if let index, let column = decoder.directColumn(index) {
                if let value = T.direct(column) { return value }
                if column.storageClass == DirectColumn.nullClass { return nil }
            }
            return try decoder.decodeStandardIfPresent(type, at: index, key: key.stringValue)
        }
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        throw try withDecoder(for: key.stringValue) { notNested($0, key) }
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        throw try withDecoder(for: key.stringValue) { notNested($0, key) }
    }

    private func notNested(_ decoder: RecordDecoder, _ key: Key) -> RecordError {
        RecordError.unsupportedType(
            record: decoder.schema.recordName, property: key.stringValue, type: "nested container",
            reason: "decode a Codable value for the key instead of a nested container")
    }

    func superDecoder() throws -> any Decoder { try withDecoder(for: "(self)") { $0 } }
    func superDecoder(forKey key: Key) throws -> any Decoder { try withDecoder(for: key.stringValue) { $0 } }
}

/// Decodes one column value: through `DatabaseValueConvertible` when the type has it,
/// as a single value otherwise (raw-value enums decode their raw value this way). A value
/// the type refuses (a raw value no case has) is a ``ConversionError`` naming the column.
struct ColumnValueDecoder: Decoder, SingleValueDecodingContainer {
    let value: Value
    let column: String
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        if let convertible = type as? any DatabaseValueConvertible.Type {
            if let converted = try convertible.init(databaseValue: value, column: column) as? T { return converted }
        }
        do {
            return try T(from: self)
        } catch is DecodingError {
            throw ConversionError.invalidValue(expected: String(describing: T.self), value: value, column: column)
        }
    }

    func decodeNil() -> Bool { value.isNull }
    func decode(_ type: Bool.Type) throws -> Bool { try convert(type) }
    func decode(_ type: String.Type) throws -> String { try convert(type) }
    func decode(_ type: Double.Type) throws -> Double { try convert(type) }
    func decode(_ type: Float.Type) throws -> Float { try convert(type) }
    func decode(_ type: Int.Type) throws -> Int { try convert(type) }
    func decode(_ type: Int8.Type) throws -> Int8 { try convert(type) }
    func decode(_ type: Int16.Type) throws -> Int16 { try convert(type) }
    func decode(_ type: Int32.Type) throws -> Int32 { try convert(type) }
    func decode(_ type: Int64.Type) throws -> Int64 { try convert(type) }
    func decode(_ type: UInt.Type) throws -> UInt { try convert(type) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try convert(type) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try convert(type) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try convert(type) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try convert(type) }

    private func convert<T: DatabaseValueConvertible>(_ type: T.Type) throws -> T {
        return try T(databaseValue: value, column: column)
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        throw ConversionError.typeMismatch(expected: "a keyed value", value: value, column: column)
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        throw ConversionError.typeMismatch(expected: "a list", value: value, column: column)
    }

    func singleValueContainer() -> any SingleValueDecodingContainer { self }
}
