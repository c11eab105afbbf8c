/// An error converting between a database ``Value`` and a Swift type, or reading a
/// column a row does not have.
public enum ConversionError: Error, Sendable, Equatable {
    /// The value's storage class cannot represent the requested type
    /// (text where an integer was expected, for example).
    case typeMismatch(expected: String, value: Value, column: String?)
    /// The value has the right storage class but does not fit the requested type
    /// (300 for an `Int8`, a malformed UUID string).
    case invalidValue(expected: String, value: Value, column: String?)
    /// The row has no column of this name.
    case missingColumn(String, available: [String])
    /// The row has no column at this index.
    case columnIndexOutOfRange(Int, columnCount: Int)

    /// The same error, naming the column it came from.
    func inColumn(_ name: String) -> ConversionError {
        switch self {
        case .typeMismatch(let expected, let value, nil):
            .typeMismatch(expected: expected, value: value, column: name)
        case .invalidValue(let expected, let value, nil):
            .invalidValue(expected: expected, value: value, column: name)
        default:
            self
        }
    }
}

extension ConversionError: CustomStringConvertible {
    /// A one-line explanation naming the type, the value and the column.
    public var description: String {
        func place(_ column: String?) -> String {
            column.map { " in column \"\($0)\"" } ?? ""
        }
        switch self {
        case .typeMismatch(let expected, let value, let column):
            return "cannot read \(value.storageClassName) \(value) as \(expected)\(place(column))"
        case .invalidValue(let expected, let value, let column):
            return "value \(value) is not a valid \(expected)\(place(column))"
        case .missingColumn(let name, let available):
            return "no column \"\(name)\" in row (columns: \(available.joined(separator: ", ")))"
        case .columnIndexOutOfRange(let index, let count):
            return "no column at index \(index) in row of \(count) columns"
        }
    }
}
