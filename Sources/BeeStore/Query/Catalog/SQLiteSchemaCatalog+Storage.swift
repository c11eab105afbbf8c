// SQLite island: page counts, the journal mode, the `dbstat` table and the integrity check
// are SQLite's own PRAGMAs and virtual tables, describing how SQLite stores a file.

/// How SQLite stores the database: its pages, its journal, the size of each table and
/// index, and whether the file is sound.
extension SQLiteSchemaCatalog {
    /// The page figures and the journal mode of the database.
    struct PageFigures {
        let pageSize: Int
        let pageCount: Int
        let freelistCount: Int
        let journalMode: String
    }

    /// The size of one table or index as `dbstat` measures it.
    struct MeasuredSize {
        let name: String
        /// `table` or `index`.
        let type: String
        let tableName: String
        let byteCount: Int64
        let pageCount: Int
    }

    func pageFigures() throws -> PageFigures {
        PageFigures(
            pageSize: try connection.fetchValue(Int.self, "PRAGMA page_size") ?? 0,
            pageCount: try connection.fetchValue(Int.self, "PRAGMA page_count") ?? 0,
            freelistCount: try connection.fetchValue(Int.self, "PRAGMA freelist_count") ?? 0,
            journalMode: try connection.fetchValue(String.self, "SELECT journal_mode FROM pragma_journal_mode") ?? "")
    }

    /// Whether SQLite was built with the `dbstat` virtual table.
    var hasDBStat: Bool {
        (try? connection.makeStatement("SELECT name FROM dbstat LIMIT 0")) != nil
    }

    /// Exact sizes from `dbstat`, largest first.
    func measuredSizes() throws -> [MeasuredSize] {
        let rows = try connection.fetchAll("""
            SELECT s.name, coalesce(m.type, 'table'), coalesce(m.tbl_name, s.name), sum(s.pgsize), count(*)
            FROM dbstat AS s LEFT JOIN sqlite_master AS m ON m.name = s.name
            GROUP BY s.name ORDER BY 4 DESC, 1
            """)
        return try rows.map { row in
            MeasuredSize(
                name: try row.decode(String.self, at: 0), type: try row.decode(String.self, at: 1),
                tableName: try row.decode(String.self, at: 2), byteCount: try row.decode(Int64.self, at: 3),
                pageCount: try row.decode(Int.self, at: 4))
        }
    }

    /// Runs SQLite's integrity check and calls `body` with each row it reports (`ok` when
    /// it finds nothing) as it comes: on a corrupt file SQLite reports what it found and
    /// then fails, and the findings before the failure are kept.
    func checkIntegrity(_ body: (String?) throws -> Void) throws {
        try connection.makeStatement("PRAGMA integrity_check").forEachRow { row in
            try body(try row.decode(String?.self, at: 0))
        }
    }
}
