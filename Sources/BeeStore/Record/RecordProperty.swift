import Foundation

/// One stored property of a record type, as ``RecordMapping/properties(_:)`` declares
/// it: its coding key and its Swift type (`String`, `Int64?`, a record for a belongs-to
/// relation, an array of records for a to-many one, any other `Codable` value for JSON).
public struct RecordProperty: Sendable {
    /// The property's coding key.
    public let key: String
    /// How the property is stored, worked out when the schema is read.
    let field: @Sendable () -> SchemaReflector.Field

    /// The property whose coding key is `key`, of type `type` (an `Optional` for an
    /// optional property).
    public init<Property: Decodable & SendableMetatype>(_ key: String, _ type: Property.Type) {
        self.key = key
        field = {
            let stored: Any.Type = (Property.self as? any OptionalProperty.Type)?.wrappedType ?? Property.self
            return SchemaReflector.Field(
                key: key, kind: FieldKind.of(stored), isOptional: Property.self is any OptionalProperty.Type,
                typeName: String(describing: stored), isDate: stored == Date.self, isDecimal: stored == Decimal.self,
                nativeType: NativeColumnType.of(stored))
        }
    }
}

/// An `Optional`, seen through its wrapped type.
private protocol OptionalProperty {
    static var wrappedType: Any.Type { get }
}

extension Optional: OptionalProperty {
    static var wrappedType: Any.Type { Wrapped.self }
}
