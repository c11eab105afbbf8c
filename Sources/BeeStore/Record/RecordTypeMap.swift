/// Values kept by record type, the one asked for last found without hashing its type:
/// records of one type used one after the other (lookups, saves) take that path.
struct RecordTypeMap<Value> {
    private var values: [ObjectIdentifier: Value] = [:]
    private var last: (typeID: ObjectIdentifier, value: Value)?

    /// The value of the record type `typeID`, if any. Inlined: a lookup by key takes it.
    @inline(__always)
    mutating func value(of typeID: ObjectIdentifier) -> Value? {
        if let last, last.typeID == typeID { return last.value }
        guard let value = values[typeID] else { return nil }
        last = (typeID, value)
        return value
    }

    /// Keeps `value` for the record type `typeID`.
    mutating func set(_ value: Value, for typeID: ObjectIdentifier) {
        values[typeID] = value
        last = (typeID, value)
    }

    /// The number of record types kept.
    var count: Int { values.count }
}
