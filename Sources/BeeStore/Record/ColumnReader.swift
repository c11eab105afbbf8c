import Foundation

/// Reads a ``ColumnCodableRecord``'s properties from a row, one after the other, in the
/// order of its ``ColumnCodableRecord/storedProperties``: each `read(_:)` takes the
/// next property's column (or, for a relation, what was loaded for it).
///
/// Integers, reals, text and booleans (optional or not) are read straight from the
/// statement; any other type converts as a `Codable` record's property does (raw-value
/// enums, other ``DatabaseValueConvertible`` types, JSON text, relations). A value that
/// does not convert is a ``ConversionError`` naming its column.
public struct ColumnReader {
    let schema: RecordSchema
    /// The statement whose current row is read, or nil when reading loaded values.
    @usableFromInline let handle: OpaquePointer?
    /// The statement's column of the schema's first column.
    @usableFromInline let offset: Int32
    /// How many of the first properties are read straight from the statement's column of
    /// the same position (0 without a statement): the inlined fast reads take those.
    @usableFromInline let directProperties: Int
    /// The row's values in schema order, when there is no statement.
    private let values: [Value]
    /// The relations loaded for the record.
    private let relations: [RecordDecoder.LoadedRelation]
    /// The next property's position in the schema's properties.
    @usableFromInline var property = 0

    /// A reader of the current row of `statement`, whose columns from `offset` on are the
    /// schema's columns in order.
    init(schema: RecordSchema, statement handle: OpaquePointer, offset: Int32) {
        self.schema = schema
        self.handle = handle
        self.offset = offset
        self.directProperties = schema.directProperties
        self.values = []
        self.relations = []
    }

    /// A reader of column values in schema order, with the relations loaded for the record.
    init(schema: RecordSchema, values: [Value], relations: [RecordDecoder.LoadedRelation]) {
        self.schema = schema
        self.handle = nil
        self.offset = 0
        self.directProperties = 0
        self.values = values
        self.relations = relations
    }

    /// Starts again at the first property, for the statement's next row.
    mutating func rewind() {
        property = 0
    }

    /// The statement column of the next property when it is read straight from the
    /// statement and holds a value of SQLite type `storageClass`; nil otherwise (the
    /// property is then read by the general path).
    @inlinable @inline(__always)
    mutating func nextDirectColumn(holding storageClass: Int32) -> DirectColumn? {
        // Added without overflow checks: `property` is below `directProperties`, at most
        // the statement's column count, an `Int32`, from which `offset` leaves room.
        guard let handle, property < directProperties,
            let column = DirectColumn(handle, offset &+ Int32(truncatingIfNeeded: property)),
            column.storageClass == storageClass
        else { return nil }
        property &+= 1
        return column
    }

    /// The next property's column index, or a negative slot for a to-many relation.
    @inline(__always)
    private mutating func nextSlot() throws -> Int {
        guard property < schema.propertySlots.count else {
            throw RecordError.unsupportedType(
                record: schema.recordName, property: "#\(property + 1)", type: "ColumnReader",
                reason: "init(columns:) reads more properties than storedProperties lists")
        }
        defer { property += 1 }
        return schema.propertySlots[property]
    }

    /// The value of the column at `index` in schema order.
    @inline(__always)
    private func value(at index: Int) -> Value {
        if let handle { return Statement.value(of: handle, at: offset + Int32(index)) }
        return values[index]
    }

    /// The statement's column of the schema's column `index`, when reading a statement.
    @inline(__always)
    private func directColumn(at index: Int) -> DirectColumn? {
        guard let handle else { return nil }
        return DirectColumn(handle, offset + Int32(index))
    }

    /// The next property as a standard value, converted from its column: the general
    /// path of every read of a standard value.
    @inline(__always)
    mutating func convertible<T: DatabaseValueConvertible>(_ type: T.Type) throws -> T {
        let index = try nextSlot()
        guard index >= 0 else { throw misread(type, toMany: -1 - index) }
        return try T(databaseValue: value(at: index), column: schema.columns[index].name)
    }

    /// ``convertible(_:)`` for an optional property: nil for `NULL`.
    @inline(__always)
    mutating func optionalConvertible<T: DatabaseValueConvertible>(_ type: T.Type) throws -> T? {
        let index = try nextSlot()
        guard index >= 0 else { throw misread(type, toMany: -1 - index) }
        let value = value(at: index)
        if value.isNull { return nil }
        return try T(databaseValue: value, column: schema.columns[index].name)
    }

