import Foundation

/// A value as SQLite stores it: one of its five storage classes.
///
/// `Value` is what statements bind and what rows hold. Convert Swift values to and
/// from it with ``DatabaseValueConvertible``; literals convert directly:
///
/// ```swift
/// let values: [Value] = [1, 2.5, "text", nil, .blob(Data([0xFF]))]
/// ```
public enum Value: Sendable, Hashable {
    /// SQL `NULL`.
    case null
    /// A 64-bit signed integer.
    case integer(Int64)
    /// A 64-bit IEEE floating point number.
    case real(Double)
    /// UTF-8 text.
    case text(String)
    /// Bytes, stored as they are.
    case blob(Data)

    /// Whether this is SQL `NULL`.
    public var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    /// The name SQLite gives this value's storage class (`"integer"`, `"text"`, …),
    /// as returned by SQL's `typeof()`.
    public var storageClassName: String {
        switch self {
        case .null: "null"
        case .integer: "integer"
        case .real: "real"
        case .text: "text"
        case .blob: "blob"
        }
    }
}

extension Value: ExpressibleByNilLiteral {
    /// Creates `NULL`.
    public init(nilLiteral: ()) {
        self = .null
    }
}

extension Value: ExpressibleByIntegerLiteral {
    /// Creates an integer value.
    public init(integerLiteral value: Int64) {
        self = .integer(value)
    }
}

extension Value: ExpressibleByFloatLiteral {
    /// Creates a real value.
    public init(floatLiteral value: Double) {
        self = .real(value)
    }
}

extension Value: ExpressibleByStringLiteral {
    /// Creates a text value.
    public init(stringLiteral value: String) {
        self = .text(value)
    }
}

extension Value: ExpressibleByBooleanLiteral {
    /// Creates the integer 1 for `true` and 0 for `false`, as SQLite stores booleans.
    public init(booleanLiteral value: Bool) {
        self = .integer(value ? 1 : 0)
    }
}
