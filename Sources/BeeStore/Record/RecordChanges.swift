import Foundation

/// The column values of two copies of one record, encoded as a save would store them,
/// and which columns differ: what ``ActiveRecord/updateChanges(in:from:)`` writes.
///
/// Relations are not columns: a belongs-to property counts as its foreign key column
/// (the related record's key), to-many relations are not compared. Nor is a lock
/// version (see ``RecordMapping/lockVersion(_:)``): the update writes it, one more than
/// the older copy's.
package struct RecordChanges {
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
    /// The lock version the row must hold for the update to find it: the older copy's,
    /// once ``advanceLockVersion()`` gave the newer copy the next one; nil without one.
    private(set) var expectedVersion: Int64?

    /// The changes from `old` to `new` that an update writes, with the key of the row it
    /// updates (`old`'s); nil when no column changed. `old` without a key is
    /// ``RecordError/notSaved(record:)``.
    package static func pending<Record: ActiveRecord>(from old: Record, to new: Record) throws -> (changes: RecordChanges, key: Value)? {
        let changes = try RecordChanges(from: old, to: new)
        guard let key = changes.oldKey else { throw RecordError.notSaved(record: changes.schema.recordName) }
        return changes.changed.isEmpty ? nil : (changes, key)
    }

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
        self.changed = oldValues.indices.filter { $0 != schema.lockVersionIndex && oldValues[$0] != encoder.values[$0] }
    }

    /// The changes, in schema order.
    var columnChanges: [ColumnChange] {
        changed.map { ColumnChange(column: schema.columns[$0].name, old: old[$0], new: new[$0]) }
    }

    /// Sets the timestamps a save sets (see ``RecordTimestamps``).
    private mutating func stamp(at time: Date) {
        schema.timestamps.stamp(&new, rebuilding: &rebuilt, at: time, schema: schema)
    }

    /// Gives the newer copy the lock version the update writes, one more than the older
    /// copy's (which becomes ``expectedVersion``); nothing for a type without one.
    private mutating func advanceLockVersion() throws {
        guard let version = try schema.lockVersion(in: old) else { return }
        try schema.advanceLockVersion(from: version, in: &new, rebuilding: &rebuilt)
        expectedVersion = version
    }

    /// The indexes of the columns the update writes: the changed ones, the stamped
    /// timestamps and the advanced lock version.
    var written: [Int] {
        changed + [schema.timestamps.createdAt, schema.timestamps.updatedAt, schema.lockVersionIndex].compactMap { $0 }
            .filter { !changed.contains($0) && new[$0] != old[$0] }
    }

    /// Writes the changes of `edited` (the newer copy) to the row with `key`: stamps the
    /// timestamps, advances the lock version, and runs the update, rendered in `dialect`,
    /// with `run` (which returns how many rows it changed). When it finds no row, throws
    /// why (`rowExists` tells whether a row has a key). Returns the record as saved.
    mutating func write<Record: ActiveRecord>(
        _ edited: Record, key: Value, in dialect: SQLDialect,
        run: (SQLStatement) throws -> Int, rowExists: (Value) throws -> Bool
    ) throws -> Record {
        stamp(at: RecordTimestamps.now())
        try advanceLockVersion()
        guard try run(updateStatement(key: key, in: dialect)) > 0 else {
            throw try missedRowError(key: key, rowExists: rowExists)
        }
        let keepsEdited = schema.timestamps.isEmpty && expectedVersion == nil
        return keepsEdited || Record.self is AnyClass ? edited : try savedRecord(Record.self)
    }

    /// Why the update found no row with `key`: the row is gone, it holds another lock
    /// version, or a changed column no longer holds its old value.
    private func missedRowError(key: Value, rowExists: (Value) throws -> Bool) throws -> RecordError {
        if expectedVersion != nil {
            return try schema.missedRowError(key: key, expectedVersion: expectedVersion, rowExists: rowExists)
        }
        guard try rowExists(key) else { return RecordError.notFound(record: schema.recordName, id: key) }
        let columns = changed.filter { !schema.primaryKeyIndexes.contains($0) }.map { schema.columns[$0].name }
        return RecordError.staleRecord(record: schema.recordName, id: key, columns: columns)
    }

    /// The update of the row with the older copy's key, writing the changed columns,
    /// that finds the row only while every changed column still holds its old value, or
    /// for a type with a lock version, while the row holds ``expectedVersion``; in `dialect`.
    private func updateStatement(key: Value, in dialect: SQLDialect) throws -> SQLStatement {
        var query = try Query(database: nil, table: schema.tableName).rendered(for: dialect)
            .where(key: schema.primaryKeyNames, equals: schema.keyParts(of: key))
        for index in written {
            query = query.set(schema.columns[index].name, new[index])
        }
        if let expectedVersion, let index = schema.lockVersionIndex {
            return try query.where(schema.columns[index].name, expectedVersion).updateStatement()
        }
        for index in changed where !schema.primaryKeyIndexes.contains(index) {
            query = query.where(schema.columns[index].name, old[index])
        }
        return try query.updateStatement()
    }

    /// The newer copy as saved: its stamped timestamps and advanced lock version included.
    private func savedRecord<Record: ActiveRecord>(_ type: Record.Type) throws -> Record {
        try RecordDecoder(schema: schema, values: new, decoded: rebuilt).decode(Record.self)
    }
}
