import Foundation

/// How a property of a given Swift type is stored.
enum FieldKind {
    case value(ColumnType)
    case json
    case belongsTo(any ActiveRecord.Type)
    case hasMany(any ActiveRecord.Type)

    private static let valueTypes: [ObjectIdentifier: ColumnType] = [
        ObjectIdentifier(Bool.self): .integer,
        ObjectIdentifier(Int.self): .integer, ObjectIdentifier(Int8.self): .integer,
        ObjectIdentifier(Int16.self): .integer, ObjectIdentifier(Int32.self): .integer,
        ObjectIdentifier(Int64.self): .integer, ObjectIdentifier(UInt8.self): .integer,
        ObjectIdentifier(UInt16.self): .integer, ObjectIdentifier(UInt32.self): .integer,
        // Values above Int64.max are stored as decimal text, which an INTEGER column would
        // turn into a rounded real: these columns have no affinity.
        ObjectIdentifier(UInt.self): .blob, ObjectIdentifier(UInt64.self): .blob,
        ObjectIdentifier(Double.self): .real, ObjectIdentifier(Float.self): .real,
        ObjectIdentifier(String.self): .text, ObjectIdentifier(Date.self): .text,
        ObjectIdentifier(UUID.self): .text, ObjectIdentifier(URL.self): .text,
        ObjectIdentifier(Decimal.self): .text, ObjectIdentifier(Data.self): .blob,
    ]

    /// The kind of `type`: a standard value, a raw-value enum (stored as its raw value),
    /// another `DatabaseValueConvertible` (stored as it converts, without affinity), a
    /// record, an array of records, or anything else `Codable` (JSON).
    static func of(_ type: Any.Type) -> FieldKind {
        if let columnType = valueTypes[ObjectIdentifier(type)] {
            return .value(columnType)
        }
        if let record = type as? any ActiveRecord.Type {
            return .belongsTo(record)
        }
        if let array = type as? any RecordArray.Type {
            return .hasMany(array.recordType)
        }
        if let raw = type as? any RawRepresentable.Type, case .value(let columnType) = rawKind(raw) {
            return .value(columnType)
        }
        if type is any DatabaseValueConvertible.Type {
            return .value(.blob)
        }
        return .json
    }

    private static func rawKind<Raw: RawRepresentable>(_ type: Raw.Type) -> FieldKind {
        of(Raw.RawValue.self)
    }
}

/// An array of records: a has-many relation.
protocol RecordArray {
    static var recordType: any ActiveRecord.Type { get }
    var records: [any ActiveRecord] { get }
    init?(records: [any ActiveRecord])
}

extension Array: RecordArray where Element: ActiveRecord {
    static var recordType: any ActiveRecord.Type { Element.self }

    var records: [any ActiveRecord] { self }

    init?(records: [any ActiveRecord]) {
        guard let typed = records as? [Element] else { return nil }
        self = typed
    }
}
