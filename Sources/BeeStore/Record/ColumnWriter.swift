/// Writes a ``ColumnCodableRecord``'s properties into its row, one after the other, in
/// the order of its ``ColumnCodableRecord/storedProperties``: each `write(_:)` sets the
/// next property's column.
///
/// Integers, reals, text and booleans (optional or not) are bound straight to the
/// statement; any other type is stored as a `Codable` record's property is (raw-value
/// enums, other ``DatabaseValueConvertible`` types, JSON text).
public struct ColumnWriter {
    private let encoder: RecordEncoder
    /// The next property's position in the schema's properties.
    private var property = 0

    init(encoder: RecordEncoder) {
        self.encoder = encoder
    }

    /// The next property's column index, or a negative slot for a to-many relation.
    @inline(__always)
    private mutating func nextSlot() throws -> Int {
        let slots = encoder.schema.propertySlots
        guard property < slots.count else {
            throw RecordError.unsupportedType(
                record: encoder.schema.recordName, property: "#\(property + 1)", type: "ColumnWriter",
                reason: "encode(to:) writes more properties than storedProperties lists")
        }
        defer { property += 1 }
        return slots[property]
    }

    /// Stores a standard value in the next property's column.
    @inline(__always)
    private mutating func store(_ value: Value) throws {
        let index = try nextSlot()
        guard index >= 0 else { return }
        try encoder.store(value, at: index)
    }

    /// Stores an integer in the next property's column, bound without a ``Value``.
    @inline(__always)
    private mutating func storeInteger(_ value: Int64) throws {
        let index = try nextSlot()
        guard index >= 0 else { return }
        try encoder.storeInteger(value, at: index)
    }

    /// Writes the next property, a 64-bit integer.
    public mutating func write(_ value: Int64) throws { try storeInteger(value) }
    /// Writes the next property, an optional 64-bit integer (`NULL` for nil).
    public mutating func write(_ value: Int64?) throws { try store(value.map(Value.integer) ?? .null) }
    /// Writes the next property, an integer.
    public mutating func write(_ value: Int) throws { try storeInteger(Int64(value)) }
    /// Writes the next property, an optional integer (`NULL` for nil).
    public mutating func write(_ value: Int?) throws { try store(value.map { .integer(Int64($0)) } ?? .null) }
    /// Writes the next property, a 32-bit integer.
    public mutating func write(_ value: Int32) throws { try storeInteger(Int64(value)) }
    /// Writes the next property, an optional 32-bit integer (`NULL` for nil).
    public mutating func write(_ value: Int32?) throws { try store(value.map { .integer(Int64($0)) } ?? .null) }
    /// Writes the next property, a Boolean.
    public mutating func write(_ value: Bool) throws { try storeInteger(value ? 1 : 0) }
    /// Writes the next property, an optional Boolean (`NULL` for nil).
    public mutating func write(_ value: Bool?) throws { try store(value?.databaseValue ?? .null) }
    /// Writes the next property, a double.
    public mutating func write(_ value: Double) throws { try store(value.databaseValue) }
    /// Writes the next property, an optional double (`NULL` for nil).
    public mutating func write(_ value: Double?) throws { try store(value?.databaseValue ?? .null) }
    /// Writes the next property, a string.
    public mutating func write(_ value: String) throws { try store(.text(value)) }
    /// Writes the next property, an optional string (`NULL` for nil).
    public mutating func write(_ value: String?) throws { try store(value.map(Value.text) ?? .null) }

    /// Writes the next property, of any other `Encodable` type, as a `Codable` record
    /// stores it: a raw-value enum or another ``DatabaseValueConvertible`` value in its
    /// column, a record or an array of records as its relation, any other value as JSON.
    public mutating func write<T: Encodable>(_ value: T) throws {
        let index = try nextSlot()
        try encoder.encode(value, forKey: encoder.schema.propertyKeys[property - 1], column: index >= 0 ? index : nil)
    }

    /// Writes the next property, an optional of any other `Encodable` type (`NULL`, or no
    /// relation, for nil).
    public mutating func write<T: Encodable>(_ value: T?) throws {
        guard let value else {
            let index = try nextSlot()
            guard index >= 0 else { return }
            return try encoder.store(.null, at: index)
        }
        try write(value as T)
    }
}