    /// The next property as an integer: read without a ``Value`` when the column holds one.
    @inline(__always)
    mutating func integer<T: FixedWidthInteger & DatabaseValueConvertible>(_ type: T.Type) throws -> T {
        let index = try nextSlot()
        if index >= 0, let column = directColumn(at: index), column.storageClass == DirectColumn.integerClass,
            let exact = T(exactly: column.integer)
        {
            return exact
        }
        property -= 1
        return try convertible(type)
    }

    /// ``integer(_:)`` for an optional property: nil for `NULL`.
    @inline(__always)
    mutating func optionalInteger<T: FixedWidthInteger & DatabaseValueConvertible>(_ type: T.Type) throws -> T? {
        let index = try nextSlot()
        if index >= 0, let column = directColumn(at: index) {
            switch column.storageClass {
            case DirectColumn.nullClass: return nil
            case DirectColumn.integerClass:
                if let exact = T(exactly: column.integer) { return exact }
            default: break
            }
        }
        property -= 1
        return try optionalConvertible(type)
    }

    // The general paths of the inlined reads below, for one type each: compiled in this
    // module, they run the generic functions above specialised. Called from another
    // module, the generic functions ran unspecialised and looked up the runtime metadata
    // of `Optional<T>` at each read (about 300 instructions a property of a record
    // assembled with its relations, whose values are not read from a statement).

    @usableFromInline mutating func int64() throws -> Int64 { try integer(Int64.self) }
    @usableFromInline mutating func optionalInt64() throws -> Int64? { try optionalInteger(Int64.self) }
    @usableFromInline mutating func int() throws -> Int { try integer(Int.self) }
    @usableFromInline mutating func optionalInt() throws -> Int? { try optionalInteger(Int.self) }
    @usableFromInline mutating func double() throws -> Double { try convertible(Double.self) }
    @usableFromInline mutating func optionalDouble() throws -> Double? { try optionalConvertible(Double.self) }

    /// Reads the next property, a 64-bit integer.
    @inlinable @inline(__always)
    public mutating func read(_ type: Int64.Type) throws -> Int64 {
        if let column = nextDirectColumn(holding: DirectColumn.integerClass) { return column.integer }
        return try int64()
    }

    /// Reads the next property, an optional 64-bit integer (nil for `NULL`).
    @inlinable @inline(__always)
    public mutating func read(_ type: Int64?.Type) throws -> Int64? {
        if let column = nextDirectColumn(holding: DirectColumn.integerClass) { return column.integer }
        return try optionalInt64()
    }

    /// Reads the next property, an integer.
    @inlinable @inline(__always)
    public mutating func read(_ type: Int.Type) throws -> Int {
        if let column = nextDirectColumn(holding: DirectColumn.integerClass) {
            if let exact = Int(exactly: column.integer) { return exact }
            property -= 1  // too large for a 32-bit Int: the general path says so
        }
        return try int()
    }

    /// Reads the next property, an optional integer (nil for `NULL`).
    @inlinable @inline(__always)
    public mutating func read(_ type: Int?.Type) throws -> Int? {
        if let column = nextDirectColumn(holding: DirectColumn.integerClass) {
            if let exact = Int(exactly: column.integer) { return exact }
            property -= 1  // too large for a 32-bit Int: the general path says so
        }
        return try optionalInt()
    }

    /// Reads the next property, a 32-bit integer.
    public mutating func read(_ type: Int32.Type) throws -> Int32 { try integer(type) }
    /// Reads the next property, an optional 32-bit integer (nil for `NULL`).
    public mutating func read(_ type: Int32?.Type) throws -> Int32? { try optionalInteger(Int32.self) }
    /// Reads the next property, a Boolean.
    public mutating func read(_ type: Bool.Type) throws -> Bool { try convertible(type) }
    /// Reads the next property, an optional Boolean (nil for `NULL`).
    public mutating func read(_ type: Bool?.Type) throws -> Bool? { try optionalConvertible(Bool.self) }

    /// Reads the next property, a double.
    @inlinable @inline(__always)
    public mutating func read(_ type: Double.Type) throws -> Double {
        if let column = nextDirectColumn(holding: DirectColumn.realClass) { return column.real }
        return try double()
    }

