/// Writes a ``ColumnCodableRecord``'s properties into its row, one after the other, in
/// the order of its ``ColumnCodableRecord/storedProperties``: each `write(_:)` sets the
/// next property's column.
///
/// Integers, reals, text and booleans (optional or not) are bound straight to the
/// statement's parameter; any other type is stored as a `Codable` record's property is
/// (raw-value enums, other ``DatabaseValueConvertible`` types, JSON text).
public struct ColumnWriter {
    /// The encoder, encoding the record into its target statement.
    private let encoder: RecordEncoder
    /// The next property's position in the schema's properties.
    private var property = 0

    init(encoder: RecordEncoder) {
        self.encoder = encoder
    }

    /// Binds `NULL` to the columns of the properties `encode(to:)` did not write, so that
    /// none keeps the previous record's value.
    mutating func finish() throws {
        while let parameter = encoder.targetParameter(ofProperty: property) {
            if parameter > 0 { try encoder.bindTarget(.null, at: parameter) }
            property += 1
        }
    }

    /// The next property's parameter (0 for none).
    @inline(__always)
    private mutating func nextParameter() throws -> Int32 {
        guard let parameter = encoder.targetParameter(ofProperty: property) else { throw writesTooMany() }
        property += 1
        return parameter
    }

    @inline(never)
    private func writesTooMany() -> RecordError {
        RecordError.unsupportedType(
            record: encoder.schema.recordName, property: "#\(property + 1)", type: "ColumnWriter",
            reason: "encode(to:) writes more properties than storedProperties lists")
    }

    /// Binds a standard value to the next property's parameter. A property without one
    /// is the key of an insert that leaves it to the database: a key written after all
    /// is ``RecordEncoder/KeyWritten``.
    @inline(__always)
    private mutating func bind(_ value: Value) throws {
        let parameter = try nextParameter()
        if parameter > 0 {
            try encoder.bindTarget(value, at: parameter)
        } else if !value.isNull {
            throw RecordEncoder.KeyWritten()
        }
    }

    /// Binds an integer to the next property's parameter, without a ``Value``; a key
    /// written where the insert leaves it to the database is ``RecordEncoder/KeyWritten``.
    @inline(__always)
    private mutating func bind(_ value: Int64) throws {
        let parameter = try nextParameter()
        guard parameter > 0 else { throw RecordEncoder.KeyWritten() }
        try encoder.bindTarget(value, at: parameter)
    }

    /// Writes the next property, a 64-bit integer.
    // Not inlined into `write(_: Int)`: their code would be the same, and the two would be
    // merged into one function that each calls, one call more per column.
    @inline(never)
    public mutating func write(_ value: Int64) throws { try bind(value) }
    /// Writes the next property, an optional 64-bit integer (`NULL` for nil).
    public mutating func write(_ value: Int64?) throws {
        guard let value else { return try bind(.null) }
        try bind(value)
    }
    /// Writes the next property, an integer.
    public mutating func write(_ value: Int) throws { try write(Int64(value)) }
    /// Writes the next property, an optional integer (`NULL` for nil).
    public mutating func write(_ value: Int?) throws { try write(value.map(Int64.init)) }
    /// Writes the next property, a 32-bit integer.
    public mutating func write(_ value: Int32) throws { try bind(Int64(value)) }
    /// Writes the next property, an optional 32-bit integer (`NULL` for nil).
    public mutating func write(_ value: Int32?) throws { try write(value.map(Int64.init)) }
    /// Writes the next property, a Boolean.
    public mutating func write(_ value: Bool) throws { try bind(Int64(value ? 1 : 0)) }
    /// Writes the next property, an optional Boolean (`NULL` for nil).
    public mutating func write(_ value: Bool?) throws { try write(value.map { $0 ? 1 : 0 } as Int64?) }
    /// Writes the next property, a double; NaN, which SQLite would store as `NULL`, is a
    /// ``ConversionError`` naming its column.
    public mutating func write(_ value: Double) throws {
        if value.isNaN { throw notANumber() }
        try bind(value.databaseValue)
    }
    /// Writes the next property, an optional double (`NULL` for nil; NaN as `write(_: Double)`).
    public mutating func write(_ value: Double?) throws {
        guard let value else { return try bind(.null) }
        try write(value)
    }

    /// The error of a NaN written for the next property.
    @inline(never)
    private func notANumber() -> ConversionError {
        let slot = property < encoder.schema.propertySlots.count ? encoder.schema.propertySlots[property] : -1
        guard slot >= 0 else {
            return .invalidValue(expected: "number (SQLite stores NaN as NULL)", value: .real(.nan), column: nil)
        }
        return encoder.notANumber(column: slot)
    }
    /// Writes the next property, a string.
    public mutating func write(_ value: String) throws { try bind(.text(value)) }
    /// Writes the next property, an optional string (`NULL` for nil).
    public mutating func write(_ value: String?) throws { try bind(value.map(Value.text) ?? .null) }

    /// Writes the next property, of any other `Encodable` type, as a `Codable` record
    /// stores it: a raw-value enum or another ``DatabaseValueConvertible`` value in its
    /// column, a record or an array of records as its relation, any other value as JSON.
    public mutating func write<T: Encodable>(_ value: T) throws {
        _ = try nextParameter()
        let slot = encoder.schema.propertySlots[property - 1]
        try encoder.encode(value, forKey: encoder.schema.propertyKeys[property - 1], column: slot >= 0 ? slot : nil)
    }

    /// Writes the next property, an optional of any other `Encodable` type (`NULL`, or no
    /// relation, for nil).
    public mutating func write<T: Encodable>(_ value: T?) throws {
        guard let value else { return try bind(.null) }
        try write(value as T)
    }
}
