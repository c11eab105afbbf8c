import BeeStore

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
