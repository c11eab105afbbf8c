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
            let pages = try connection.catalog.pageFigures()
            let pageSize = pages.pageSize
            let measured = usingDBStat && connection.catalog.hasDBStat
            return StorageStatistics(
                fileSize: fileSize(atPath: database.path),
                pageSize: pageSize,
                pageCount: pages.pageCount,
                freelistCount: pages.freelistCount,
                journalMode: pages.journalMode,
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

extension ObjectSize {
    /// Exact sizes from `dbstat`, largest first.
    fileprivate static func measured(in connection: Connection) throws -> [ObjectSize] {
        try connection.catalog.measuredSizes().map { size in
            ObjectSize(
                name: size.name, kind: Kind(rawValue: size.type) ?? .table, tableName: size.tableName,
                byteCount: size.byteCount, pageCount: size.pageCount)
        }
    }

    /// Estimated sizes of the tables and indexes (virtual tables excepted), largest first:
    /// the bytes of the stored values plus a per-row overhead, rounded up to whole pages.
    fileprivate static func estimated(in connection: Connection, pageSize: Int) throws -> [ObjectSize] {
        var sizes: [ObjectSize] = []
        for entry in try connection.catalog.entries(types: ["table", "index"]) {
            let columns: [String]
            if entry.type == "index" {
                columns = try connection.catalog.keys(ofIndex: entry.name).compactMap(\.column)
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
        let lengths = columns.map { SQLExpression.coalesce(.length(.cast(.exactColumn($0), as: .blob)), .value(0)) }
        let payload = lengths.dropFirst().reduce(lengths.first ?? .value(0), +)
        let query = Query(database: nil, table: table).select(.countAll, .function("total", payload))
        let row = try connection.fetchOne(query.selectStatement())
        let count = try row?.decode(Int64.self, at: 0) ?? 0
        let total = try row?.decode(Double.self, at: 1) ?? 0
        return Int64(total) + count * Int64(columns.count + 8)
    }
}
