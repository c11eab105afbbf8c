import Foundation
import Testing

@testable import BeeStore

/// Opens a database for inspection: read-only unless `writable`, its journal mode untouched.
private func inspector(_ path: String, writable: Bool = false) throws -> Inspector {
    var configuration = Configuration()
    configuration.readOnly = !writable
    configuration.createIfMissing = false
    configuration.journalMode = nil
    return Inspector(try Database(path: path, configuration: configuration))
}

/// A fresh copy of the sample database and an inspector of it.
private func sample(in directory: TemporaryDirectory, writable: Bool = false) throws -> Inspector {
    let path = directory.path("sample.sqlite")
    try InspectionSample.create(at: path)
    return try inspector(path, writable: writable)
}

@Suite("Inspection")
struct InspectionTests {
    // MARK: Tables

    @Test func listsChinookTablesWithRowCounts() throws {
        let directory = try TemporaryDirectory()
        let tables = try inspector(try Fixtures.copy("chinook.sqlite", into: directory)).tables()
        #expect(tables.map(\.name) == [
            "Album", "Artist", "Customer", "Employee", "Genre", "Invoice", "InvoiceLine", "MediaType", "Playlist",
            "PlaylistTrack", "Track",
        ])
        #expect(tables.allSatisfy { $0.kind == .table })
        #expect(tables.first { $0.name == "Album" }?.rowCount == 347)
        #expect(tables.first { $0.name == "Track" }?.rowCount == 3503)
    }

    @Test func listsViewsAndAwkwardNamesAndLeavesUncountableViewsWithoutCount() throws {
        let directory = try TemporaryDirectory()
        let inspector = try sample(in: directory, writable: true)
        try inspector.database.execute(script: """
            CREATE TABLE gone (x);
            CREATE VIEW "broken view" AS SELECT x FROM gone;
            DROP TABLE gone;
            """)
        let tables = try inspector.tables()
        #expect(tables == [
            TableSummary(name: "broken view", kind: .view, rowCount: nil),
            TableSummary(name: "roster", kind: .view, rowCount: 4),
            TableSummary(name: "select", kind: .table, rowCount: 5),
            TableSummary(name: "team", kind: .table, rowCount: 2),
        ])
        #expect(QueryResult(tables).rows.first == [.text("broken view"), .text("view"), .null])
    }

    @Test func marksVirtualTables() throws {
        let directory = try TemporaryDirectory()
        let inspector = try sample(in: directory, writable: true)
        try inspector.database.execute(script: """
            CREATE VIRTUAL TABLE notes USING fts5(body);
            INSERT INTO notes (body) VALUES ('hello'), ('world');
            """)
        #expect(try inspector.tables().first { $0.name == "notes" } == TableSummary(name: "notes", kind: .virtualTable, rowCount: 2))
        #expect(try inspector.schema(ofTable: "notes").columns.map(\.name) == ["body"])
        #expect(try !inspector.storageStatistics(usingDBStat: false).objects.contains { $0.name == "notes" })
    }

    // MARK: Schema

    @Test func describesColumnsIndexesForeignKeysAndTriggers() throws {
        let directory = try TemporaryDirectory()
        let inspector = try sample(in: directory)
        let schema = try inspector.schema(ofTable: "SELECT")
        #expect(schema.name == "select")
        #expect(schema.kind == .table)
        #expect(schema.columns == [
            ColumnSchema(name: "id", declaredType: "INTEGER", isNotNull: false, defaultSQL: nil, primaryKeyPosition: 1, generation: nil, collation: nil),
            ColumnSchema(name: "full name", declaredType: "TEXT", isNotNull: true, defaultSQL: nil, primaryKeyPosition: nil, generation: nil, collation: nil),
            ColumnSchema(name: "team_id", declaredType: "INTEGER", isNotNull: false, defaultSQL: nil, primaryKeyPosition: nil, generation: nil, collation: nil),
            ColumnSchema(name: "score", declaredType: "REAL", isNotNull: false, defaultSQL: "0", primaryKeyPosition: nil, generation: nil, collation: nil),
            ColumnSchema(name: "photo", declaredType: "BLOB", isNotNull: false, defaultSQL: nil, primaryKeyPosition: nil, generation: nil, collation: nil),
        ])
        #expect(schema.primaryKey == ["id"])
        #expect(schema.indexes == [
            IndexSchema(
                name: "select by \"team\"",
                keys: [
                    IndexKey(name: "team_id", collation: "BINARY", isDescending: false),
                    IndexKey(name: "full name", collation: "BINARY", isDescending: false),
                ],
                isUnique: false, origin: .createIndex, condition: nil)
        ])
        #expect(schema.foreignKeys == [
            ForeignKeySchema(columns: ["team_id"], referencedTable: "team", referencedColumns: ["id"], onUpdate: "NO ACTION", onDelete: "CASCADE")
        ])
        let team = try inspector.schema(ofTable: "team")
        #expect(team.indexes.map(\.origin) == [.uniqueConstraint])
        #expect(team.indexes.first?.isUnique == true)
        #expect(team.triggers.map(\.name) == ["team_renamed"])
        #expect(team.triggers.first?.sql.hasPrefix("CREATE TRIGGER team_renamed") == true)
    }

    @Test func describesCompositeKeysGeneratedColumnsAndExpressionIndexes() throws {
        let directory = try TemporaryDirectory()
        let inspector = try sample(in: directory, writable: true)
        try inspector.database.execute(script: """
            CREATE TABLE pair (a TEXT, b INTEGER, PRIMARY KEY (b, a)) WITHOUT ROWID;
            CREATE TABLE link (
                x TEXT, y INTEGER, total INTEGER GENERATED ALWAYS AS (y * 2),
                FOREIGN KEY (x, y) REFERENCES pair (a, b),
                FOREIGN KEY (y) REFERENCES team
            );
            CREATE UNIQUE INDEX link_lower ON link (lower(x)) WHERE y > 0;
            """)
        #expect(try inspector.schema(ofTable: "pair").primaryKey == ["b", "a"])
        let link = try inspector.schema(ofTable: "link")
        #expect(link.foreignKeys == [
            ForeignKeySchema(columns: ["x", "y"], referencedTable: "pair", referencedColumns: ["a", "b"], onUpdate: "NO ACTION", onDelete: "NO ACTION"),
            ForeignKeySchema(columns: ["y"], referencedTable: "team", referencedColumns: [], onUpdate: "NO ACTION", onDelete: "NO ACTION"),
        ])
        #expect(link.columns.map(\.generation) == [nil, nil, ColumnGeneration(expression: "y * 2", isStored: false)])
        #expect(link.indexes == [
            IndexSchema(
                name: "link_lower", keys: [IndexKey(name: "<expression>", collation: "BINARY", isDescending: false)],
                isUnique: true, origin: .createIndex, condition: "y > 0")
        ])
    }

    @Test func describesATableInText() throws {
        let directory = try TemporaryDirectory()
        let text = String(describing: try sample(in: directory).schema(ofTable: "team"))
        #expect(text == """
            table team

            Columns
            column | type    | not null | default | primary key
            -------+---------+----------+---------+------------
            id     | INTEGER | no       |         | 1
            name   | TEXT    | yes      |         |

            Indexes
            index                   | columns | unique | origin
            ------------------------+---------+--------+------------------
            sqlite_autoindex_team_1 | name    | yes    | UNIQUE constraint

            Foreign keys
            (none)

            Triggers
            CREATE TRIGGER team_renamed AFTER UPDATE OF name ON team BEGIN SELECT 1; END;

            """)
    }

    @Test func refusesAnUnknownTable() throws {
        let directory = try TemporaryDirectory()
        let inspector = try sample(in: directory)
        #expect(throws: InspectionError.unknownTable("nope")) { try inspector.schema(ofTable: "nope") }
        #expect(throws: InspectionError.unknownTable("nope")) { try inspector.rows(of: "nope") }
    }

    @Test func writesTheWholeSchemaAsSQLInCreationOrder() throws {
        let directory = try TemporaryDirectory()
        let inspector = try sample(in: directory, writable: true)
        try inspector.database.execute("CREATE TABLE counter (id INTEGER PRIMARY KEY AUTOINCREMENT)")
        let sql = try inspector.schemaSQL()
        let statements = sql.components(separatedBy: ";\n").filter { !$0.isEmpty }
        #expect(statements.count == 6)
        #expect(statements.first == "CREATE TABLE team (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE)")
        #expect(statements.last == "CREATE TABLE counter (id INTEGER PRIMARY KEY AUTOINCREMENT)")
        #expect(!sql.contains("sqlite_sequence"))
        #expect(sql.hasSuffix(";\n"))
        // The SQL rebuilds the schema.
        let copy = try Database.inMemory()
        try copy.execute(script: sql)
        #expect(try Inspector(copy).tables().map(\.name) == ["counter", "roster", "select", "team"])
    }

    // MARK: Storage

    @Test func measuresStorageWithDBStat() throws {
        let directory = try TemporaryDirectory()
        let path = try Fixtures.copy("chinook.sqlite", into: directory)
        let statistics = try inspector(path).storageStatistics()
        #expect(statistics.pageSize == 4096)
        #expect(statistics.fileSize == Int64(statistics.pageSize * statistics.pageCount))
        #expect(statistics.freelistCount == 0)
        #expect(statistics.journalMode == "delete")
        #expect(statistics.walFileSize == nil)
        #expect(statistics.sqliteVersion == BeeStoreVersion.sqlite)
        #expect(statistics.sizeSource == .dbstat)
        let track = try #require(statistics.objects.first { $0.name == "Track" })
        #expect(track.kind == .table && track.pageCount.map { $0 > 1 } == true)
        #expect(statistics.objects.first?.byteCount == statistics.objects.map(\.byteCount).max())
        #expect(statistics.objects.map { Int($0.pageCount ?? 0) }.reduce(0, +) == statistics.pageCount)
        #expect(statistics.objects.first { $0.name == "IFK_TrackAlbumId" }?.tableName == "Track")
        #expect(String(describing: statistics).contains("Sizes (from dbstat)"))
    }

    @Test func estimatesStorageWithoutDBStat() throws {
        let directory = try TemporaryDirectory()
        let statistics = try inspector(try Fixtures.copy("chinook.sqlite", into: directory))
            .storageStatistics(usingDBStat: false)
        #expect(statistics.sizeSource == .estimate)
        let track = try #require(statistics.objects.first { $0.name == "Track" })
        #expect(track.pageCount == nil)
        #expect(track.byteCount > 100_000 && track.byteCount % 4096 == 0)
        #expect(statistics.objects.contains { $0.name == "IFK_TrackAlbumId" && $0.kind == .index })
        #expect(String(describing: statistics).contains("estimated: dbstat is not available"))
    }

    @Test func theEstimateReadsAColumnWhoseNameHoldsTheTablesNameAndADot() throws {
        let database = try Database.inMemory()
        try database.execute(#"CREATE TABLE t ("t.x" TEXT, x TEXT)"#)
        try database.execute(
            #"WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 1000) INSERT INTO t ("t.x") SELECT printf('%100d', i) FROM n"#)
        let statistics = try Inspector(database).storageStatistics(usingDBStat: false)
        let table = try #require(statistics.objects.first { $0.name == "t" })
        // 1,000 values of 100 bytes: the column `t.x`, not the empty column `x`.
        #expect(table.byteCount >= 100_000)
    }

    @Test func reportsTheWriteAheadLog() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("wal.sqlite")
        let database = try Database(path: path)
        try database.execute("CREATE TABLE t (x)")
        let statistics = try Inspector(database).storageStatistics()
        #expect(statistics.journalMode == "wal")
        #expect(statistics.walFileSize.map { $0 > 0 } == true)
    }

    // MARK: Integrity

    @Test func findsNoProblemsInChinook() throws {
        let directory = try TemporaryDirectory()
        let report = try inspector(try Fixtures.copy("chinook.sqlite", into: directory)).checkIntegrity()
        #expect(report.isHealthy)
        #expect(String(describing: report) == "integrity check: ok\nforeign key check: ok\n")
    }

    @Test func reportsForeignKeyViolationsAndConstraintProblems() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("broken.sqlite")
        var configuration = Configuration()
        configuration.journalMode = nil
        configuration.foreignKeysEnabled = false
        let database = try Database(path: path, configuration: configuration)
        try database.execute(script: """
            CREATE TABLE parent (id INTEGER PRIMARY KEY);
            CREATE TABLE child (id INTEGER PRIMARY KEY, parent_id INTEGER REFERENCES parent(id), n INTEGER CHECK (n > 0));
            INSERT INTO child VALUES (7, 42, 1);
            """)
        try database.writeWithoutTransaction { connection in
            try connection.execute("PRAGMA ignore_check_constraints = ON")
            try connection.execute("INSERT INTO child VALUES (8, NULL, -1)")
        }
        database.close()
        #expect(try inspector(path).checkIntegrity().problems.isEmpty, "CHECK constraints need a writable connection")
        let report = try inspector(path, writable: true).checkIntegrity()
        #expect(!report.isHealthy)
        #expect(report.foreignKeyViolations == [
            ForeignKeyViolation(table: "child", rowID: 7, referencedTable: "parent", foreignKeyIndex: 0)
        ])
        #expect(report.problems.count == 1)
        #expect(report.problems.first?.contains("CHECK constraint failed") == true)
        #expect(report.findingCount == 2)
        #expect(String(describing: report).contains("  child row 7: no matching row in parent (foreign key 0)\n"))
    }

    // MARK: Query plans

    @Test func flagsFullTableScansInAPlanTree() throws {
        let directory = try TemporaryDirectory()
        let inspector = try inspector(try Fixtures.copy("chinook.sqlite", into: directory))
        let plan = try inspector.queryPlan(
            for: "SELECT Title FROM Album WHERE ArtistId IN (SELECT ArtistId FROM Artist WHERE Name LIKE ?) ORDER BY Title")
        #expect(plan.fullTableScans.map(\.detail) == ["SCAN Artist"])
        #expect(plan.steps.count == 3)
        #expect(plan.steps.first?.detail.hasPrefix("SEARCH Album USING INDEX IFK_AlbumArtistId") == true)
        let subquery = try #require(plan.steps.dropFirst().first)
        #expect(subquery.detail == "LIST SUBQUERY 1")
        #expect(subquery.children.map(\.detail) == ["SCAN Artist"])
        #expect(String(describing: plan).contains("|  `--SCAN Artist  <- full table scan\n"))

        let lookup = try inspector.queryPlan(for: "SELECT * FROM Album WHERE AlbumId = ?", arguments: [1])
        #expect(lookup.fullTableScans.isEmpty)
        #expect(String(describing: lookup) == "QUERY PLAN\n`--SEARCH Album USING INTEGER PRIMARY KEY (rowid=?)\n")
    }

    @Test func classifiesScanSteps() {
        #expect(QueryPlanStep(id: 1, detail: "SCAN Track", children: []).isFullTableScan)
        #expect(QueryPlanStep(id: 1, detail: "SCAN TABLE Track", children: []).isFullTableScan)
        #expect(!QueryPlanStep(id: 1, detail: "SCAN Track USING COVERING INDEX t_name", children: []).isFullTableScan)
        #expect(!QueryPlanStep(id: 1, detail: "SCAN CONSTANT ROW", children: []).isFullTableScan)
        #expect(!QueryPlanStep(id: 1, detail: "SCAN (subquery-1)", children: []).isFullTableScan)
        #expect(!QueryPlanStep(id: 1, detail: "SEARCH Track USING INDEX t_name (Name=?)", children: []).isFullTableScan)
    }

    @Test func buildsAPlanTreeEvenFromOrphanRows() {
        let plan = QueryPlan(sql: "", rows: [(2, 0, "A"), (3, 2, "B"), (5, 4, "C"), (6, 6, "D")])
        #expect(plan.steps.map(\.detail) == ["A", "C", "D"])
        #expect(plan.steps.first?.children.map(\.detail) == ["B"])
    }

    // MARK: Queries

    @Test func runsReadOnlyStatementsAndRefusesWrites() throws {
        let directory = try TemporaryDirectory()
        let inspector = try sample(in: directory)
        let result = try inspector.execute("SELECT name FROM team WHERE id > ? ORDER BY id", arguments: [5])
        #expect(result == QueryResult(columnNames: ["name"], rows: []))
        #expect(throws: InspectionError.writeNotAllowed(sql: "DELETE FROM team")) {
            try inspector.execute("DELETE FROM team")
        }
        #expect(throws: DatabaseError.self) { try inspector.execute("SELEC 1") }
        #expect(try inspector.tables().first { $0.name == "team" }?.rowCount == 2)
    }

    @Test func runsWritesWhenAllowed() throws {
        let directory = try TemporaryDirectory()
        let inspector = try sample(in: directory, writable: true)
        let insert = try inspector.execute("INSERT INTO team (name) VALUES (?)", arguments: ["Ants"], allowingWrites: true)
        #expect(insert == QueryResult(columnNames: [], rows: [], changedRowCount: 1))
        #expect(insert.formatted(as: .table) == "(1 row changed)\n")
        let read = try inspector.execute("SELECT count(*) AS n FROM team", allowingWrites: true)
        #expect(read == QueryResult(columnNames: ["n"], rows: [[3]], changedRowCount: nil))
    }

    @Test func aTransactionTheSQLLeavesOpenIsRolledBackAndReported() throws {
        let directory = try TemporaryDirectory()
        let inspector = try sample(in: directory, writable: true)
        let count = "SELECT count(*) FROM team"
        let before = try inspector.execute(count).rows
        let open = "BEGIN; INSERT INTO team (name) VALUES ('Hornets')"
        #expect(throws: InspectionError.transactionLeftOpen(sql: open)) { try inspector.execute(open, allowingWrites: true) }
        #expect(try inspector.execute(count).rows == before)
        #expect(throws: DatabaseError.self) {
            try inspector.execute("BEGIN; INSERT INTO team (name) VALUES ('Hornets'); INSERT INTO nowhere VALUES (1)", allowingWrites: true)
        }
        #expect(try inspector.execute(count).rows == before)
        let committed = try inspector.execute("BEGIN; INSERT INTO team (name) VALUES ('Hornets'); COMMIT", allowingWrites: true)
        #expect(committed.changedRowCount == 1)
        #expect(try inspector.execute(count).rows != before)

        // Inside the caller's own transaction, the SQL runs in it, which it leaves as it is.
        let db = inspector.database
        struct Undo: Error {}
        #expect(throws: Undo.self) {
            try db.transaction { _ in
                let insert = try inspector.execute("INSERT INTO team (name) VALUES ('Moths')", allowingWrites: true)
                #expect(insert.changedRowCount == 1)
                throw Undo()
            }
        }
        try db.transaction { _ in
            _ = try inspector.execute("INSERT INTO team (name) VALUES ('Moths')", allowingWrites: true)
        }
        #expect(try db.fetchValue(Int.self, "SELECT count(*) FROM team WHERE name = 'Moths'") == 1)
    }

    @Test func aTableNotCountedWithinTheTimeLimitHasNoRowCount() throws {
        var configuration = Configuration()
        configuration.statementTimeLimit = .milliseconds(20)
        let db = try Database(path: ":memory:", configuration: configuration)
        try db.execute(script: """
            CREATE TABLE small (x);
            INSERT INTO small VALUES (1);
            CREATE VIEW endless AS
                WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n) SELECT i FROM n;
            """)
        #expect(try Inspector(db).tables().map(\.rowCount) == [nil, 1])
    }

    @Test func aWriteThatChangesNoRowsReportsNoneRatherThanTheLastStatementsCount() throws {
        let directory = try TemporaryDirectory()
        let inspector = try sample(in: directory, writable: true)
        _ = try inspector.execute("INSERT INTO team (name) VALUES ('Hornets'), ('Ants')", allowingWrites: true)
        let create = try inspector.execute("CREATE TABLE extra (x)", allowingWrites: true)
        #expect(create.changedRowCount == 0)
        let update = try inspector.execute("UPDATE team SET name = name WHERE id < 0", allowingWrites: true)
        #expect(update.changedRowCount == 0)
    }

    @Test func selectsRowsWithQuotedColumnsBoundFiltersOrderAndPaging() throws {
        let directory = try TemporaryDirectory()
        let inspector = try sample(in: directory)
        var selection = RowSelection()
        selection.columns = ["ID", "full name"]
        selection.filter = "team_id = ? OR \"full name\" = ?"
        selection.arguments = [2, "Ada"]
        selection.ordering = [RowOrdering(parsing: "id desc")]
        selection.limit = 2
        selection.offset = 1
        let result = try inspector.rows(of: "select", matching: selection)
        #expect(result.columnNames == ["id", "full name"])
        #expect(result.rows == [[3, "Zoë 🐝, \"the\" bee"], [1, "Ada"]])

        var offsetOnly = RowSelection()
        offsetOnly.offset = 4
        #expect(try inspector.rows(of: "select", matching: offsetOnly).rows.map(\.first) == [5])

        var injection = RowSelection()
        injection.filter = "\"full name\" = ?"
        injection.arguments = ["x' OR '1'='1"]
        #expect(try inspector.rows(of: "select", matching: injection).rows.isEmpty)
    }

    @Test func refusesUnknownColumns() throws {
        let directory = try TemporaryDirectory()
        let inspector = try sample(in: directory)
        var selection = RowSelection()
        selection.columns = ["nope"]
        #expect(throws: InspectionError.unknownColumn("nope", table: "select")) {
            try inspector.rows(of: "select", matching: selection)
        }
        selection.columns = []
        selection.ordering = [RowOrdering(column: "missing")]
        #expect(throws: InspectionError.unknownColumn("missing", table: "select")) {
            try inspector.rows(of: "select", matching: selection)
        }
    }

    @Test func parsesSortKeys() {
        #expect(RowOrdering(parsing: " Title ") == RowOrdering(column: "Title"))
        #expect(RowOrdering(parsing: "Title DESC") == RowOrdering(column: "Title", isDescending: true))
        #expect(RowOrdering(parsing: "first name asc") == RowOrdering(column: "first name"))
        #expect(RowOrdering(parsing: "desc") == RowOrdering(column: "desc"))
    }

    // MARK: Formatting

    @Test func formatsAnAlignedTableWithTruncationAndDistinctNullAndBlob() throws {
        let directory = try TemporaryDirectory()
        let result = try sample(in: directory).rows(of: "select")
        #expect(result.formatted(as: .table, maximumCellWidth: 20) == """
            id | full name            | team_id |  score | photo
            ---+----------------------+---------+--------+---------------------
             1 | Ada                  |       1 |    9.5 | <blob 3 bytes: 00FF…
             2 | 山田太郎             |       1 | <null> | <null>
             3 | Zoë 🐝, "the" bee    |       2 |    7.0 | <blob 11 bytes: 000…
             4 | A very long name th… |  <null> |    1.0 | <blob 0 bytes>
             5 | two\\nlines           |       2 |  -1.25 | <null>
            (5 rows)

            """)
    }

    @Test func formatsJSONAndCSVWithoutTruncation() throws {
        let directory = try TemporaryDirectory()
        let result = try sample(in: directory).rows(of: "select")
        let long = "A very long name that goes on and on, well past forty columns"
        let json = result.formatted(as: .json, maximumCellWidth: 5)
        #expect(json.contains(#"{"id": 4, "full name": "\#(long)", "team_id": null, "score": 1.0, "photo": {"$base64": true, "encoded": ""}}"#))
        #expect(json.contains(#""full name": "Zoë 🐝, \"the\" bee""#))
        #expect(json.contains(#""photo": {"$base64": true, "encoded": "AAECAwQFBgcICQo="}"#))
        let decoded = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]]
        #expect(decoded?.count == 5)
        #expect(decoded?.last?["full name"] as? String == "two\nlines")

        let csv = result.formatted(as: .csv, maximumCellWidth: 5)
        #expect(csv.hasPrefix(#""id","full name","team_id","score","photo"\#r\#n1,"Ada",1,9.5,\x00ff10\#r\#n2,"山田太郎",1,,\#r\#n"#))
        #expect(csv.contains(#"3,"Zoë 🐝, ""the"" bee",2,7.0,\x000102030405060708090a\#r\#n"#))
        #expect(csv.contains("4,\"\(long)\",,1.0,\\x\r\n"))
        #expect(csv.hasSuffix("5,\"two\nlines\",2,-1.25,\r\n"))
    }

    @Test func csvQuotesOnBytesNotCharacters() throws {
        let db = try Database.inMemory()
        // A quote followed by a combining mark is one Character, but still a quote to double.
        let result = try Inspector(db).execute("SELECT 'a,\u{301}b' AS v, 2 AS w, '\"\u{301}' AS q, 'x\r\u{301}' AS r")
        #expect(result.formatted(as: .csv) == "\"v\",\"w\",\"q\",\"r\"\r\n\"a,\u{301}b\",2,\"\"\"\u{301}\",\"x\r\u{301}\"\r\n")
    }

    @Test func formatsEmptyResults() {
        let empty = QueryResult(columnNames: ["a", "b"], rows: [])
        #expect(empty.formatted(as: .table) == "a | b\n--+--\n(0 rows)\n")
        #expect(empty.formatted(as: .json) == "[]\n")
        #expect(empty.formatted(as: .csv) == "\"a\",\"b\"\r\n")
        #expect(empty.formatted(as: .markdown) == "| a | b |\n|---|---|\n")
        let ragged = QueryResult(columnNames: ["a", "b"], rows: [[1], [2, "x", 3]])
        #expect(ragged.formatted(as: .table) == "a | b\n--+--\n1 |\n2 | x\n(2 rows)\n")
        #expect(QueryResult(columnNames: [], rows: [], changedRowCount: 2).formatted(as: .csv).isEmpty)
    }

    @Test func measuresDisplayWidth() {
        #expect("abc".displayWidth == 3)
        #expect("山田".displayWidth == 4)
        #expect("🐝".displayWidth == 2)
        #expect("e\u{301}".displayWidth == 1)
        #expect("🇫🇷".displayWidth == 2)
        #expect("❤️".displayWidth == 2)
        #expect("山田太郎".truncated(toDisplayWidth: 6) == "山田…")
        #expect("abcdef".truncated(toDisplayWidth: 6) == "abcdef")
        #expect("abcdefg".truncated(toDisplayWidth: 6) == "abcde…")
    }

    @Test func escapesControlCharactersInCells() {
        #expect(Value.text("a\tb\r\n\u{1B}").cellText == "a\\tb\\r\\n\\u{1B}")
        #expect(Value.blob(Data([0xAB])).cellText == "<blob 1 byte: AB>")
    }
}

/// A ``ByteOutput`` that keeps what it is given and how: the number and size of the writes.
private final class RecordingOutput: ByteOutput {
    private(set) var bytes: [UInt8] = []
    private(set) var writeSizes: [Int] = []

    func write(_ bytes: UnsafeRawBufferPointer) {
        self.bytes.append(contentsOf: bytes)
        writeSizes.append(bytes.count)
    }

    var text: String { String(decoding: bytes, as: UTF8.self) }
}

/// A writable copy of the real-database sample, made through BeeStore.
private func realSample(in directory: TemporaryDirectory) throws -> Inspector {
    let path = directory.path("real.sqlite")
    try RealDatabaseSample.create(at: path)
    return try inspector(path, writable: true)
}

/// Every row of a table, with its row id when it has one, as values.
private func allRows(of table: String, in inspector: Inspector) throws -> [[Value]] {
    try inspector.execute("SELECT * FROM \(table.quotedIdentifier)").rows
}

extension InspectionTests {
    // MARK: Streaming

    @Test func writesRowsAsTheyAreSteppedInChunks() throws {
        let db = try Database.inMemory()
        try db.execute("CREATE TABLE n (i INTEGER, t TEXT, r REAL)")
        try db.execute("""
            WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM c WHERE i < 20000)
            INSERT INTO n SELECT i, 'row ' || i, i / 7.0 FROM c
            """)
        let inspector = Inspector(db)
        for format in ResultFormat.allCases {
            let output = RecordingOutput()
            var writer = ResultWriter(format: format, output: output)
            let summary = try inspector.writeRows(of: "n", to: &writer)
            #expect(summary == ResultSummary(columnNames: ["i", "t", "r"], rowCount: 20000, hasMoreRows: false, changedRowCount: nil))
            #expect(output.writeSizes.count > 4, "\(format): written in chunks as rows come")
            #expect(output.writeSizes.allSatisfy { $0 < 80_000 }, "\(format)")
            if format != .table && format != .markdown {
                #expect(output.text == (try inspector.rows(of: "n").formatted(as: format)), "\(format)")
            }
        }
    }

    @Test func aRowLimitStopsReadingAndSaysThereIsMore() throws {
        let directory = try TemporaryDirectory()
        let inspector = try sample(in: directory)
        let output = ByteCollector()
        var writer = ResultWriter(format: .table, output: output, options: ResultWriter.Options(rowLimit: 2))
        let summary = try inspector.writeRows(of: "select", to: &writer)
        #expect(summary.rowCount == 2 && summary.hasMoreRows)
        #expect(output.text.hasSuffix(" 2 | 山田太郎  |       1 | <null> | <null>\n(2 rows shown, more not shown)\n"))

        var selection = RowSelection()
        selection.limit = 2
        var exact = ResultWriter(format: .csv, output: ByteCollector(), options: ResultWriter.Options(rowLimit: 2))
        #expect(try !inspector.writeRows(of: "select", matching: selection, to: &exact).hasMoreRows)
    }

    @Test func tableWidthsAreSettledOnTheFirstBatchOfRows() throws {
        let db = try Database.inMemory()
        try db.execute("CREATE TABLE w (n INTEGER, s TEXT)")
        try db.execute("INSERT INTO w VALUES (1, 'a'), (2, 'bb'), (333, 'a much longer cell')")
        let output = ByteCollector()
        var writer = ResultWriter(format: .table, output: output, options: ResultWriter.Options(batchSize: 2))
        try Inspector(db).writeRows(of: "w", to: &writer)
        #expect(output.text == "n | s\n--+---\n1 | a\n2 | bb\n333 | a much longer cell\n(3 rows)\n")
        #expect(try Inspector(db).rows(of: "w").formatted(as: .table) == """
              n | s
            ----+-------------------
              1 | a
              2 | bb
            333 | a much longer cell
            (3 rows)

            """)
    }

    @Test func markdownEscapesWhatMarkdownWouldReadAsMarkup() throws {
        let result = QueryResult(
            columnNames: ["n", "text|col"], rows: [[1, "a | *b* <i> [x](y) \\ _z_"], [2.5, .null], [.null, .blob(Data([0xAB]))]])
        #expect(result.formatted(as: .markdown) == #"""
            |        n | text\|col                          |
            |---------:|------------------------------------|
            |        1 | a \| \*b\* \<i\> \[x\](y) \\ \_z\_ |
            |      2.5 | \<null\>                           |
            | \<null\> | \<blob 1 byte: AB\>                |

            """#)
    }

    // MARK: Exact values

    @Test func jsonAndCSVKeepEveryValueAndItsType() throws {
        let db = try Database.inMemory()
        let result = try Inspector(db).execute("""
            SELECT X'00' AS b, '00' AS t, X'' AS e, '' AS s, NULL AS n, 9007199254740993 AS big, 0.1 AS r, 1e308 * 10 AS inf,
                1.0 AS one, 1e-5 AS small, -0.0 AS z
            """)
        #expect(result.formatted(as: .json) == #"""
            [
              {"b": {"$base64": true, "encoded": "AA=="}, "t": "00", "e": {"$base64": true, "encoded": ""}, "s": "", "n": null, "big": 9007199254740993, "r": 0.1, "inf": 1e999, "one": 1.0, "small": 1e-05, "z": -0.0}
            ]

            """#)
        #expect(result.formatted(as: .csv) == #"""
            "b","t","e","s","n","big","r","inf","one","small","z"\#r
            \x00,"00",\x,"",,9007199254740993,0.1,1e999,1.0,1e-05,-0.0\#r

            """#)
    }

    @Test func jsonTextIsEscapedAndRepairedWhenItIsNotUTF8() throws {
        let db = try Database.inMemory()
        let result = try Inspector(db).execute(
            "SELECT 'a\"b\\c' || char(1, 10, 9) || 'é' AS t, CAST(X'61FF62' AS TEXT) AS bad, 'x' || char(0) || 'y' AS nul")
        #expect(result.formatted(as: .json) == "[\n  {\"t\": \"a\\\"b\\\\c\\u0001\\n\\té\", \"bad\": \"a\u{FFFD}b\", \"nul\": \"x\\u0000y\"}\n]\n")
    }

    @Test func csvAndJSONExportsImportBackToTheSameRows() throws {
        let directory = try TemporaryDirectory()
        let source = try realSample(in: directory)
        for table in ["author", RealDatabaseSample.oddTable, "tag", "book", "loose", "cheap_books"] {
            for format in [ResultFormat.csv, .json] {
                let output = ByteCollector()
                var writer = ResultWriter(format: format, output: output)
                try source.writeRows(of: table, to: &writer)
                let copy = Inspector(try Database.inMemory())
                let summary = try copy.importRows(
                    from: Data(output.bytes), format: format == .csv ? .csv : .json, into: table)
                #expect(summary.createdTable && summary.table == table)
                #expect(try allRows(of: table, in: copy) == allRows(of: table, in: source), "\(table), \(format)")
            }
        }
    }

    @Test func theSchemaTableIsReadLikeAnyTable() throws {
        let db = try Database.inMemory()
        try db.execute("CREATE TABLE t (x)")
        var selection = RowSelection()
        selection.columns = ["TYPE", "name"]
        for name in ["sqlite_master", "SQLITE_SCHEMA"] {
            #expect(try Inspector(db).rows(of: name, matching: selection).rows == [["table", "t"]])
        }
        #expect(try Inspector(db).schema(ofTable: "sqlite_master").columns.map(\.name) == ["type", "name", "tbl_name", "rootpage", "sql"])
        #expect(throws: InspectionError.unknownTable("sqlite_masters")) { try Inspector(db).rows(of: "sqlite_masters") }
    }

    @Test func namesAreMatchedAsSQLiteMatchesThemNotByUnicodeRules() throws {
        let db = try Database.inMemory()
        let precomposed = "\u{E9}", decomposed = "e\u{301}"
        try db.execute("CREATE TABLE s (\"\u{C9}\" TEXT, \"\(precomposed)\" TEXT, \"\(decomposed)\" TEXT, Plain TEXT)")
        try db.execute("INSERT INTO s VALUES ('upper', 'precomposed', 'decomposed', 'plain')")
        let inspector = Inspector(db)
        func selected(_ columns: [String], orderedBy order: String? = nil) throws -> [Value] {
            var selection = RowSelection()
            selection.columns = columns
            selection.ordering = order.map { [RowOrdering(column: $0)] } ?? []
            return try inspector.rows(of: "s", matching: selection).rows.first ?? []
        }
        #expect(try selected([precomposed]) == ["precomposed"])
        #expect(try selected([decomposed]) == ["decomposed"])
        #expect(try selected(["\u{C9}"], orderedBy: precomposed) == ["upper"])
        #expect(try selected(["PLAIN"]) == ["plain"])
        #expect(throws: InspectionError.unknownColumn("\u{C8}", table: "s")) { try selected(["\u{C8}"]) }
        // A row's values by name, and an import's header, follow the same rule.
        let row = try #require(try db.fetchOne("SELECT * FROM s"))
        #expect(row[precomposed] == "precomposed")
        #expect(row[decomposed] == "decomposed")
        #expect(row["\u{C9}"] == "upper")
        #expect(row["plain"] == "plain")
        #expect(try inspector.importRows(from: Data("\(decomposed)\nnew\n".utf8), format: .csv, into: "s").rowCount == 1)
        #expect(try db.fetchOne("SELECT * FROM s WHERE rowid = 2")?.values == [.null, .null, "new", .null])
    }

    // MARK: Import

    @Test func importCreatesATableTypedByItsValues() throws {
        let inspector = Inspector(try Database.inMemory())
        let csv = "\"n\",\"r\",\"t\",\"mixed\",\"empty\"\r\n1,0.5,\"x\",1,\r\n2,1000.0,\"007\",\"a\",\r\n"
        let summary = try inspector.importRows(from: Data(csv.utf8), format: .csv, into: "Imported")
        #expect(summary == ImportSummary(table: "Imported", rowCount: 2, createdTable: true))
        #expect(try inspector.schema(ofTable: "imported").columns.map(\.declaredType) == ["INTEGER", "REAL", "TEXT", "", ""])
        #expect(try allRows(of: "Imported", in: inspector) == [[1, 0.5, "x", 1, .null], [2, 1000.0, "007", "a", .null]])

        // Into the table that now exists: columns matched without case, some left out.
        let json = """
            [
              {"N": 3, "t": "y", "mixed": {"$base64": true, "encoded": "AP8="}},
              {"n": 4, "mixed": [1, {"a": null}], "r": 12345678901234567890}
            ]
            """
        #expect(try inspector.importRows(from: Data(json.utf8), format: .json, into: "imported").rowCount == 2)
        #expect(try allRows(of: "Imported", in: inspector).suffix(2) == [
            [3, .null, "y", .blob(Data([0x00, 0xFF])), .null], [4, 12345678901234567890.0, .null, "[1, {\"a\": null}]", .null],
        ])
    }

    @Test func csvDigitsANumberWouldNotGiveBackStayText() throws {
        let inspector = Inspector(try Database.inMemory())
        let csv = "zip,code,big,signed,negative,zero,real\n02134,007,99999999999999999999,+5,-12,0,1.5\n"
        #expect(try inspector.importRows(from: Data(csv.utf8), format: .csv, into: "t").rowCount == 1)
        #expect(try allRows(of: "t", in: inspector) == [["02134", "007", "99999999999999999999", "+5", -12, 0, 1.5]])
        #expect(try inspector.schema(ofTable: "t").columns.map(\.declaredType) == ["TEXT", "TEXT", "TEXT", "TEXT", "INTEGER", "INTEGER", "REAL"])
    }

    @Test func csvRealsAreRealsOnlyWhenWrittenAsTheShortestDecimalOfTheirValue() throws {
        let reals: [(String, Double)] = [
            ("1.5", 1.5), ("0.1", 0.1), ("1000.0", 1000), ("-2.5", -2.5), ("1e-05", 0.00001), ("1e+20", 1e20),
            ("0.0001", 0.0001), ("1e999", .infinity), ("-1e999", -.infinity), ("5e-324", .leastNonzeroMagnitude),
        ]
        let texts = ["1.50", "1e3", ".5", "1.", "1E-5", "1e-5", "+1.5", "0.10", "1e20", "01.5", "1.0e0", "2e999", "1000.00"]
        let inspector = Inspector(try Database.inMemory())
        let fields = reals.map(\.0) + texts
        let csv = (0..<fields.count).map { "c\($0)" }.joined(separator: ",") + "\n" + fields.joined(separator: ",") + "\n"
        #expect(try inspector.importRows(from: Data(csv.utf8), format: .csv, into: "t").rowCount == 1)
        let row = try #require(try allRows(of: "t", in: inspector).first)
        for (index, (text, value)) in reals.enumerated() {
            guard case .real(let read) = row[index] else {
                Issue.record("\(text) is \(row[index]), not a real")
                continue
            }
            #expect(read == value, "\(text)")
        }
        #expect(Array(row.dropFirst(reals.count)) == texts.map { Value.text($0) })
    }

    @Test func importReadsCSVFromOtherToolsAndNewlineDelimitedJSON() throws {
        let inspector = Inspector(try Database.inMemory())
        let csv = "\u{FEFF}id,name,note\n1,Ann,\"two\nlines\"\r\n2,\\x41,plain text\n"
        #expect(try inspector.importRows(from: Data(csv.utf8), format: .csv, into: "people").rowCount == 2)
        #expect(try allRows(of: "people", in: inspector) == [[1, "Ann", "two\nlines"], [2, .blob(Data([0x41])), "plain text"]])
        let lines = "{\"a\": true, \"b\": \"\\u00e9\\ud83d\\udc1d\"}\n\n{\"a\": false, \"b\": null}\n"
        #expect(try inspector.importRows(from: Data(lines.utf8), format: .json, into: "flags").rowCount == 2)
        #expect(try allRows(of: "flags", in: inspector) == [[1, "é🐝"], [0, .null]])
    }

    @Test func aBadRecordRollsTheWholeImportBackAndNamesItsLine() throws {
        let inspector = Inspector(try Database.inMemory())
        let cases: [(ImportFormat, String, ImportError)] = [
            (.csv, "a,b\n1,2\n\"x\ny\",3\n4\n", .badRecord(line: 5, reason: "1 fields where the header has 2")),
            (.csv, "a,b\n1,\"open\n", .badRecord(line: 2, reason: "a quoted field is not closed")),
            (.csv, "a\nx\"y\n", .badRecord(line: 2, reason: "a quote inside a field that does not start with one")),
            (.csv, "", .noColumns),
            (.json, "{\"a\": 1}\n{\"a\": 2,}\n", .badRecord(line: 2, reason: "expected a key in quotes")),
            (.json, "[\n  {\"a\": 1},\n  3\n]", .badRecord(line: 3, reason: "a record is not an object")),
            (.json, "[{\"a\": 1}", .badRecord(line: 1, reason: "the array is not closed")),
            (.json, "[]", .noColumns),
            (.json, "{\"a\": {\"$base64\": true, \"encoded\": \"*\"}}", .badRecord(line: 1, reason: "the base64 of a blob is not valid")),
        ]
        for (format, text, expected) in cases {
            #expect(throws: expected) { try inspector.importRows(from: Data(text.utf8), format: format, into: "t") }
            #expect(try inspector.tables().isEmpty, "nothing of a failed import is kept: \(text)")
        }

        try inspector.database.execute("CREATE TABLE u (a INTEGER UNIQUE)")
        #expect(throws: ImportError.rejected(line: 4, message: "UNIQUE constraint failed: u.a")) {
            try inspector.importRows(from: Data("a\n1\n2\n1\n".utf8), format: .csv, into: "u")
        }
        #expect(throws: ImportError.badRecord(line: 2, reason: "no such column: b in u")) {
            try inspector.importRows(from: Data("{\"a\": 5}\n{\"b\": 1}\n".utf8), format: .json, into: "U")
        }
        #expect(try inspector.tables().first?.rowCount == 0)
    }

    // MARK: Arguments and statements

    @Test func commandLineArgumentsBindAsTheTypeTheyReadAs() throws {
        let cases: [(String, Value)] = [
            ("42", 42), ("-7", -7), ("+3", 3), ("9223372036854775807", .integer(.max)), ("2.5", 2.5), ("1e-3", 0.001),
            ("-0.0", -0.0), ("1e999", .real(.infinity)), ("99999999999999999999", 1e20),
            ("null", .null), ("NULL", "NULL"), ("text:42", "42"), ("text:null", "null"), ("text:", ""),
            ("blob:00fF", .blob(Data([0x00, 0xFF]))), ("blob:", .blob(Data())), ("inf", "inf"), ("nan", "nan"),
            ("0x1F", "0x1F"), (" 1", " 1"), ("1.", 1.0), (".5", 0.5), ("e5", "e5"), ("abc", "abc"), ("", ""),
        ]
        for (argument, expected) in cases {
            #expect(try Value(commandLineArgument: argument) == expected, "\(argument)")
        }
        #expect(throws: InspectionError.badArgument("blob:0G", reason: "a blob is written as pairs of hexadecimal digits")) {
            try Value(commandLineArgument: "blob:0G")
        }
        #expect(throws: InspectionError.self) { try Value(commandLineArgument: "blob:ABC") }

        let inspector = Inspector(try Database.inMemory())
        let typed = try inspector.execute(
            "SELECT 1 = ?, typeof(?), typeof(?), typeof(?)",
            arguments: StatementArguments(values: try ["1", "2.5", "null", "blob:00"].map(Value.init(commandLineArgument:))))
        #expect(typed.rows == [[1, "real", "null", "blob"]])
    }

    @Test func readOnlyPragmasAndExplainRunWithoutWrites() throws {
        let directory = try TemporaryDirectory()
        let inspector = try sample(in: directory)
        #expect(try inspector.execute("PRAGMA journal_mode").rows == [["delete"]])
        #expect(try inspector.execute("pragma main.journal_mode;").rows == [["delete"]])
        #expect(try inspector.execute("PRAGMA table_info(team)").rows.count == 2)
        for sql in ["PRAGMA journal_mode = wal", "PRAGMA journal_mode(wal)", "PRAGMA user_version = 3"] {
            #expect(throws: InspectionError.writeNotAllowed(sql: sql)) { try inspector.execute(sql) }
        }
        let plan = try inspector.queryPlan(for: "DELETE FROM team WHERE id = ?")
        #expect(plan.steps.first?.detail == "SEARCH team USING INTEGER PRIMARY KEY (rowid=?)")
        #expect(try inspector.execute("EXPLAIN QUERY PLAN UPDATE team SET name = 'x'").rows.count == 1)
        #expect(try inspector.tables().first { $0.name == "team" }?.rowCount == 2)
    }

    @Test func severalStatementsRunOnlyWithWritesAndGiveTheLastResult() throws {
        let directory = try TemporaryDirectory()
        let inspector = try sample(in: directory, writable: true)
        let sql = "SELECT 1; SELECT 2"
        #expect(throws: InspectionError.severalStatements(sql: sql)) { try inspector.execute(sql) }
        let script = """
            INSERT INTO team (name) VALUES (?);
            -- a comment between statements
            INSERT INTO team (name) VALUES (?), (?);
            SELECT name FROM team WHERE id > ? ORDER BY id;
            """
        let result = try inspector.execute(script, arguments: ["Ants", "Bees 2", "Hornets", 2], allowingWrites: true)
        #expect(result == QueryResult(columnNames: ["name"], rows: [["Ants"], ["Bees 2"], ["Hornets"]], changedRowCount: 3))
        #expect(try inspector.execute("SELECT 1;", allowingWrites: true).changedRowCount == nil)
        let empty = try inspector.execute("-- nothing", allowingWrites: false)
        #expect(empty == QueryResult(columnNames: [], rows: []))
    }

    @Test func rowSelectionIsRenderedByTheQueryBuilder() throws {
        var selection = RowSelection()
        selection.columns = ["A", "t.x"]
        selection.filter = "a > ?"
        selection.arguments = [1]
        selection.ordering = [RowOrdering(column: "T.X", isDescending: true)]
        selection.limit = 2
        selection.offset = 1
        let statement = try selection.statement(on: "t", columns: ["a", "t.x"])
        #expect(statement == SQLStatement(
            sql: #"SELECT "t"."a", "t"."t.x" FROM "t" WHERE (a > ?) ORDER BY "t"."t.x" DESC LIMIT ? OFFSET ?"#,
            arguments: [1, 2, 1]))
        selection.limit = -1
        #expect(throws: QueryError.negativeLimit(-1)) { try selection.statement(on: "t", columns: ["a", "t.x"]) }

        let db = try Database.inMemory()
        try db.execute(#"CREATE TABLE t (a INTEGER, "t.x" TEXT)"#)
        try db.execute(#"INSERT INTO t VALUES (1, 'one'), (2, 'two'), (3, 'three')"#)
        var dotted = RowSelection()
        dotted.columns = ["t.x"]
        dotted.ordering = [RowOrdering(column: "a", isDescending: true)]
        #expect(try Inspector(db).rows(of: "T", matching: dotted) == QueryResult(columnNames: ["t.x"], rows: [["three"], ["two"], ["one"]]))
    }

    // MARK: Complete schema

    @Test func describesStrictWithoutRowIDGeneratedPartialCollatedViewAndVirtualTables() throws {
        let directory = try TemporaryDirectory()
        let inspector = try realSample(in: directory)
        let odd = try inspector.schema(ofTable: RealDatabaseSample.oddTable)
        #expect(odd.isStrict && !odd.isWithoutRowID)
        let tag = try inspector.schema(ofTable: "tag")
        #expect(tag.isWithoutRowID && !tag.isStrict)
        let author = try inspector.schema(ofTable: "author")
        #expect(author.columns.map(\.collation) == [nil, "NOCASE", nil])
        let book = try inspector.schema(ofTable: "book")
        #expect(book.columns.compactMap(\.generation) == [
            ColumnGeneration(expression: "CAST(round(price * 100) AS INTEGER)", isStored: false),
            ColumnGeneration(expression: "lower(title)", isStored: true),
        ])
        #expect(book.indexes.map(\.condition) == ["price < 10", nil])
        #expect(book.indexes.last?.keys == [IndexKey(name: "title", collation: "NOCASE", isDescending: true)])
        let view = try inspector.schema(ofTable: "cheap_books")
        #expect(view.kind == .view && view.sql == "CREATE VIEW cheap_books AS SELECT title, price FROM book WHERE price < 10")
        let text = try inspector.schema(ofTable: "book_text")
        #expect(text.kind == .virtualTable && text.module == "fts5" && text.moduleArguments == "title, body")
        #expect(try inspector.schemas().map(\.name).contains("book_text_data"))

        #expect(String(describing: book).hasPrefix("""
            table book

            Columns
            column      | type    | not null | default | primary key | generated as
            ------------+---------+----------+---------+-------------+----------------------------------------------
            id          | INTEGER | no       |         | 1           |
            author_id   | INTEGER | no       |         |             |
            title       | TEXT    | yes      |         |             |
            price       | REAL    | no       |         |             |
            cover       | BLOB    | no       |         |             |
            pages       | INTEGER | no       |         |             |
            price_cents | INTEGER | no       |         |             | (CAST(round(price * 100) AS INTEGER)) VIRTUAL
            title_lower | TEXT    | no       |         |             | (lower(title)) STORED

            Indexes
            index      | columns                   | unique | origin       | where
            -----------+---------------------------+--------+--------------+-----------
            book_cheap | price                     | no     | CREATE INDEX | price < 10
            book_title | title COLLATE NOCASE DESC | no     | CREATE INDEX |

            """))
        #expect(String(describing: odd).hasPrefix("table odd \"table\" name (STRICT)\n"))
        #expect(String(describing: tag).hasPrefix("table tag (WITHOUT ROWID)\n"))
        #expect(String(describing: text).hasPrefix("virtual table book_text (module fts5: title, body)\n"))
        #expect(String(describing: view).hasSuffix("SQL\nCREATE VIEW cheap_books AS SELECT title, price FROM book WHERE price < 10;\n"))
        #expect(String(describing: author).contains("\nname   | TEXT    | yes      |         |             | NOCASE\n"))
    }

    @Test func reportsAreJSONDocuments() throws {
        let directory = try TemporaryDirectory()
        let inspector = try realSample(in: directory)
        let tag = try JSONSerialization.jsonObject(with: Data(try JSONDocument.text(of: inspector.schema(ofTable: "tag")).utf8))
        let object = try #require(tag as? [String: Any])
        #expect(object["name"] as? String == "tag")
        #expect(object["is_without_row_id"] as? Bool == true)
        #expect((object["columns"] as? [[String: Any]])?.first?["declared_type"] as? String == "TEXT")
        let plan = try JSONDocument.text(of: inspector.queryPlan(for: "SELECT * FROM loose"))
        #expect(plan.contains(#""detail" : "SCAN loose""#) && plan.contains(#""is_full_table_scan" : true"#))
        let report = try JSONDocument.text(of: inspector.checkIntegrity())
        #expect(report.contains(#""problems" : ["#))
        #expect(try JSONDocument.text(of: inspector.storageStatistics()).contains(#""journal_mode" : "delete""#))
    }

    // MARK: Integrity of a damaged file

    @Test func theIntegrityCheckOfACorruptFileGivesSQLitesLines() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("corrupt.sqlite")
        try CorruptSample.create(at: path)

        let report = try inspector(path).checkIntegrity()
        #expect(!report.isHealthy)
        #expect(report.problems.first == "*** in database main ***")
        #expect(report.problems.contains { $0.hasPrefix("On tree page ") || $0.hasPrefix("Page ") })
        #expect(String(describing: report).hasPrefix("integrity check: \(report.problems.count) problems\n  *** in database main ***\n"))
    }

    @Test func listingTheTablesOfAFileWhoseTableIsDamagedIsAnError() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("damaged.sqlite")
        do {
            var configuration = Configuration()
            configuration.journalMode = nil
            let database = try Database(path: path, configuration: configuration)
            try database.execute(script: """
                CREATE TABLE a (id INTEGER PRIMARY KEY, t TEXT);
                CREATE VIEW broken AS SELECT * FROM a;
                WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 2000)
                INSERT INTO a SELECT i, printf('%080d', i) FROM n;
                """)
            #expect(try Inspector(database).tables().map(\.rowCount) == [2000, 2000])
            let root = try #require(try database.fetchValue(Int.self, "SELECT rootpage FROM sqlite_master WHERE name = 'a'"))
            let pageSize = try #require(try database.fetchValue(Int.self, "PRAGMA page_size"))
            database.close()
            // The table's root page, its header overwritten.
            let file = try FileHandle(forUpdating: URL(fileURLWithPath: path))
            try file.seek(toOffset: UInt64(pageSize * (root - 1)))
            try file.write(contentsOf: Data(repeating: 0xFF, count: 16))
            try file.close()
        }
        let error = #expect(throws: DatabaseError.self) { try inspector(path).tables() }
        #expect(error?.resultCode == .corrupt)
    }

    @Test func aViewSQLiteCannotReadHasNoRowCount() throws {
        let db = try Database.inMemory()
        try db.execute(script: "CREATE TABLE t (x); CREATE VIEW v AS SELECT x FROM t; DROP TABLE t")
        #expect(try Inspector(db).tables().map(\.rowCount) == [nil])
    }

    // MARK: Dump

    @Test(.enabled(if: SQLiteTool.isInstalled, "needs the sqlite3 command-line tool"))
    func aDumpReplayedBySQLite3GivesAnIdenticalDatabase() throws {
        let directory = try TemporaryDirectory()
        let source = try realSample(in: directory)
        let dump = ByteCollector()
        try source.dump(to: dump)
        let tool = try #require(SQLiteTool.path)
        let copyPath = directory.path("copy.sqlite")
        #expect(try SQLiteTool.replay(tool, database: copyPath, sql: dump.text) != nil)
        let copy = try inspector(copyPath)

        let master = "SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY name"
        #expect(try copy.execute(master).rows == source.execute(master).rows)
        let tables = try source.execute("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").rows
        #expect(tables.count == 13)
        for case .text(let table) in tables.map(\.[0]) {
            let rows = "SELECT rowid, * FROM \(table.quotedIdentifier)"
            let withoutRowID = "SELECT * FROM \(table.quotedIdentifier)"
            let query = (try? source.execute(rows)) == nil ? withoutRowID : rows
            #expect(try copy.execute(query).rows == source.execute(query).rows, "\(table)")
        }
        #expect(try copy.execute("PRAGMA user_version").rows == [[7]])
        #expect(try copy.execute("SELECT rowid FROM book_text WHERE book_text MATCH 'cheap'").rows == [[1]])
        #expect(try copy.checkIntegrity().isHealthy)
        let again = ByteCollector()
        try copy.dump(to: again)
        #expect(again.text == dump.text)
        #expect(dump.text.hasPrefix("PRAGMA foreign_keys=OFF;\nBEGIN TRANSACTION;\nCREATE TABLE author"))
        #expect(dump.text.contains(#"INSERT INTO "loose"("rowid","a","b") VALUES(2,2.5,X'01');"#))
        #expect(dump.text.contains(#"VALUES(4,1,(CAST(X'4E554C00696E73696465' AS TEXT)),"#))
        #expect(dump.text.hasSuffix("PRAGMA user_version=7;\nCOMMIT;\n"))
    }

    @Test(.enabled(if: SQLiteTool.isInstalled, "needs the sqlite3 command-line tool"))
    func aDumpReplayedBySQLite3KeepsEveryControlCharacterOfRandomText() throws {
        var random = QueryPropertyTests.SplitMix64(state: 0x5EED_D0_0F)
        // Every control character, what the shell's line reading or the dump's markers
        // could confuse (a backslash, r, n, underscores, quotes), and multibyte scalars.
        let pieces: [[UInt8]] = (0x01...0x1F).map { [UInt8($0)] } + [[0x7F], [0x0D, 0x0A], [0x5C, 0x72], [0x5C, 0x6E]]
            + ["\\", "r", "n", "_", "__", "'", "\"", "a", ";", "é", "🐝", "\u{301}"].map { Array($0.utf8) }
        var texts: [[UInt8]] = [
            Array("a\r\nb".utf8), [0x0D], [0x0A], [0x0D, 0x0D, 0x0A, 0x0A], Array("x\r".utf8), Array("\\r\r".utf8),
            Array("\\r_\r\\n__\n".utf8), Array("it's\r\n".utf8), [0x61, 0x00, 0x0D, 0x0A], [0xFF, 0x0D, 0x0A],
        ]
        for _ in 0..<300 {
            var text: [UInt8] = []
            for _ in 0..<random.int(1..<24) { text += random.pick(pieces) }
            // Now and then a NUL, or bytes that are not UTF-8: text may hold them too.
            if random.chance(5) { text.insert(0x00, at: random.int(0..<text.count)) }
            if random.chance(5) { text.insert(0xC3, at: random.int(0..<text.count)) }
            texts.append(text)
        }
        let directory = try TemporaryDirectory()
        let source = Inspector(try Database(path: directory.path("source.sqlite")))
        try source.database.execute("CREATE TABLE t (i INTEGER PRIMARY KEY, t TEXT, u)")
        for text in texts {
            try source.database.execute("INSERT INTO t (t, u) VALUES (CAST(?1 AS TEXT), CAST(?1 AS TEXT))", [Data(text)])
        }
        // CREATE statements written on CRLF lines, a default and a view's text holding CRLF too.
        try source.database.execute(script: "CREATE TABLE crlf (\r\n  a TEXT DEFAULT 'x\r\ny',\r\n  b\r\n)")
        try source.database.execute(script: "CREATE INDEX crlf_b\r\nON crlf (b)")
        try source.database.execute(script: "CREATE VIEW lines AS\r\nSELECT 'p\r\nq' AS v")
        try source.database.execute("INSERT INTO crlf (b) VALUES (1)")

        let dump = ByteCollector()
        try source.dump(to: dump)
        let inserts = dump.bytes.split(separator: 0x0A).filter { $0.starts(with: Array(#"INSERT INTO "t""#.utf8)) }
        #expect(inserts.count == texts.count, "one line a row")
        #expect(!inserts.contains { $0.contains(0x0D) }, "no carriage return for the shell to drop")
        #expect(dump.text.contains(#"VALUES(1,replace(replace('a\r\nb','\r',char(13)),'\n',char(10)),"#))
        let tool = try #require(SQLiteTool.path)
        let copyPath = directory.path("copy.sqlite")
        #expect(try SQLiteTool.replay(tool, database: copyPath, sql: dump.text) != nil)
        let copy = try inspector(copyPath)
        let rows = "SELECT i, hex(t), typeof(t), hex(u), typeof(u) FROM t ORDER BY i"
        let copied = try copy.execute(rows).rows
        #expect(copied.count == texts.count)
        for (original, copy) in zip(try source.execute(rows).rows, copied) {
            #expect(copy == original)
        }
        let master = "SELECT type, name, tbl_name, hex(sql) FROM sqlite_master ORDER BY name"
        #expect(try copy.execute(master).rows == source.execute(master).rows)
        #expect(try copy.execute("SELECT hex(a), b FROM crlf").rows == [[.text("780D0A79"), 1]])
        #expect(try copy.execute("SELECT hex(v) FROM lines").rows == [[.text("700D0A71")]])
        #expect(try copy.checkIntegrity().isHealthy)
    }

    // MARK: Import: text that is not UTF-8, repeated columns, keys

    @Test func importRefusesTextThatIsNotUTF8NamingItsLineAndColumnOrKeepsItsBytes() throws {
        let inspector = Inspector(try Database.inMemory())
        let csv = Data("a,b\n1,\"x".utf8) + Data([0xFF]) + Data("y\"\n2,z".utf8) + Data([0xFE]) + Data("\n".utf8)
        #expect(throws: ImportError.invalidUTF8(line: 2, column: "b")) {
            try inspector.importRows(from: csv, format: .csv, into: "t")
        }
        #expect(try inspector.tables().isEmpty)
        let keep = ImportOptions(invalidUTF8: .blob)
        #expect(try inspector.importRows(from: csv, format: .csv, into: "t", options: keep).rowCount == 2)
        #expect(try allRows(of: "t", in: inspector) == [[1, .blob(Data([0x78, 0xFF, 0x79]))], [2, .blob(Data([0x7A, 0xFE]))]])

        // A column name must be UTF-8 whatever the choice.
        let header = Data("a,".utf8) + Data([0xC3]) + Data("\n1,2\n".utf8)
        #expect(throws: ImportError.badRecord(line: 1, reason: "the name of column 2 is not valid UTF-8")) {
            try inspector.importRows(from: header, format: .csv, into: "u", options: keep)
        }

        // JSON: bytes that are not UTF-8, in a string or in an object's text, and a lone
        // surrogate escape, whose following escape is kept.
        let json = Data("{\"a\": 1, \"b\": \"x".utf8) + Data([0xFF]) + Data("\"}\n{\"a\": 2, \"b\": [\"".utf8) + Data([0xFF])
            + Data("\"]}\n{\"a\": 3, \"b\": \"\\ud800\\u0041\"}\n{\"a\": 4, \"b\": \"\\ud83d\\udc1d\"}\n".utf8)
        #expect(throws: ImportError.invalidUTF8(line: 1, column: "b")) {
            try inspector.importRows(from: json, format: .json, into: "j")
        }
        #expect(try inspector.importRows(from: json, format: .json, into: "j", options: keep).rowCount == 4)
        #expect(try allRows(of: "j", in: inspector) == [
            [1, .blob(Data([0x78, 0xFF]))], [2, .blob(Data([0x5B, 0x22, 0xFF, 0x22, 0x5D]))],
            [3, .blob(Data([0xED, 0xA0, 0x80, 0x41]))], [4, "🐝"],
        ])
    }

    @Test func aFileNamingAColumnTwiceIsRefusedForANewOrAnExistingTable() throws {
        let inspector = Inspector(try Database.inMemory())
        #expect(throws: ImportError.duplicateColumn(line: 1, column: "A")) {
            try inspector.importRows(from: Data("a,A\n1,2\n".utf8), format: .csv, into: "t")
        }
        #expect(try inspector.tables().isEmpty)
        try inspector.database.execute("CREATE TABLE t (a, b)")
        #expect(throws: ImportError.duplicateColumn(line: 1, column: "a")) {
            try inspector.importRows(from: Data("a,a\n1,2\n".utf8), format: .csv, into: "t")
        }
        #expect(throws: ImportError.duplicateColumn(line: 2, column: "a")) {
            try inspector.importRows(from: Data("{\"b\": 1}\n{\"a\": 1, \"b\": 2, \"a\": 3}\n".utf8), format: .json, into: "t")
        }
        #expect(try allRows(of: "t", in: inspector).isEmpty)
    }

    @Test func importingAgainWithAKeyReplacesLeavesOutOrUpdatesRowsInsteadOfAddingThem() throws {
        let inspector = Inspector(try Database.inMemory())
        let csv = Data("id,name,score\n1,\"a\",10\n2,\"b\",20\n".utf8)
        let created = try inspector.importRows(from: csv, format: .csv, into: "t", options: ImportOptions(key: ["ID"]))
        #expect(created == ImportSummary(table: "t", rowCount: 2, createdTable: true))
        #expect(try inspector.schema(ofTable: "t").columns.map(\.primaryKeyPosition) == [1, nil, nil])
        // Without a choice, a record whose key is there is refused, and nothing is kept.
        #expect(throws: ImportError.rejected(line: 3, message: "UNIQUE constraint failed: t.id")) {
            try inspector.importRows(from: Data("id,name\n3,\"c\"\n1,\"a\"\n".utf8), format: .csv, into: "t")
        }
        let ignored = try inspector.importRows(
            from: Data("id,name\n1,\"A\"\n3,\"c\"\n".utf8), format: .csv, into: "t", options: ImportOptions(onConflict: .ignore))
        #expect(ignored == ImportSummary(table: "t", rowCount: 1, createdTable: false, skippedRecordCount: 1))
        let upserted = try inspector.importRows(
            from: Data("{\"id\": 1, \"score\": 11}\n{\"id\": 4, \"name\": \"d\"}\n".utf8), format: .json, into: "t",
            options: ImportOptions(key: ["id"], onConflict: .upsert))
        #expect(upserted.rowCount == 2 && upserted.skippedRecordCount == 0)
        let replaced = try inspector.importRows(
            from: Data("id,name\n2,\"B\"\n".utf8), format: .csv, into: "t", options: ImportOptions(onConflict: .replace))
        #expect(replaced.rowCount == 1)
        #expect(try allRows(of: "t", in: inspector) == [[1, "a", 11], [2, "B", .null], [3, "c", .null], [4, "d", .null]])

        // A unique column as the key; replacing keeps the row and its id, gives columns the
        // record leaves out their default, and leaves other rows alone.
        try inspector.database.execute(script: """
            CREATE TABLE u (id INTEGER PRIMARY KEY, email TEXT UNIQUE, n INTEGER DEFAULT 7, note TEXT);
            INSERT INTO u VALUES (5, 'x@y', 1, 'old'), (6, 'z@y', 2, 'other');
            """)
        let byEmail = ImportOptions(key: ["email"], onConflict: .replace)
        #expect(try inspector.importRows(from: Data("email,note\n\"x@y\",\"new\"\n".utf8), format: .csv, into: "u", options: byEmail)
            .rowCount == 1)
        #expect(try allRows(of: "u", in: inspector) == [[5, "x@y", 7, "new"], [6, "z@y", 2, "other"]])

        // A composite key for a new table.
        let pairs = Data("a,b,v\n1,1,\"x\"\n1,2,\"y\"\n".utf8)
        let composite = ImportOptions(key: ["a", "b"], onConflict: .ignore)
        #expect(try inspector.importRows(from: pairs, format: .csv, into: "p", options: composite).rowCount == 2)
        #expect(try inspector.importRows(from: pairs, format: .csv, into: "p", options: composite).skippedRecordCount == 2)
        #expect(try inspector.schema(ofTable: "p").columns.map(\.primaryKeyPosition) == [1, 2, nil])
    }

    @Test func importingByKeyRefusesWhatCannotMatchRowsAndStaysAllOrNothing() throws {
        let inspector = Inspector(try Database.inMemory())
        try inspector.database.execute(script: """
            CREATE TABLE loose (a, b);
            CREATE TABLE u (id INTEGER PRIMARY KEY, email TEXT UNIQUE, note TEXT);
            CREATE UNIQUE INDEX u_note ON u (note) WHERE note IS NOT NULL;
            INSERT INTO u VALUES (1, 'x@y', 'kept');
            """)
        let record = Data("a,b\n1,2\n".utf8)
        #expect(throws: ImportError.noKey(table: "loose")) {
            try inspector.importRows(from: record, format: .csv, into: "loose", options: ImportOptions(onConflict: .upsert))
        }
        #expect(throws: ImportError.noKey(table: "new")) {
            try inspector.importRows(from: record, format: .csv, into: "new", options: ImportOptions(onConflict: .ignore))
        }
        #expect(throws: ImportError.notAKey(columns: ["a"], table: "loose")) {
            try inspector.importRows(from: record, format: .csv, into: "loose", options: ImportOptions(key: ["a"]))
        }
        #expect(throws: ImportError.notAKey(columns: ["note"], table: "u")) {
            try inspector.importRows(
                from: Data("note\nx\n".utf8), format: .csv, into: "u", options: ImportOptions(key: ["note"], onConflict: .ignore))
        }
        #expect(throws: InspectionError.unknownColumn("nope", table: "u")) {
            try inspector.importRows(from: record, format: .csv, into: "u", options: ImportOptions(key: ["nope"]))
        }
        #expect(throws: InspectionError.unknownColumn("c", table: "new")) {
            try inspector.importRows(from: record, format: .csv, into: "new", options: ImportOptions(key: ["c"]))
        }
        let byEmail = ImportOptions(key: ["email"], onConflict: .upsert)
        #expect(throws: ImportError.badRecord(line: 3, reason: "no value for the key column email")) {
            try inspector.importRows(from: Data("email,note\n\"x@y\",\"changed\"\n,\"x\"\n".utf8), format: .csv, into: "u", options: byEmail)
        }
        #expect(throws: ImportError.badRecord(line: 2, reason: "no such column: other in u")) {
            try inspector.importRows(
                from: Data("{\"email\": \"x@y\", \"note\": \"changed\"}\n{\"email\": \"q@y\", \"other\": 1}\n".utf8),
                format: .json, into: "u", options: byEmail)
        }
        #expect(try allRows(of: "u", in: inspector) == [[1, "x@y", "kept"]], "nothing of a failed import is kept")
        #expect(try inspector.tables().map(\.name) == ["loose", "u"])
    }
}
