import BeeStore

/// Where the example's records live: a SQLite `Database`, or (with the `PostgreSQL`
/// trait) a `PostgreSQLDatabase`. Each fact is written once, against this.
protocol RecordStore {
    /// The number of records of `type`.
    func count<Record: ActiveRecord>(_ type: Record.Type) throws -> Int
    /// The records `query` selects, with the relations it includes.
    func records<Record: ActiveRecord>(_ query: RecordQuery<Record>) throws -> [Record]
    /// The first record `query` selects, if any.
    func first<Record: ActiveRecord>(_ query: RecordQuery<Record>) throws -> Record?
    /// The record with this key among those `query` selects.
    func find<Record: ActiveRecord>(_ key: Record.ID, _ query: RecordQuery<Record>) throws -> Record?
    /// Saves `record` with its new related records.
    func save<Record: ActiveRecord>(_ record: inout Record) throws
}

extension Database: RecordStore {
    func count<Record: ActiveRecord>(_ type: Record.Type) throws -> Int { try type.count(in: self) }
    func records<Record: ActiveRecord>(_ query: RecordQuery<Record>) throws -> [Record] { try query.records(in: self) }
    func first<Record: ActiveRecord>(_ query: RecordQuery<Record>) throws -> Record? { try query.first(in: self) }
    func find<Record: ActiveRecord>(_ key: Record.ID, _ query: RecordQuery<Record>) throws -> Record? {
        try query.find(key, in: self)
    }
    func save<Record: ActiveRecord>(_ record: inout Record) throws { try record.save(in: self) }
}
