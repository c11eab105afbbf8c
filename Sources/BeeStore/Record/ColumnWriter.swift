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
    /// The target statement, which the inlined writes bind directly: the ``Statement`` that
    /// owns it is held by the encoder's caller for as long as the writer lives.
    @usableFromInline let statement: OpaquePointer
    /// The target statement's parameter of each property, in order; 0 for the key of an
    /// insert that leaves it to the database.
    @usableFromInline let parameters: [Int32]
    /// The next property's position in the schema's properties.
    @usableFromInline var property = 0

    init(encoder: RecordEncoder, statement: OpaquePointer, parameters: [Int32]) {
        self.encoder = encoder
        self.statement = statement
        self.parameters = parameters
    }

    /// Binds `NULL` to the columns of the properties `encode(to:)` did not write, so that
    /// none keeps the previous record's value.
    mutating func finish() throws {
        while property < parameters.count {
            let parameter = parameters[property]
            if parameter > 0 { try encoder.bindTarget(.null, at: parameter) }
            property += 1
        }
    }

    /// The next property's parameter when it has one, for an inlined write; nil when
    /// there is no next property or it has no parameter (the general paths tell which).
    @inlinable @inline(__always)
    func nextDirectParameter() -> DirectParameter? {
        guard property < parameters.count else { return nil }
        let parameter = parameters[property]
        return parameter > 0 ? DirectParameter(statement, parameter) : nil
    }

    /// The next property's parameter (0 for none).
    @inline(__always)
    private mutating func nextParameter() throws -> Int32 {
        guard property < parameters.count else { throw writesTooMany() }
        defer { property += 1 }
        return parameters[property]
    }

    @inline(never)
    private func writesTooMany() -> RecordError {
        RecordError.unsupportedType(
            record: encoder.schema.recordName, property: "#\(property + 1)", type: "ColumnWriter",
            reason: "encode(to:) writes more properties than storedProperties lists")
    }

    /// Binds a standard value to the next property's parameter: the general path of every
    /// write, which the inlined ones take for what they do not bind themselves (a write
    /// past the last property, the key of an insert that leaves it to the database, a
    /// bind SQLite refuses). A property without a parameter is that key: a key written
    /// after all is ``RecordEncoder/KeyWritten``.
    @usableFromInline
    mutating func bind(_ value: Value) throws {
        let parameter = try nextParameter()
        if parameter > 0 {
            try encoder.bindTarget(value, at: parameter)
        } else if !value.isNull {
            throw RecordEncoder.KeyWritten()
        }
    }

    /// Writes the next property with `direct`, which binds it to its parameter and tells
    /// whether it did, or else with `general`, one of the general paths.
    @inlinable @inline(__always)
    mutating func write(
        direct: (DirectParameter) -> Bool, orElse general: (inout ColumnWriter) throws -> Void
    ) throws {
        if let parameter = nextDirectParameter(), direct(parameter) {
            property &+= 1
        } else {
            try general(&self)
        }
    }

    /// Writes the next property, a 64-bit integer.
    @inlinable @inline(__always)
    public mutating func write(_ value: Int64) throws {
        try write(direct: { $0.bind(value) }, orElse: { try $0.bind(.integer(value)) })
    }

    /// Writes `NULL` to the next property.
    @inlinable @inline(__always)
    mutating func writeNull() throws {
        try write(direct: { $0.bindNull() }, orElse: { try $0.bind(.null) })
    }

    /// Writes the next property, an optional 64-bit integer (`NULL` for nil).
    @inlinable @inline(__always)
    public mutating func write(_ value: Int64?) throws {
        if let value { try write(value) } else { try writeNull() }
    }
    /// Writes the next property, an integer.
    @inlinable @inline(__always)
    public mutating func write(_ value: Int) throws { try write(Int64(value)) }
    /// Writes the next property, an optional integer (`NULL` for nil).
    @inlinable @inline(__always)
    public mutating func write(_ value: Int?) throws {
        if let value { try write(Int64(value)) } else { try writeNull() }
    }
    /// Writes the next property, a 32-bit integer.
    @inlinable @inline(__always)
    public mutating func write(_ value: Int32) throws { try write(Int64(value)) }
    /// Writes the next property, an optional 32-bit integer (`NULL` for nil).
    @inlinable @inline(__always)
    public mutating func write(_ value: Int32?) throws {
        if let value { try write(Int64(value)) } else { try writeNull() }
    }
    /// Writes the next property, a Boolean.
    @inlinable @inline(__always)
    public mutating func write(_ value: Bool) throws { try write(Int64(value ? 1 : 0)) }
    /// Writes the next property, an optional Boolean (`NULL` for nil).
    @inlinable @inline(__always)
    public mutating func write(_ value: Bool?) throws {
        if let value { try write(Int64(value ? 1 : 0)) } else { try writeNull() }
    }
    /// Writes the next property, a double; NaN, which SQLite would store as `NULL`, is a
    /// ``ConversionError`` naming its column.
    @inlinable @inline(__always)
    public mutating func write(_ value: Double) throws {
        try write(direct: { !value.isNaN && $0.bind(value) }, orElse: { try $0.bind(value) })
    }
    /// Writes the next property, an optional double (`NULL` for nil; NaN as `write(_: Double)`).
    @inlinable @inline(__always)
    public mutating func write(_ value: Double?) throws {
        if let value { try write(value) } else { try writeNull() }
    }

    /// The general path of a double's write: NaN is an error.
    @usableFromInline
    mutating func bind(_ value: Double) throws {
        if value.isNaN { throw notANumber() }
        try bind(.real(value))
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
    @inlinable @inline(__always)
    public mutating func write(_ value: String) throws {
        try write(direct: { $0.bind(value) }, orElse: { try $0.bind(.text(value)) })
    }
    /// Writes the next property, an optional string (`NULL` for nil).
    @inlinable @inline(__always)
    public mutating func write(_ value: String?) throws {
        if let value { try write(value) } else { try writeNull() }
    }

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
