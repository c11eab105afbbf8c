import BeeStore
import Foundation

/// A small database with awkward names and values, built by the inspection tests:
/// a keyword as a table name, spaces and quotes in identifiers, a foreign key, an index,
/// a view and a trigger; `NULL`, blobs, CJK text, emoji, quotes, commas, a line break
/// and a cell wider than the table format's default width.
enum InspectionSample {
    static let script = #"""
        CREATE TABLE team (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE);
        CREATE TABLE "select" (
            id INTEGER PRIMARY KEY,
            "full name" TEXT NOT NULL,
            team_id INTEGER REFERENCES team(id) ON DELETE CASCADE,
            score REAL DEFAULT 0,
            photo BLOB
        );
        CREATE INDEX "select by ""team""" ON "select"(team_id, "full name");
        CREATE VIEW roster AS SELECT "full name", team.name AS team FROM "select" JOIN team ON team.id = team_id;
        CREATE TRIGGER team_renamed AFTER UPDATE OF name ON team BEGIN SELECT 1; END;
        INSERT INTO team VALUES (1, 'Bees'), (2, 'Wasps');
        INSERT INTO "select" VALUES
            (1, 'Ada', 1, 9.5, X'00FF10'),
            (2, '山田太郎', 1, NULL, NULL),
            (3, 'Zoë 🐝, "the" bee', 2, 7, X'000102030405060708090A'),
            (4, 'A very long name that goes on and on, well past forty columns', NULL, 1, X''),
            (5, 'two' || char(10) || 'lines', 2, -1.25, NULL);
        """#

    /// Creates the sample database at `path` in the rollback journal mode a new file gets
    /// by default, and closes it.
    static func create(at path: String) throws {
        var configuration = Configuration()
        configuration.journalMode = nil
        let database = try Database(path: path, configuration: configuration)
        defer { database.close() }
        try database.execute(script: script)
    }
}

/// A database with what real databases hold and the CLI must get right: a view, a
/// `WITHOUT ROWID` table, an FTS5 table (and its shadow tables), a `STRICT` table,
/// generated columns, blobs, a partial index, a collation, a trigger, a table whose name
/// has spaces and quotes, a table without an `INTEGER PRIMARY KEY` and with gaps in its
/// row ids, `AUTOINCREMENT`, statistics and a user version; values of every type, text
/// holding a NUL, integers above 2^53 and reals that SQLite's own text conversion misreads.
enum RealDatabaseSample {
    static let script = #"""
        CREATE TABLE author (id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT NOT NULL COLLATE NOCASE, born INTEGER);
        CREATE TABLE "odd ""table"" name" (key TEXT, "the value" ANY, [weird col] REAL) STRICT;
        CREATE TABLE tag (name TEXT PRIMARY KEY, weight INTEGER NOT NULL DEFAULT 1) WITHOUT ROWID;
        CREATE TABLE book (
            id INTEGER PRIMARY KEY,
            author_id INTEGER REFERENCES author(id),
            title TEXT NOT NULL,
            price REAL,
            cover BLOB,
            pages INTEGER,
            price_cents INTEGER GENERATED ALWAYS AS (CAST(round(price * 100) AS INTEGER)) VIRTUAL,
            title_lower TEXT AS (lower(title)) STORED
        );
        CREATE TABLE loose (a, b);
        CREATE INDEX book_cheap ON book (price) WHERE price < 10;
        CREATE INDEX book_title ON book (title COLLATE NOCASE DESC);
        CREATE VIEW cheap_books AS SELECT title, price FROM book WHERE price < 10;
        CREATE VIRTUAL TABLE book_text USING fts5(title, body);
        CREATE TRIGGER book_added AFTER INSERT ON book BEGIN
            INSERT INTO book_text (rowid, title, body) VALUES (new.id, new.title, '');
        END;
        INSERT INTO author (name, born) VALUES ('Ann', 1970), ('Ben', NULL), ('Zoë 🐝', -5);
        DELETE FROM author WHERE name = 'Ben';
        INSERT INTO "odd ""table"" name" VALUES
            ('a', 1, 0.5), ('b', 'text', NULL), ('c', X'00FF', 1e308), ('d', 9223372036854775807, 4.766742153205532e-308),
            ('e', '00', 0.1), ('f', X'', 6.2578431e-07);
        INSERT INTO tag VALUES ('swift', 3), ('sql', 1);
        INSERT INTO book (id, author_id, title, price, cover, pages) VALUES
            (1, 1, 'Cheap, "quoted"', 4.99, X'00FF10', 120),
            (2, 3, 'Line' || char(10) || 'break', 25.0, X'', NULL),
            (3, NULL, '', NULL, NULL, 9007199254740993),
            (4, 1, 'NUL' || char(0) || 'inside', 0.1, X'41', 1);
        INSERT INTO loose VALUES (1, 'x'), (2.5, X'01'), (NULL, '');
        DELETE FROM loose WHERE a = 1;
        INSERT INTO loose VALUES ('text', 7);
        ANALYZE;
        PRAGMA user_version = 7;
        """#

    /// The name of the table with spaces and quotes.
    static let oddTable = #"odd "table" name"#

    /// Creates the database at `path` with the sqlite3 command-line tool, or returns
    /// false where it is not installed.
    static func createWithTool(at path: String) throws -> Bool {
        guard let tool = SQLiteTool.path else { return false }
        return try SQLiteTool.run(tool, database: path, sql: script) != nil
    }

    /// Creates the database at `path` through BeeStore, in the rollback journal mode, and
    /// closes it.
    static func create(at path: String) throws {
        var configuration = Configuration()
        configuration.journalMode = nil
        let database = try Database(path: path, configuration: configuration)
        defer { database.close() }
        try database.writeWithoutTransaction { try $0.execute(script: script) }
    }
}

/// A database file whose table pages are damaged (bytes of page 6 overwritten), so that
/// SQLite's integrity check reports what it finds and then fails.
enum CorruptSample {
    static func create(at path: String) throws {
            var configuration = Configuration()
            configuration.journalMode = nil
            let database = try Database(path: path, configuration: configuration)
            try database.execute(script: """
                CREATE TABLE a (id INTEGER PRIMARY KEY, t TEXT);
                CREATE INDEX a_t ON a (t);
                WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 2000)
                INSERT INTO a SELECT i, printf('%080d', i) FROM n;
                """)
            database.close()
            let file = try FileHandle(forUpdating: URL(fileURLWithPath: path))
            try file.seek(toOffset: 4096 * 5 + 100)
            try file.write(contentsOf: Data(repeating: 0xFF, count: 300))
            try file.close()
    }
}
