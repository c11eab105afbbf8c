#if PostgreSQL
import BeeStore
import BeeStorePostgreSQL

/// The query builder and table definitions on either backend: the same builder values,
/// rendered in the backend's dialect and run on it.
extension BackendDatabase {
    /// A query on `table`, in the backend's dialect.
    func from(_ table: String) -> Query {
        database.from(table)
    }

    /// A table definition, in the backend's column types.
    func table(_ name: String) -> TableDefinition {
        database.table(name)
    }

    /// Creates the table and its indexes.
    func create(_ definition: TableDefinition) throws {
        try database.create(definition)
    }

    func get(_ query: Query) throws -> [Row] {
        try query.get(in: database)
    }

    func first(_ query: Query) throws -> Row? {
        try query.first(in: database)
    }

    func count(_ query: Query) throws -> Int {
        try query.count(in: database)
    }

    func exists(_ query: Query) throws -> Bool {
        try query.exists(in: database)
    }

    /// Inserts the row the query sets and returns its integer key `key`: SQLite's row id
    /// (which an `INTEGER PRIMARY KEY` column is), PostgreSQL's `RETURNING key`.
    @discardableResult
    func insert(_ query: Query, returningKey key: String = "id") throws -> Int64 {
        switch store {
        case .sqlite: try query.insert()
        case .postgresql(let database): try query.insert(returning: .column(key), as: Int64.self, in: database)
        }
    }

    /// Updates the rows the query matches; returns how many changed.
    func update(_ query: Query) throws -> Int {
        try query.update(in: database)
    }

    /// Deletes the rows the query matches; returns how many were deleted.
    func delete(_ query: Query) throws -> Int {
        try query.delete(in: database)
    }
}
#endif
