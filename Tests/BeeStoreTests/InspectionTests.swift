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
