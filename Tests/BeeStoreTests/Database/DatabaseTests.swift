import Foundation
import Testing

@testable import BeeStore

@Suite("Database core")
struct DatabaseTests {
    @Test func opensFileDatabaseWithWALForeignKeysAndReaders() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("app.sqlite")
        let db = try Database(path: path)
        #expect(FileManager.default.fileExists(atPath: path))
        #expect(try db.fetchValue(String.self, "PRAGMA journal_mode") == "wal")
        #expect(try db.fetchValue(Int.self, "PRAGMA foreign_keys") == 1)
        #expect(try db.fetchValue(Int.self, "PRAGMA busy_timeout") == 5000)
        #expect(db.hasReaderPool)
    }

    @Test func configurationChangesJournalModeAndForeignKeys() throws {
        let directory = try TemporaryDirectory()
        var configuration = Configuration()
        configuration.journalMode = .delete
        configuration.foreignKeysEnabled = false
        configuration.busyTimeout = 1.5
        let db = try Database(path: directory.path("app.sqlite"), configuration: configuration)
        #expect(try db.fetchValue(String.self, "PRAGMA journal_mode") == "delete")
        #expect(try db.writeWithoutTransaction { try $0.fetchValue(Int.self, "PRAGMA foreign_keys") } == 0)
        #expect(try db.writeWithoutTransaction { try $0.fetchValue(Int.self, "PRAGMA busy_timeout") } == 1500)
        #expect(!db.hasReaderPool, "without WAL, reads share the single connection")
    }

    @Test func aReadOnlyDatabaseReadsInParallelInAnyJournalMode() throws {
        let directory = try TemporaryDirectory()
        var writable = Configuration()
        writable.journalMode = .delete
        try Database(path: directory.path("app.sqlite"), configuration: writable).execute("CREATE TABLE t (a)")
        var configuration = Configuration()
        configuration.readOnly = true
        configuration.journalMode = nil
        let db = try Database(path: directory.path("app.sqlite"), configuration: configuration)
        #expect(db.hasReaderPool)
        // One read holds its connection until a second read, on another thread, is done.
        let secondDone = DispatchSemaphore(value: 0)
        let finishedInTime = try db.read { _ in
            DispatchQueue.global().async {
                _ = try? db.read { try $0.fetchValue(Int.self, "SELECT count(*) FROM t") }
                secondDone.signal()
            }
            return secondDone.wait(timeout: .now() + 30) == .success
        }
        #expect(finishedInTime, "a second read does not wait for the first")
    }

    @Test func inMemoryDatabasesArePrivate() throws {
        let first = try Database.inMemory()
        let second = try Database.inMemory()
        try first.execute("CREATE TABLE t (x)")
        #expect(try first.fetchValue(Int.self, "SELECT count(*) FROM sqlite_master") == 1)
        #expect(try second.fetchValue(Int.self, "SELECT count(*) FROM sqlite_master") == 0)
        #expect(first.path == ":memory:")
    }

    @Test func missingDirectoryGivesCantOpenError() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("missing/dir/app.sqlite")
        let error = try #require(throws: DatabaseError.self) { try Database(path: path) }
        #expect(error.resultCode == .cantOpen)
        #expect(error.message.contains(path))
    }

    @Test func fileThatIsNotADatabaseGivesNotADatabaseError() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("random.bin")
        var generator = SystemRandomNumberGenerator()
        let bytes = Data((0..<8192).map { _ in UInt8.random(in: 0...255, using: &generator) })
        try bytes.write(to: URL(fileURLWithPath: path))
        let error = try #require(throws: DatabaseError.self) { try Database(path: path) }
        #expect(error.resultCode == .notADatabase)
        #expect(error.message.contains("not a database"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == bytes, "the file is left untouched")
    }

    @Test func readOnlyConfigurationDoesNotCreateFilesAndRefusesWrites() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("absent.sqlite")
        var readOnly = Configuration()
        readOnly.readOnly = true
        #expect(throws: DatabaseError.self) { try Database(path: path, configuration: readOnly) }
        #expect(!FileManager.default.fileExists(atPath: path))

        try Database(path: path).execute("CREATE TABLE t (x)")
        let db = try Database(path: path, configuration: readOnly)
        let error = try #require(throws: DatabaseError.self) { try db.execute("INSERT INTO t VALUES (1)") }
        #expect(error.resultCode == .readOnly)
    }

    @Test func syntaxErrorCarriesCodeMessageAndSQL() throws {
        let db = try Database.inMemory()
        let error = try #require(throws: DatabaseError.self) { try db.execute("SELEC 1") }
        #expect(error.resultCode == .error)
        #expect(error.message.contains("syntax error"))
        #expect(error.sql == "SELEC 1")
        #expect(error.description.contains("SELEC 1"))
    }

    @Test func constraintViolationCarriesExtendedCode() throws {
        let db = try Database.inMemory()
        try db.execute("CREATE TABLE users (email TEXT UNIQUE NOT NULL)")
        try db.execute("INSERT INTO users (email) VALUES (?)", ["a@example.com"])
        let unique = try #require(throws: DatabaseError.self) {
            try db.execute("INSERT INTO users (email) VALUES (?)", ["a@example.com"])
        }
        #expect(unique.resultCode == .constraint)
        #expect(unique.extendedResultCode == .uniqueConstraint)
        #expect(unique.message == "UNIQUE constraint failed: users.email")
        #expect(unique.sql == "INSERT INTO users (email) VALUES (?)")
        let notNull = try #require(throws: DatabaseError.self) { try db.execute("INSERT INTO users (email) VALUES (NULL)") }
        #expect(notNull.extendedResultCode == .notNullConstraint)
        #expect(try db.fetchValue(Int.self, "SELECT count(*) FROM users") == 1, "nothing partial was written")
    }

    @Test func misspelledQuotedColumnIsAnErrorNotAString() throws {
        let db = try Database.inMemory()
        try db.execute("CREATE TABLE t (title TEXT)")
        let error = try #require(throws: DatabaseError.self) { try db.fetchAll(#"SELECT * FROM t WHERE "titel" = 'x'"#) }
        #expect(error.message == "no such column: titel")
    }

    @Test func foreignKeysAreEnforcedByDefault() throws {
        let db = try Database.inMemory()
        try db.execute(script: """
            CREATE TABLE author (id INTEGER PRIMARY KEY);
            CREATE TABLE book (id INTEGER PRIMARY KEY, author_id INTEGER REFERENCES author(id));
            """)
        let error = try #require(throws: DatabaseError.self) { try db.execute("INSERT INTO book (author_id) VALUES (42)") }
        #expect(error.extendedResultCode == .foreignKeyConstraint)
    }

    @Test func wrongArgumentCountIsATypedError() throws {
        let db = try Database.inMemory()
        let error = try #require(throws: DatabaseError.self) { try db.fetchAll("SELECT ?, ?", [1]) }
        #expect(error.resultCode == .range)
        #expect(error.message.contains("takes 2, 1 given"))
    }

    @Test func namedArgumentsBindWithOrWithoutPrefix() throws {
        let db = try Database.inMemory()
        let row = try #require(try db.fetchOne("SELECT :a AS a, @b AS b, $c AS c", ["a": 1, ":b": "two", "c": nil]))
        #expect(row["a"] == .integer(1))
        #expect(row["b"] == .text("two"))
        #expect(row["c"] == .null)
        #expect(throws: DatabaseError.self) { try db.fetchAll("SELECT :a", ["b": 1]) }
        #expect(throws: DatabaseError.self) { try db.fetchAll("SELECT :a", ["a": 1, "extra": 2]) }
    }

    @Test func severalStatementsInOneCallAreRefusedUnlessScript() throws {
        let db = try Database.inMemory()
        let error = try #require(throws: DatabaseError.self) { try db.execute("CREATE TABLE a (x); CREATE TABLE b (x)") }
        #expect(error.resultCode == .misuse)
        try db.execute("CREATE TABLE a (x); -- trailing comment")
        try db.execute(script: "CREATE TABLE b (x); INSERT INTO b VALUES (1); /* done */")
        #expect(try db.fetchValue(Int.self, "SELECT count(*) FROM b") == 1)
    }

    @Test func failingScriptRollsBackAsAWhole() throws {
        let db = try Database.inMemory()
        try db.execute("CREATE TABLE t (x UNIQUE)")
        #expect(throws: DatabaseError.self) {
            try db.execute(script: "INSERT INTO t VALUES (1); INSERT INTO t VALUES (2); INSERT INTO t VALUES (1);")
        }
        #expect(try db.fetchValue(Int.self, "SELECT count(*) FROM t") == 0)
    }

    @Test func rowsGiveValuesByIndexAndCaseInsensitiveName() throws {
        let db = try Database.inMemory()
        let row = try #require(try db.fetchOne("SELECT 1 AS id, 'Arthur' AS Name, NULL AS absent, 2.5 AS score"))
        #expect(row.columnNames == ["id", "Name", "absent", "score"])
        #expect(row[0] == .integer(1))
        #expect(row["name"] == .text("Arthur"))
        #expect(row["missing"] == nil)
        let id: Int = try row.decode(column: "id")
        let name: String = try row.decode(at: 1)
        let absent: String? = try row.decode(column: "absent")
        #expect(id == 1 && name == "Arthur" && absent == nil)
        #expect(try row.decode(Double.self, column: "score") == 2.5)
        #expect(row.dictionary["score"] == .real(2.5))
    }

    @Test func rowAccessErrorsNameTheColumn() throws {
        let db = try Database.inMemory()
        let row = try #require(try db.fetchOne("SELECT 'abc' AS name, NULL AS age"))
        #expect(throws: ConversionError.typeMismatch(expected: "Int", value: .text("abc"), column: "name")) {
            try row.decode(Int.self, column: "name")
        }
        #expect(throws: ConversionError.typeMismatch(expected: "Int", value: .null, column: "age")) {
            let _: Int = try row.decode(column: "age")
        }
        #expect(throws: ConversionError.missingColumn("nope", available: ["name", "age"])) {
            let _: Int = try row.decode(column: "nope")
        }
        #expect(throws: ConversionError.columnIndexOutOfRange(5, columnCount: 2)) {
            try row.decode(Int.self, at: 5)
        }
        let message = ConversionError.typeMismatch(expected: "Int", value: .text("abc"), column: "name").description
        #expect(message == "cannot read text 'abc' as Int in column \"name\"")
    }

    @Test func nullsAreStoredAndComparedAsSQLNull() throws {
        let db = try Database.inMemory()
        try db.execute("CREATE TABLE t (a, b TEXT)")
        try db.execute("INSERT INTO t VALUES (?, ?)", [nil, Value.null])
        #expect(try db.fetchValue(Int.self, "SELECT count(*) FROM t WHERE a IS NULL AND b IS NULL") == 1)
        #expect(try db.fetchValue(String.self, "SELECT b FROM t") == nil)
        let row = try #require(try db.fetchOne("SELECT a, b FROM t"))
        #expect(row.values == [.null, .null])
    }

    @Test func largeBlobsAndTextRoundTrip() throws {
        let directory = try TemporaryDirectory()
        let db = try Database(path: directory.path("large.sqlite"))
        try db.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, blob BLOB, text TEXT)")
        var generator = SystemRandomNumberGenerator()
        let blob = Data((0..<(12 * 1024 * 1024)).map { _ in UInt8.random(in: 0...255, using: &generator) })
        let text = String(repeating: "蜂蜜 honey 🐝 ", count: 700_000)
        #expect(text.utf8.count > 10_000_000)
        try db.execute("INSERT INTO t (blob, text) VALUES (?, ?)", [blob, text])
        let row = try #require(try db.fetchOne("SELECT blob, text, length(blob) FROM t"))
        #expect(try row.decode(Data.self, at: 0) == blob)
        #expect(try row.decode(String.self, at: 1) == text)
        #expect(try row.decode(Int.self, at: 2) == blob.count)
    }

    @Test func statementsThatFailToBindAreNotCountedAsExecuted() throws {
        let db = try Database.inMemory()
        let before = db.statistics.executedStatements
        #expect(throws: DatabaseError.self) { try db.fetchValue(Int.self, "SELECT ?", [1, 2]) }
        #expect(db.statistics.executedStatements == before)
        #expect(try db.fetchValue(Int.self, "SELECT ?", [1]) == 1)
        #expect(db.statistics.executedStatements == before + 1)
    }

    @Test func statementCacheReusesPreparedStatements() throws {
        let db = try Database.inMemory()
        try db.execute("CREATE TABLE t (x)")
        let before = db.statistics
        for value in 0..<100 {
            try db.execute("INSERT INTO t (x) VALUES (?)", [value])
        }
        let after = db.statistics
        #expect(after.preparedStatements - before.preparedStatements == 1)
        #expect(after.executedStatements - before.executedStatements == 100)
        try db.write { connection in
            let first = try connection.cachedStatement("SELECT x FROM t")
            let second = try connection.cachedStatement("SELECT x FROM t")
            #expect(first === second)
        }
    }

    @Test func nestedUseOfTheSameSQLGetsItsOwnStatement() throws {
        let db = try Database.inMemory()
        try db.execute(script: "CREATE TABLE t (x); INSERT INTO t VALUES (1); INSERT INTO t VALUES (2);")
        var pairs: [[Int]] = []
        try db.read { connection in
            try connection.cachedStatement("SELECT x FROM t ORDER BY x").forEachRow { outer in
                let inner = try connection.fetchAll("SELECT x FROM t ORDER BY x").map { try $0.decode(Int.self, at: 0) }
                pairs.append([try outer.decode(Int.self, at: 0)] + inner)
            }
        }
        #expect(pairs == [[1, 1, 2], [2, 1, 2]])
    }

    @Test func statementCacheIsBoundedByCapacity() throws {
        var configuration = Configuration()
        configuration.statementCacheCapacity = 4
        let db = try Database.inMemory(configuration: configuration)
        for round in 0..<2 {
            for value in 0..<10 {
                _ = try db.fetchAll("SELECT \(value)")
            }
            if round == 0 { #expect(db.statistics.preparedStatements >= 10) }
        }
        #expect(db.statistics.preparedStatements >= 20, "evicted statements are prepared again")
    }

    @Test func readAccessRefusesWrites() throws {
        let db = try Database.inMemory()
        try db.execute("CREATE TABLE t (x)")
        let error = try #require(throws: DatabaseError.self) {
            try db.read { try $0.execute("INSERT INTO t VALUES (1)") }
        }
        #expect(error.resultCode == .readOnly)
        #expect(throws: DatabaseError.self) {
            try db.read { _ in try db.execute("INSERT INTO t VALUES (1)") }
        }
        #expect(try db.fetchValue(Int.self, "SELECT count(*) FROM t") == 0)
    }

    @Test(.enabled(if: SQLiteTool.isInstalled, "needs the sqlite3 command-line tool"))
    func sqliteCommandLineToolReadsWhatBeeStoreWrites() throws {
        let tool = try #require(SQLiteTool.path)
        let directory = try TemporaryDirectory()
        let path = directory.path("interop.sqlite")
        do {
            let db = try Database(path: path)
            try db.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT, at TEXT)")
            try db.execute("INSERT INTO t (name, at) VALUES (?, ?)", ["蜂 bee", Date(timeIntervalSince1970: 0)])
            db.close()
        }
        #expect(try SQLiteTool.run(tool, database: path, sql: "SELECT id, name, date(at) FROM t") == "1|蜂 bee|1970-01-01\n")
    }
}
