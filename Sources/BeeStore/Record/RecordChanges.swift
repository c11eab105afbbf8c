import Foundation

/// The column values of two copies of one record, encoded as a save would store them,
/// and which columns differ: what ``ActiveRecord/updateChanges(in:from:)`` writes.
///
/// Relations are not columns: a belongs-to property counts as its foreign key column
/// (the related record's key), to-many relations are not compared.
struct RecordChanges {
    let schema: RecordSchema
    /// The older copy's values, in schema order.
    let old: [Value]
    /// The newer copy's values, in schema order (timestamps stamped by ``stamp(at:)``).
    private(set) var new: [Value]
    /// The newer copy's properties by coding key, to rebuild it once stamped.
    private var rebuilt: [String: Any]
    /// The indexes of the columns that differ, in schema order.
    let changed: [Int]
    /// The row's key as the older copy has it: the row to update; nil when it has none.
    let oldKey: Value?

    init<Record: ActiveRecord>(from old: Record, to new: Record) throws {
        let schema = try RecordSchema.of(Record.self)
        let encoder = RecordEncoder(schema: schema)
        try encoder.encode(old)
        let oldValues = encoder.values
        try encoder.encode(new)
        for (index, related) in encoder.belongsTo where related.id.databaseKey == nil {
            // The foreign key column would read NULL: the related record must be saved first.
            throw RecordError.notSaved(record: "\(schema.recordName).\(schema.columns[index].key)")
        }
        self.schema = schema
        self.oldKey = old.id.savedKey
        self.old = oldValues
        self.new = encoder.values
        self.rebuilt = encoder.originals
        self.changed = oldValues.indices.filter { oldValues[$0] != encoder.values[$0] }
    }

    /// The changes, in schema order.
    var columnChanges: [ColumnChange] {
        changed.map { ColumnChange(column: schema.columns[$0].name, old: old[$0], new: new[$0]) }
    }


    /// Sets the timestamps a save sets (see ``RecordTimestamps``).
    mutating func stamp(at time: Date) {
        schema.timestamps.stamp(&new, rebuilding: &rebuilt, at: time, schema: schema)
    }

    /// The indexes of the columns the update writes: the changed ones and the stamped timestamps.
    var written: [Int] {
        changed + [schema.timestamps.createdAt, schema.timestamps.updatedAt].compactMap { $0 }
            .filter { !changed.contains($0) && new[$0] != old[$0] }
    }

    /// The update of the row with the older copy's key, writing the changed columns,
    /// that finds the row only while every changed column still holds its old value.
    func updateStatement(key: Value) throws -> SQLStatement {
        var query = try Query(database: nil, table: schema.tableName)
            .where(key: schema.primaryKeyNames, equals: schema.keyParts(of: key))
        for index in written {
            query = query.set(schema.columns[index].name, new[index])
        }
        for index in changed where !schema.primaryKeyIndexes.contains(index) {
            query = query.where(schema.columns[index].name, old[index])
        }
        return try query.updateStatement()
    }

    /// The newer copy as saved: its stamped timestamps included.
    func savedRecord<Record: ActiveRecord>(_ type: Record.Type) throws -> Record {
        try RecordDecoder(schema: schema, values: new, decoded: rebuilt).decode(Record.self)
    }
}
