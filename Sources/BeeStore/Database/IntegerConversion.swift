/// Every integer width converts through one implementation: integers are stored as
/// SQLite integers; an unsigned value above `Int64.max` is stored as its decimal text
/// so that it round-trips without loss instead of trapping.
extension DatabaseValueConvertible where Self: FixedWidthInteger {
    /// An integer, or decimal text for unsigned values above `Int64.max`.
    @inlinable
    public var databaseValue: Value {
        if let integer = Int64(exactly: self) {
            return .integer(integer)
        }
        return .text(String(self))
    }

    /// Reads an integer, a real without fractional part, or (for unsigned values that
    /// do not fit `Int64`) decimal text; values out of the type's range throw.
    @inlinable
    public init(databaseValue: Value) throws {
        switch databaseValue {
        case .integer(let integer):
            if let converted = Self(exactly: integer) {
                self = converted
                return
            }
        case .real(let real):
            if let converted = Self(exactly: real) {
                self = converted
                return
            }
        case .text(let text) where !Self.isSigned && Self.bitWidth >= 64:
            if let converted = Self(text) {
                self = converted
                return
            }
        default:
            throw ConversionError.typeMismatch(expected: "\(Self.self)", value: databaseValue, column: nil)
        }
        throw ConversionError.invalidValue(expected: "\(Self.self)", value: databaseValue, column: nil)
    }
}

extension Int: DatabaseValueConvertible {}
extension Int8: DatabaseValueConvertible {}
extension Int16: DatabaseValueConvertible {}
extension Int32: DatabaseValueConvertible {}
extension Int64: DatabaseValueConvertible {}
extension UInt: DatabaseValueConvertible {}
extension UInt8: DatabaseValueConvertible {}
extension UInt16: DatabaseValueConvertible {}
extension UInt32: DatabaseValueConvertible {}
extension UInt64: DatabaseValueConvertible {}
