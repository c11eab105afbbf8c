import Foundation

extension Inspector {
    /// The database's storage statistics: file, page and journal figures, and the size of
    /// each table and index, exact from `dbstat` when SQLite was built with it and
    /// estimated from the stored values otherwise.
    public func storageStatistics() throws -> StorageStatistics {
        try storageStatistics(usingDBStat: true)
    }

    /// The statistics, with `dbstat` ignored when `usingDBStat` is false (to exercise the estimate).
    func storageStatistics(usingDBStat: Bool) throws -> StorageStatistics {
        try database.read { connection in
            let pageSize = try connection.fetchValue(Int.self, "PRAGMA page_size") ?? 0
            let measured = usingDBStat && connection.hasDBStat
            return StorageStatistics(
                fileSize: fileSize(atPath: database.path),
                pageSize: pageSize,
                pageCount: try connection.fetchValue(Int.self, "PRAGMA page_count") ?? 0,
                freelistCount: try connection.fetchValue(Int.self, "PRAGMA freelist_count") ?? 0,
                journalMode: try connection.fetchValue(String.self, "SELECT journal_mode FROM pragma_journal_mode") ?? "",
                walFileSize: fileSize(atPath: database.path + "-wal"),
                sqliteVersion: BeeStoreVersion.sqlite,
                objects: measured
                    ? try ObjectSize.measured(in: connection)
                    : try ObjectSize.estimated(in: connection, pageSize: pageSize),
                sizeSource: measured ? .dbstat : .estimate)
        }
    }

    private func fileSize(atPath path: String) -> Int64? {
        guard path != ":memory:", let attributes = try? FileManager.default.attributesOfItem(atPath: path) else {
            return nil
        }
        return (attributes[.size] as? NSNumber)?.int64Value
    }
}

extension Connection {
    /// Whether SQLite was built with the `dbstat` virtual table.
    fileprivate var hasDBStat: Bool {
        (try? makeStatement("SELECT name FROM dbstat LIMIT 0")) != nil
    }
}

extension ObjectSize {
    /// Exact sizes from `dbstat`, largest first.
    fileprivate static func measured(in connection: Connection) throws -> [ObjectSize] {
        let rows = try connection.fetchAll("""
            SELECT s.name, coalesce(m.type, 'table'), coalesce(m.tbl_name, s.name), sum(s.pgsize), count(*)
            FROM dbstat AS s LEFT JOIN sqlite_master AS m ON m.name = s.name
            GROUP BY s.name ORDER BY 4 DESC, 1
            """)
        return try rows.map { row in
            ObjectSize(
                name: try row.decode(String.self, at: 0), kind: Kind(rawValue: try row.decode(String.self, at: 1)) ?? .table,
                tableName: try row.decode(String.self, at: 2), byteCount: try row.decode(Int64.self, at: 3),
                pageCount: try row.decode(Int.self, at: 4))
        }
    }

    /// Estimated sizes of the tables and indexes (virtual tables excepted), largest first:
    /// the bytes of the stored values plus a per-row overhead, rounded up to whole pages.
    fileprivate static func estimated(in connection: Connection, pageSize: Int) throws -> [ObjectSize] {
        var sizes: [ObjectSize] = []
        for entry in try connection.schemaEntries(types: ["table", "index"]) {
            let columns: [String]
            if entry.type == "index" {
                columns = try connection.fetchAll("SELECT name FROM pragma_index_info(?) WHERE name IS NOT NULL", [entry.name])
                    .map { try $0.decode(String.self, at: 0) }
            } else if TableKind(type: entry.type, sql: entry.sql) == .table {
                columns = try ColumnSchema.columns(of: entry.name, in: connection).map(\.name)
            } else {
                continue
            }
            let bytes = try estimatedBytes(of: columns, in: entry.tableName, connection: connection)
            let pages = max(1, (bytes + Int64(pageSize) - 1) / Int64(max(pageSize, 1)))
            sizes.append(ObjectSize(
                name: entry.name, kind: entry.type == "index" ? .index : .table, tableName: entry.tableName,
                byteCount: pages * Int64(pageSize), pageCount: nil))
        }
        return sizes.sorted { ($0.byteCount, $1.name) > ($1.byteCount, $0.name) }
    }

    /// The bytes of `columns` over all rows of `table`, plus a record header and cell
    /// overhead per row.
    private static func estimatedBytes(of columns: [String], in table: String, connection: Connection) throws -> Int64 {
        let lengths = columns.map { "coalesce(length(CAST(\($0.quotedIdentifier) AS BLOB)), 0)" }
        let payload = lengths.isEmpty ? "0" : lengths.joined(separator: " + ")
        let row = try connection.fetchOne("SELECT count(*), total(\(payload)) FROM \(table.quotedIdentifier)")
        let count = try row?.decode(Int64.self, at: 0) ?? 0
        let total = try row?.decode(Double.self, at: 1) ?? 0
        return Int64(total) + count * Int64(columns.count + 8)
    }
}
