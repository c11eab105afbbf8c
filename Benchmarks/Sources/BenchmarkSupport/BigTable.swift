import BeeStore
import Foundation

/// The benchmark's database: one table, `big`, of `rowCount` rows of the kinds real tables
/// hold: an integer key, short and longer text, a real, an integer, a date as text, and a
/// column that is `NULL` in a third of the rows and holds quotes and commas in another.
public enum BigTable {
    public static let name = "big"

    /// Creates the database file at `path` (in SQLite's default rollback journal mode).
    public static func create(at path: String, rowCount: Int) throws {
        var configuration = Configuration()
        configuration.journalMode = nil
        let database = try Database(path: path, configuration: configuration)
        defer { database.close() }
        try database.execute("""
            CREATE TABLE big (
                id INTEGER PRIMARY KEY, name TEXT NOT NULL, email TEXT, score REAL, quantity INTEGER,
                created_at TEXT, note TEXT)
            """)
        try database.execute("""
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
            INSERT INTO big SELECT i, 'user ' || i, 'user' || i || '@example.com', (i % 1000) / 7.0, i * 37 % 10007,
                datetime(1600000000 + i * 60, 'unixepoch'),
                CASE i % 3 WHEN 0 THEN NULL WHEN 1 THEN 'a note, with "quotes"' ELSE 'plain' END
            FROM n
            """, [rowCount])
    }
}
