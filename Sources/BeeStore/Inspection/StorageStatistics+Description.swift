extension StorageStatistics: CustomStringConvertible {
    /// The file figures, one per line, then the size of each table and index as an
    /// aligned table.
    public var description: String {
        let source = sizeSource == .dbstat ? "from dbstat" : "estimated: dbstat is not available"
        let table = TextTable(
            headers: ["name", "type", "table", "bytes", "pages"],
            rows: objects.map { object in
                [object.name, object.kind.rawValue, object.tableName, String(object.byteCount),
                 object.pageCount.map(String.init) ?? ""]
            },
            rightAlignedColumns: [3, 4])
        return figures + "\nSizes (\(source))\n" + table.rendered()
    }

    /// The file figures alone (size, pages, journal mode, SQLite version), one per line,
    /// without the size of each table and index.
    public var figures: String {
        let lines = [
            ("file size", fileSize.map(Self.bytes) ?? "in memory"),
            ("page size", Self.bytes(Int64(pageSize))),
            ("page count", String(pageCount)),
            ("freelist pages", String(freelistCount)),
            ("journal mode", journalMode),
            ("WAL file size", walFileSize.map(Self.bytes) ?? "no WAL file"),
            ("SQLite version", sqliteVersion),
        ]
        let labelWidth = lines.map(\.0.count).max() ?? 0
        return lines.map { label, value in
            label + ":" + String(repeating: " ", count: labelWidth - label.count + 1) + value + "\n"
        }.joined()
    }

    private static func bytes(_ count: Int64) -> String {
        count == 1 ? "1 byte" : "\(count) bytes"
    }
}
