/// How a database file uses its space: sizes, pages, journal, and the size of each
/// table and index.
public struct StorageStatistics: Sendable, Hashable, Encodable {
    /// Where the per-object sizes come from.
    public enum SizeSource: String, Sendable, Hashable, Encodable {
        /// Exact page counts from SQLite's `dbstat` virtual table.
        case dbstat
        /// An estimate from the bytes of the stored values, when `dbstat` is not available.
        case estimate
    }

    /// The size of the database file in bytes; nil for an in-memory database.
    public let fileSize: Int64?

    /// The page size in bytes.
    public let pageSize: Int

    /// The number of pages in the database.
    public let pageCount: Int

    /// The number of unused pages, which `VACUUM` would give back.
    public let freelistCount: Int

    /// The journal mode (`"delete"`, `"wal"`, …).
    public let journalMode: String

    /// The size of the write-ahead log file in bytes; nil when there is none.
    public let walFileSize: Int64?

    /// The version of the SQLite library, such as `3.40.1`.
    public let sqliteVersion: String

    /// The tables and indexes with their sizes, largest first.
    public let objects: [ObjectSize]

    /// Whether ``objects`` hold exact sizes or estimates.
    public let sizeSource: SizeSource
}

/// The space one table or index takes.
public struct ObjectSize: Sendable, Hashable, Encodable {
    /// Whether the object is a table or an index.
    public enum Kind: String, Sendable, Hashable, Encodable {
        /// A table (SQLite's own `sqlite_schema` included).
        case table
        /// An index.
        case index
    }

    /// The object's name.
    public let name: String

    /// Whether it is a table or an index.
    public let kind: Kind

    /// The table the object belongs to (its own name for a table).
    public let tableName: String

    /// The bytes it takes: whole pages with `dbstat`, an estimate otherwise.
    public let byteCount: Int64

    /// The number of pages it takes; nil when sizes are estimated.
    public let pageCount: Int?
}
