#if PostgreSQL
import BeeStore
import BeeStorePostgreSQL

extension PostgreSQLDatabase: RecordStore {
    func count<Record: ActiveRecord>(_ type: Record.Type) throws -> Int { try type.count(in: self) }
    func records<Record: ActiveRecord>(_ query: RecordQuery<Record>) throws -> [Record] { try query.records(in: self) }
    func first<Record: ActiveRecord>(_ query: RecordQuery<Record>) throws -> Record? { try query.first(in: self) }
    func find<Record: ActiveRecord>(_ key: Record.ID, _ query: RecordQuery<Record>) throws -> Record? {
        try query.find(key, in: self)
    }
    func save<Record: ActiveRecord>(_ record: inout Record) throws { try record.save(in: self) }
}
#endif
