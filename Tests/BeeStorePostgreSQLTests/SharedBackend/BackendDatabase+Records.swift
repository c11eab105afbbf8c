#if PostgreSQL
import BeeStore
import BeeStorePostgreSQL

/// Record operations on either backend: the same calls, through the forms that take
/// either database (``SQLDatabase``).
extension BackendDatabase {
    func save<Record: ActiveRecord>(_ record: inout Record) throws {
        try record.save(in: database)
    }

    func save<Record: ActiveRecord>(_ records: inout [Record]) throws {
        try records.save(in: database)
    }

    func insert<Record: ActiveRecord>(_ record: inout Record) throws {
        try record.insert(in: database)
    }

    func update<Record: ActiveRecord>(_ record: Record) throws {
        try record.update(in: database)
    }

    /// Updates the columns of `record` whose values differ from those of `old`; false,
    /// writing nothing, when none do.
    func updateChanges<Record: ActiveRecord>(_ record: inout Record, from old: Record) throws -> Bool {
        try record.updateChanges(in: database, from: old)
    }

    /// Deletes the record's row; false when there was none.
    func delete<Record: ActiveRecord>(_ record: Record) throws -> Bool {
        try record.delete(in: database)
    }

    func find<Record: ActiveRecord>(_ type: Record.Type, _ key: Record.ID) throws -> Record? {
        try Record.find(key, in: database)
    }

    /// Every record of the type, in key order.
    func all<Record: ActiveRecord>(_ type: Record.Type) throws -> [Record] {
        try Record.all(in: database)
    }

    func count<Record: ActiveRecord>(_ type: Record.Type) throws -> Int {
        try Record.count(in: database)
    }

    /// Deletes every record of the type; returns how many.
    func deleteAll<Record: ActiveRecord>(_ type: Record.Type) throws -> Int {
        try Record.deleteAll(in: database)
    }

    func records<Record: ActiveRecord>(_ query: RecordQuery<Record>) throws -> [Record] {
        try query.records(in: database)
    }

    func first<Record: ActiveRecord>(_ query: RecordQuery<Record>) throws -> Record? {
        try query.first(in: database)
    }

    func find<Record: ActiveRecord>(_ key: Record.ID, in query: RecordQuery<Record>) throws -> Record? {
        try query.find(key, in: database)
    }

    func count<Record: ActiveRecord>(_ query: RecordQuery<Record>) throws -> Int {
        try query.count(in: database)
    }

    /// Deletes the records the query selects; returns how many.
    func deleteAll<Record: ActiveRecord>(_ query: RecordQuery<Record>) throws -> Int {
        try query.deleteAll(in: database)
    }
}
#endif
