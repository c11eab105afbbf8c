import Foundation

/// A Swift type that converts to and from a database ``Value``.
///
/// BeeStore provides conformances for `Bool`, every integer width, `Double`, `Float`,
/// `String`, `Data`, `Date`, `UUID`, `URL`, ``Value`` itself, and `Optional` of any of them.
/// Reading a value of the wrong type throws a ``ConversionError``; it never crashes.
///
/// ```swift
/// let age = try Int(databaseValue: .integer(42))  // 42
/// let name = try String(databaseValue: .integer(42))  // throws ConversionError.typeMismatch
/// ```
public protocol DatabaseValueConvertible {
    /// The value as SQLite stores it.
    var databaseValue: Value { get }

    /// Creates an instance from a database value, or throws a ``ConversionError``.
    init(databaseValue: Value) throws
}

extension DatabaseValueConvertible {
    /// ``init(databaseValue:)``, its ``ConversionError`` naming `column`. Inlined: record
    /// decoding calls it for every column.
    @inline(__always)
    init(databaseValue value: Value, column: String) throws {
        do {
            self = try Self(databaseValue: value)
        } catch let error as ConversionError {
            throw error.inColumn(column)
        }
    }
}

extension Value: DatabaseValueConvertible {
    /// The value itself.
    public var databaseValue: Value { self }

    /// The value itself; never throws.
    public init(databaseValue: Value) {
        self = databaseValue
    }
}

extension Optional: DatabaseValueConvertible where Wrapped: DatabaseValueConvertible {
    /// `NULL` for `nil`, the wrapped value's otherwise.
    public var databaseValue: Value {
        switch self {
        case .none: .null
        case .some(let wrapped): wrapped.databaseValue
        }
    }

    /// `nil` for `NULL`, the wrapped type's conversion otherwise.
    @inlinable
    public init(databaseValue: Value) throws {
        if case .null = databaseValue {
            self = .none
        } else {
            self = .some(try Wrapped(databaseValue: databaseValue))
        }
    }
}

extension Bool: DatabaseValueConvertible {
    /// 1 for `true`, 0 for `false`.
    public var databaseValue: Value { .integer(self ? 1 : 0) }

    /// `false` for 0, `true` for any other number.
    public init(databaseValue: Value) throws {
        switch databaseValue {
        case .integer(let integer): self = integer != 0
        case .real(let real): self = real != 0
        default: throw ConversionError.typeMismatch(expected: "Bool", value: databaseValue, column: nil)
        }
    }
}

extension String: DatabaseValueConvertible {
    /// Text.
    public var databaseValue: Value { .text(self) }

    /// Reads text; any other storage class is a type mismatch.
    public init(databaseValue: Value) throws {
        guard case .text(let text) = databaseValue else {
            throw ConversionError.typeMismatch(expected: "String", value: databaseValue, column: nil)
        }
        self = text
    }
}

extension Data: DatabaseValueConvertible {
    /// A blob.
    public var databaseValue: Value { .blob(self) }

    /// Reads a blob, or the UTF-8 bytes of text.
    public init(databaseValue: Value) throws {
        switch databaseValue {
        case .blob(let data): self = data
        case .text(let text): self = Data(text.utf8)
        default: throw ConversionError.typeMismatch(expected: "Data", value: databaseValue, column: nil)
        }
    }
}

extension Double: DatabaseValueConvertible {
    /// A real.
    public var databaseValue: Value { .real(self) }

    /// Reads a real or an integer.
    public init(databaseValue: Value) throws {
        switch databaseValue {
        case .real(let real): self = real
        case .integer(let integer): self = Double(integer)
        default: throw ConversionError.typeMismatch(expected: "Double", value: databaseValue, column: nil)
        }
    }
}

extension Float: DatabaseValueConvertible {
    /// A real.
    public var databaseValue: Value { .real(Double(self)) }

    /// Reads a real or an integer, rounded to the nearest `Float`.
    public init(databaseValue: Value) throws {
        self = Float(try Double(databaseValue: databaseValue))
    }
}

extension UUID: DatabaseValueConvertible {
    /// The canonical 36-character text (`E621E1F8-C36C-495A-93FC-0C247A3E6E5F`).
    public var databaseValue: Value { .text(uuidString) }

    /// Reads the canonical text (any case) or 16 raw bytes.
    public init(databaseValue: Value) throws {
        switch databaseValue {
        case .text(let text):
            guard let uuid = UUID(uuidString: text) else {
                throw ConversionError.invalidValue(expected: "UUID", value: databaseValue, column: nil)
            }
            self = uuid
        case .blob(let data) where data.count == 16:
            let bytes = Array(data)
            self = UUID(uuid: (
                bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
            ))
        case .blob:
            throw ConversionError.invalidValue(expected: "UUID", value: databaseValue, column: nil)
        default:
            throw ConversionError.typeMismatch(expected: "UUID", value: databaseValue, column: nil)
        }
    }
}

extension URL: DatabaseValueConvertible {
    /// The absolute string.
    public var databaseValue: Value { .text(absoluteString) }

    /// Reads text that parses as a URL.
    public init(databaseValue: Value) throws {
        guard case .text(let text) = databaseValue else {
            throw ConversionError.typeMismatch(expected: "URL", value: databaseValue, column: nil)
        }
        guard let url = URL(string: text) else {
            throw ConversionError.invalidValue(expected: "URL", value: databaseValue, column: nil)
        }
        self = url
    }
}

extension Decimal: DatabaseValueConvertible {
    /// Decimal text, which keeps every digit (a real would round).
    public var databaseValue: Value { .text(description) }

    /// Reads decimal text, an integer or a real.
    public init(databaseValue: Value) throws {
        switch databaseValue {
        case .text(let text):
            guard let decimal = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")) else {
                throw ConversionError.invalidValue(expected: "Decimal", value: databaseValue, column: nil)
            }
            self = decimal
        case .integer(let integer):
            self = Decimal(integer)
        case .real(let real):
            // The shortest decimal that reads back as the double (0.99, not 0.98999…): the
            // number a column of numeric affinity made of the text it was given.
            self = Decimal(string: "\(real)", locale: Locale(identifier: "en_US_POSIX")) ?? Decimal(real)
        default:
            throw ConversionError.typeMismatch(expected: "Decimal", value: databaseValue, column: nil)
        }
    }
}
