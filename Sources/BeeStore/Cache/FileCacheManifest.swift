// SQLite island: the file cache's manifest is a SQLite file of the cache's own, whose
// statements are tuned to it (one transaction per write) and never run elsewhere.
import Foundation

/// One entry of a ``FileCache`` manifest: a value's metadata, and the value itself when
/// it is small enough to be kept inline.
struct ManifestEntry {
    let key: String
    let size: Int
    let checksum: Data
    let expiresAt: Date?
    /// The value's bytes when kept inline, nil when they are in a value file.
    let inlineValue: Data?
}

/// A manifest entry as read back: its metadata, and where its value is.
struct StoredEntry {
    let entry: ManifestEntry
    /// The value file, nil when the value is inline.
    let file: ValueFileName?
}

/// What a ``FileCache`` manifest holds for a key.
enum ManifestLookup {
    /// No entry.
    case absent
    /// A row the cache did not write as it is: a column of the wrong type, or a file
    /// name of neither shape a ``ValueFileName`` has.
    case damaged
    /// A well-formed entry.
    case found(StoredEntry)
}

/// The SQL of a ``FileCache`` manifest. Access order is a logical clock (`last_access`,
/// one more than the highest on each use), so it survives restarts and never ties.
/// Triggers keep the entry count and byte total in `totals`, so limits are checked in O(1).
/// A value file is moved into place after its row is committed (see ``FileCache``).
/// Earlier versions recorded it in `pending_file` before moving it, and forgot it with its
/// row: what a crash left there is still swept on open.
///
/// A row's `file_name` is a ``ValueFileName``'s text, or NULL for an inline value; it is
/// only ever read back as a ``ValueFileName``, never used as a name. Version 2 gives value
/// files numbers from `file_number` (one per key, kept when the key's value is replaced,
/// so that the new file replaces the old one by a rename), and a unique index keeps two
/// rows from naming one file; version 1 (earlier versions) named them by the SHA-256 of
/// their key, names still read as such.
enum FileCacheManifest {
    /// The manifest format this version writes and reads (`PRAGMA user_version`).
    static let version = 2

    private static let schema = """
        CREATE TABLE entry (
            key TEXT PRIMARY KEY NOT NULL,
            size INTEGER NOT NULL,
            checksum BLOB NOT NULL,
            last_access INTEGER NOT NULL,
            expires_at REAL,
            inline_value BLOB,
            file_name TEXT
        );
        CREATE INDEX entry_by_last_access ON entry(last_access);
        CREATE TABLE pending_file (id INTEGER PRIMARY KEY, file_name TEXT NOT NULL, key TEXT NOT NULL);
        CREATE TABLE totals (id INTEGER PRIMARY KEY CHECK (id = 0), count INTEGER NOT NULL, bytes INTEGER NOT NULL);
        INSERT INTO totals VALUES (0, 0, 0);
        CREATE TRIGGER entry_added AFTER INSERT ON entry
            BEGIN UPDATE totals SET count = count + 1, bytes = bytes + NEW.size; END;
        CREATE TRIGGER entry_removed AFTER DELETE ON entry
            BEGIN UPDATE totals SET count = count - 1, bytes = bytes - OLD.size; END;
        """

    /// What version 2 adds to version 1. Rows of a damaged manifest that name a file
    /// another row names already are dropped, so that the unique index can be made.
    private static let version2 = """
        CREATE TABLE file_number (id INTEGER PRIMARY KEY CHECK (id = 0), next INTEGER NOT NULL);
        INSERT INTO file_number VALUES (0, 1);
        DELETE FROM entry WHERE file_name IS NOT NULL AND rowid NOT IN
            (SELECT MIN(rowid) FROM entry WHERE file_name IS NOT NULL GROUP BY file_name);
        CREATE UNIQUE INDEX entry_by_file_name ON entry(file_name);
        PRAGMA user_version = 2;
        """

    /// Creates the tables of a new manifest, or adds what version 2 has to a version 1
    /// one; refuses one written in a newer format.
    static func prepare(_ connection: Connection) throws {
        let found = try connection.fetchValue(Int.self, "PRAGMA user_version") ?? 0
        if found == 0 {
            try connection.execute(script: schema + version2)
        } else if found == 1 {
            try connection.execute(script: version2)
        } else if found > version {
            throw CacheError.unsupportedManifestVersion(found: found, supported: version, path: connection.path)
        }
    }

    /// The entry for `key`: absent, damaged, or found.
    static func entry(forKey key: String, in connection: Connection) throws -> ManifestLookup {
        let sql = "SELECT size, checksum, expires_at, inline_value, file_name FROM entry WHERE key = ?"
        guard let row = try connection.fetchOne(sql, [key]) else { return .absent }
        do {
            let inlineValue = try row.decode(Data?.self, at: 3)
            let recordedName = try row.decode(String?.self, at: 4)
            // The value is inline, or in a file of a name the cache writes.
            let file = recordedName.flatMap { ValueFileName(recorded: $0, forKey: key) }
            guard inlineValue == nil ? file != nil : recordedName == nil else { return .damaged }
            let entry = ManifestEntry(
                key: key, size: try row.decode(Int.self, at: 0), checksum: try row.decode(Data.self, at: 1),
                expiresAt: try row.decode(Double?.self, at: 2).map(Date.init(timeIntervalSince1970:)),
                inlineValue: inlineValue)
            return .found(StoredEntry(entry: entry, file: file))
        } catch is ConversionError {
            return .damaged
        }
    }

