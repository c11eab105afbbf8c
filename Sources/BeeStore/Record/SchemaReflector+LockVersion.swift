extension SchemaReflector {
    /// The Swift types a lock version may have: integers that SQLite stores as integers.
    private static let lockVersionTypes: Set<String> = ["Int", "Int8", "Int16", "Int32", "Int64", "UInt8", "UInt16", "UInt32"]

    /// The index in `columns` of the record's lock version (see
    /// ``RecordMapping/lockVersion(_:)``): the property the mapping declares, else the one
    /// whose coding key is `lockVersion` or `lock_version`; nil when there is none. A
    /// ``RecordError/unsupportedType(record:property:type:reason:)`` when that property
    /// is not a non-optional integer of its own column, or is the primary key (`primaryKey`
    /// is its coding key; the mapping's key columns are checked by name).
    func lockVersionIndex(in columns: [RecordSchema.Column], mapping: RecordMapping, primaryKey: String?) throws -> Int? {
        let conventional = ["lockVersion", "lock_version"].first { key in fields.contains { $0.key == key } }
        guard let property = mapping.lockVersionProperty ?? conventional else { return nil }
        let field = fields.first { $0.key == property }
        let typeName = (field?.typeName ?? "a relation") + (field?.isOptional == true ? "?" : "")
        func refuse(_ reason: String) -> RecordError {
            .unsupportedType(record: recordName, property: property, type: typeName, reason: reason)
        }
        let keyColumns = Set(mapping.primaryKeyColumns.map(SQLRenderer.asciiLowercased))
        guard let index = columns.firstIndex(where: { $0.key == property }), case .value = columns[index].storage,
            let field, Self.lockVersionTypes.contains(field.typeName), !field.isOptional
        else {
            throw refuse("a lock version is a non-optional integer property (Int, Int64, Int32…), 0 for a new record")
        }
        guard property != primaryKey, !keyColumns.contains(SQLRenderer.asciiLowercased(columns[index].name)) else {
            throw refuse("the primary key cannot be the lock version")
        }
        return index
    }
}
