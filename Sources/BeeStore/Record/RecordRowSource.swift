/// A connection to a database other than SQLite (PostgreSQL) that record fetches read
/// rows from: records are decoded from whole rows of values, and relations loaded with
/// statements rendered in the source's dialect, one query per relation and level as on
/// SQLite.
package protocol RecordRowSource: AnyObject {
    /// The SQL the connection speaks.
    var dialect: SQLDialect { get }

    /// The rows `statement` selects: each one's values, in the order of its columns.
    func rows(of statement: SQLStatement) throws -> [[Value]]

    /// What the record layer keeps for the connection from one use to the next (its
    /// lookups by key, its row writers): one state for as long as the server connection lives.
    var recordState: RecordConnectionState { get }
}

/// A connection to a database other than SQLite that record saves and deletes write
/// to, inside a transaction the caller opened: the same graph of rows, foreign keys and
/// links as on SQLite, with statements rendered in the store's dialect.
package protocol RecordRowStore: RecordRowSource {
    /// Runs a statement that changes rows; returns how many it changed.
    @discardableResult
    func run(_ statement: SQLStatement) throws -> Int

    /// Whether records of `type` have lifecycle hooks this store calls: a save of such a
    /// record with a key looks up first whether it inserts or updates (as one of a record
    /// with a lock version does), to call the right hooks.
    func callsHooks(of type: any ActiveRecord.Type) -> Bool

    /// Runs `record`'s hook for `hook`, inside the write's transaction.
    func call<Record: ActiveRecord>(_ hook: RecordHook, of record: Record) throws

    /// Tells that a row was written with `key`, which the app chose, in `column` of
    /// `table`, where the database assigns the keys of rows inserted without one: the
    /// store sees that it assigns none of the keys the app chose.
    func keyWasChosen(_ key: Value, table: String, column: String)
}
