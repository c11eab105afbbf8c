import BeeStore
import CSQLiteRaw
import GRDB

/// Every item inserted in one transaction.
struct OneTransaction: ItemWriting {
    /// The C API by hand: one transaction, one prepared statement bound and reset per item.
    func raw(_ database: RawDatabase) throws -> (inout [Item]) throws -> Void {
        let statement = try database.prepare(Item.insertSQL)
        return { items in
            let handle = statement.handle
            try database.execute("BEGIN IMMEDIATE")
            for index in items.indices {
                items[index].bind(to: handle)
                let code = sqlite3_step(handle)
                sqlite3_reset(handle)
                try database.check(code, Item.insertSQL)
                items[index].id = sqlite3_last_insert_rowid(database.handle)
            }
            try database.execute("COMMIT")
        }
    }

    func grdb<Record: MutablePersistableRecord>(_ pool: DatabasePool, _ type: Record.Type) -> (inout [Record]) throws -> Void {
        { records in
            try pool.write { db in
                for index in records.indices {
                    try records[index].insert(db)
                }
            }
        }
    }

    func bee<Record: ActiveRecord>(_ database: BeeStore.Database, _ type: Record.Type) -> (inout [Record]) throws -> Void {
        { records in try records.save(in: database) }
    }
}

/// Each item inserted in a transaction of its own.
struct OneTransactionPerItem: ItemWriting {
    func raw(_ database: RawDatabase) throws -> (inout [Item]) throws -> Void {
        let transaction = try RawTransaction(database)
        return { items in
            for index in items.indices {
                items[index].id = try transaction.insert(items[index])
            }
        }
    }

    func grdb<Record: MutablePersistableRecord>(_ pool: DatabasePool, _ type: Record.Type) -> (inout [Record]) throws -> Void {
        { records in
            for index in records.indices {
                try pool.write { db in try records[index].insert(db) }
            }
        }
    }

    func bee<Record: ActiveRecord>(_ database: BeeStore.Database, _ type: Record.Type) -> (inout [Record]) throws -> Void {
        { records in
            for index in records.indices {
                try records[index].save(in: database)
            }
        }
    }
}