    /// Whether there is an entry for `key` that has not expired at `date`.
    static func containsEntry(forKey key: String, at date: Date, in connection: Connection) throws -> Bool {
        let sql = "SELECT 1 FROM entry WHERE key = ? AND (expires_at IS NULL OR expires_at > ?)"
        return try connection.fetchOne(sql, [key, date.timeIntervalSince1970]) != nil
    }

    /// A number no value file has had: the name of a new one.
    static func takeFileNumber(in connection: Connection) throws -> Int64 {
        let number = try connection.fetchValue(
            Int64.self, "UPDATE file_number SET next = next + 1 WHERE id = 0 RETURNING next - 1")
        guard let number else { throw CacheError.damagedManifest(path: connection.path) }
        return number
    }

    /// Adds `entry` as the most recently used, its value in `file` (nil: inline); there
    /// must be no entry for its key.
    static func insert(_ entry: ManifestEntry, file: ValueFileName?, in connection: Connection) throws {
        try connection.execute(
            """
            INSERT INTO entry (key, size, checksum, last_access, expires_at, inline_value, file_name)
            VALUES (?, ?, ?, (SELECT COALESCE(MAX(last_access), 0) + 1 FROM entry), ?, ?, ?)
            """,
            [entry.key, entry.size, entry.checksum, entry.expiresAt?.timeIntervalSince1970, entry.inlineValue,
             file?.text])
    }

    /// Makes the entries for `keys` the most recently used, in order: the last one most.
    static func markUsed(_ keys: [String], in connection: Connection) throws {
        for key in keys {
            try connection.execute(
                "UPDATE entry SET last_access = (SELECT MAX(last_access) + 1 FROM entry) WHERE key = ?", [key])
        }
    }

    /// Deletes the entry for `key`; returns whether there was one, and its file.
    static func deleteEntry(forKey key: String, in connection: Connection) throws -> RemovedEntry? {
        try removedEntry(
            connection.fetchOne("DELETE FROM entry WHERE key = ? \(returningRemoved)", [key]), in: connection)
    }

    /// Deletes the least recently used entry; returns its file, or nil when there are no entries.
    static func deleteLeastRecentlyUsed(in connection: Connection) throws -> RemovedEntry? {
        try removedEntry(
            connection.fetchOne(
                """
                DELETE FROM entry WHERE key = (SELECT key FROM entry ORDER BY last_access LIMIT 1)
                \(returningRemoved)
                """),
            in: connection)
    }

    /// Deletes every entry.
    static func deleteAll(in connection: Connection) throws {
        try connection.execute("DELETE FROM entry")
        try recountTotals(in: connection)
    }

    /// The number of entries and the sum of their sizes.
    static func totals(in connection: Connection) throws -> (count: Int, bytes: Int) {
        guard let row = try connection.fetchOne("SELECT count, bytes FROM totals") else { return (0, 0) }
        return (try row.decode(Int.self, at: 0), try row.decode(Int.self, at: 1))
    }

    /// Forgets every pending file, and returns the keys of those that no entry keeps its
    /// value in: files a write of an earlier version left behind when it stopped between
    /// moving its file and adding its row, named by the SHA-256 of their key.
    static func takeOrphanedPendingFiles(in connection: Connection) throws -> [String] {
        let orphans = try connection.fetchAll(
            """
            SELECT DISTINCT key FROM pending_file AS pending WHERE NOT EXISTS
                (SELECT 1 FROM entry WHERE entry.key = pending.key AND entry.file_name IS NOT NULL)
            """
        ).compactMap(\.firstText)
        try connection.execute("DELETE FROM pending_file")
        return orphans
    }

    /// What a deletion returns: the key, the value file's name, and whether the size was
    /// an integer (the trigger that keeps `totals` counts any other as 0).
    private static let returningRemoved = "RETURNING key, file_name, typeof(size) = 'integer'"

    private static func removedEntry(_ row: Row?, in connection: Connection) throws -> RemovedEntry? {
        guard let row else { return nil }
        if try !row.decode(Bool.self, at: 2) {
            try recountTotals(in: connection)
        }
        // A name of another type is no name the cache writes: no file is removed for it.
        let recordedName: String? = (try? row.decode(String?.self, at: 1)) ?? nil
        let file = row.firstText.flatMap { key in recordedName.flatMap { ValueFileName(recorded: $0, forKey: key) } }
        return RemovedEntry(file: file)
    }

    /// Sets `totals` from the entries themselves, counting only the sizes that are integers.
    private static func recountTotals(in connection: Connection) throws {
        try connection.execute(
            """
            UPDATE totals SET count = (SELECT COUNT(*) FROM entry),
                bytes = (SELECT COALESCE(SUM(size), 0) FROM entry WHERE typeof(size) = 'integer')
            """)
    }
}

extension Row {
    /// The first column's value when it is text: a key as the cache writes it (a row
    /// changed by something else may hold any other type there).
    fileprivate var firstText: String? {
        guard case .text(let text) = self[0] else { return nil }
        return text
    }
}

/// What is left to clean up after deleting a manifest entry.
struct RemovedEntry {
    /// The value file to remove; nil when the value was inline, or the row named no file
    /// the cache writes.
    let file: ValueFileName?
}
