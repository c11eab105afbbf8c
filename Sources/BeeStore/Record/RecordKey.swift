import Foundation

/// The type of a record's primary key: `Int64?` (the default: nil until the database
/// assigns the row id on insert), or a key the app assigns itself (`String`, `UUID`,
/// `Int64`, `Int`, or an optional of one of them).
public protocol RecordKey: Sendable {
    /// The key as the database stores it; nil while a database-assigned key is not assigned.
    var databaseKey: Value? { get }

    /// The key read back from its column.
    init(databaseKey: Value) throws
}

extension Int64: RecordKey {
    /// The key as an integer.
    public var databaseKey: Value? { databaseValue }

    /// The key from an integer column.
    public init(databaseKey: Value) throws { try self.init(databaseValue: databaseKey) }
}

extension Int: RecordKey {
    /// The key as an integer.
    public var databaseKey: Value? { databaseValue }

    /// The key from an integer column.
    public init(databaseKey: Value) throws { try self.init(databaseValue: databaseKey) }
}

extension String: RecordKey {
    /// The key as text.
    public var databaseKey: Value? { databaseValue }

    /// The key from a text column.
    public init(databaseKey: Value) throws { try self.init(databaseValue: databaseKey) }
}

extension UUID: RecordKey {
    /// The key as text, as BeeStore stores UUIDs.
    public var databaseKey: Value? { databaseValue }

    /// The key from a text or 16-byte blob column.
    public init(databaseKey: Value) throws { try self.init(databaseValue: databaseKey) }
}

extension Optional: RecordKey where Wrapped: RecordKey {
    /// The wrapped key, or nil while none is assigned.
    public var databaseKey: Value? { self?.databaseKey }

    /// The key read back from its column.
    public init(databaseKey: Value) throws {
        self = databaseKey.isNull ? nil : try Wrapped(databaseKey: databaseKey)
    }
}

// A save handles the key of each record it writes: with the default key type (`Int64?`),
// the generic path through `Optional`'s conformance (the optional's metadata, then
// `Int64`'s) costs more than the rest of that handling, so the two functions below take
// a direct path for it. `Self` is `Int64?` there, checked first: the casts are identities.
extension RecordKey {
    /// ``databaseKey``, read directly for a default key.
    var savedKey: Value? {
        guard Self.self == Int64?.self else { return databaseKey }
        return unsafeBitCast(self, to: Int64?.self).map(Value.integer)
    }

    /// ``init(databaseKey:)``, with the row id the database assigned to a default key set directly.
    static func assigned(_ key: Value) throws -> Self {
        guard Self.self == Int64?.self, case .integer(let rowID) = key else { return try Self(databaseKey: key) }
        return unsafeBitCast(Int64?.some(rowID), to: Self.self)
    }
}