    /// Reads the next property, an optional double (nil for `NULL`).
    @inlinable @inline(__always)
    public mutating func read(_ type: Double?.Type) throws -> Double? {
        if let column = nextDirectColumn(holding: DirectColumn.realClass) { return column.real }
        return try optionalDouble()
    }

    /// Reads the next property, a string.
    public mutating func read(_ type: String.Type) throws -> String { try convertible(type) }
    /// Reads the next property, an optional string (nil for `NULL`).
    public mutating func read(_ type: String?.Type) throws -> String? { try optionalConvertible(String.self) }

    /// Reads the next property, of any other `Decodable` type: a raw-value enum or
    /// another ``DatabaseValueConvertible`` type from its column, a record or an array of
    /// records from its loaded relation, any other value from JSON text. A relation read
    /// as another type than it is throws a ``RecordError``.
    public mutating func read<T: Decodable>(_ type: T.Type) throws -> T {
        let index = try nextSlot()
        guard index >= 0 else { return try relation(type, toMany: -1 - index) }
        let column = schema.columns[index]
        switch column.storage {
        case .value:
            return try ColumnValueDecoder(value: value(at: index), column: column.name).decode(type)
        case .json:
            return try RecordJSON.value(type, from: value(at: index), record: schema.recordName, column: column.name)
        case .belongsTo(let target):
            if let related = try loadedRelation(column.key, as: type, target: target) { return related }
            throw RecordError.missingRelation(record: schema.recordName, property: column.key, id: value(at: index))
        }
    }

    /// Reads the next property, an optional of any other `Decodable` type (nil for
    /// `NULL`, or for a relation that was not loaded; a ``RecordError`` for a relation
    /// loaded as another type).
    public mutating func read<T: Decodable>(_ type: T?.Type) throws -> T? {
        let index = try nextSlot()
        guard index >= 0 else {
            let relation = schema.toMany[-1 - index]
            return try loadedRelation(relation.key, as: T.self, target: relation.target, readAs: type)
        }
        let column = schema.columns[index]
        if case .belongsTo(let target) = column.storage {
            return try loadedRelation(column.key, as: T.self, target: target, readAs: type)
        }
        if value(at: index).isNull { return nil }
        property -= 1
        return try read(T.self)
    }

    /// The relation loaded for `key`, if any.
    private func loadedRelation(_ key: String) -> Any? {
        for relation in relations where relation.key == key { return relation.value }
        return nil
    }

    /// The relation loaded for `key` as a `T`, or nil when none was loaded; what was
    /// loaded (records of `target`) and is not a `T` is a ``RecordError`` naming `read`,
    /// the type `init(columns:)` reads (`T` unless given).
    private func loadedRelation<T>(
        _ key: String, as type: T.Type, target: any ActiveRecord.Type, readAs read: Any.Type? = nil
    ) throws -> T? {
        guard let loaded = loadedRelation(key) else { return nil }
        guard let typed = loaded as? T else { throw misread(read ?? type, property: key, target: target) }
        return typed
    }

    /// The to-many relation at `index` of the schema: what was loaded, else no records;
    /// a has-one relation without its record is a missing column, as for a `Codable` record.
    private func relation<T>(_ type: T.Type, toMany index: Int) throws -> T {
        let relation = schema.toMany[index]
        if let loaded = try loadedRelation(relation.key, as: type, target: relation.target) { return loaded }
        let target = ObjectIdentifier(relation.target)
        if relation.isToOne {
            if ObjectIdentifier(T.self) == target {
                throw ConversionError.missingColumn(relation.key, available: schema.columns.map(\.name))
            }
        } else if let records = T.self as? any RecordArray.Type, ObjectIdentifier(records.recordType) == target,
            let empty = records.init(records: []) as? T
        {
            return empty
        }
        throw misread(type, toMany: index)
    }

    /// The error of reading the to-many relation at `index` as a `type`, which it is not.
    private func misread(_ type: Any.Type, toMany index: Int) -> RecordError {
        let relation = schema.toMany[index]
        return misread(type, property: relation.key, target: relation.target)
    }

    /// The error of reading the relation `property`, to records of `target`, as a `type`,
    /// which it is not.
    private func misread(_ type: Any.Type, property: String, target: any ActiveRecord.Type) -> RecordError {
        RecordError.unsupportedType(
            record: schema.recordName, property: property, type: String(describing: type),
            reason: "init(columns:) reads it as a \(type), and it is a relation to \(target)")
    }
}
