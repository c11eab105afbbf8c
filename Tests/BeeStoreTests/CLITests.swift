import Foundation
import Testing

@testable import BeeStore

/// What a run of the `beestore` binary produced.
struct CommandResult {
    let status: Int32
    let output: String
    let error: String
}

/// Runs the built `beestore` binary, found beside the test bundle in the build products
/// directory (`swift test` builds it along with the tests).
func beestore(_ arguments: String...) throws -> CommandResult {
    try beestore(arguments)
}

/// Runs the built `beestore` binary in `workingDirectory`, or in the test's own when nil.
func beestore(_ arguments: [String], in workingDirectory: URL? = nil) throws -> CommandResult {
    try runProduct("beestore", arguments, in: workingDirectory)
}

/// Runs the package's executable product `name`, found beside the test bundle in the build
/// products directory (`swift test` builds every product along with the tests), in
/// `workingDirectory`, or in the test's own when nil.
func runProduct(_ name: String, _ arguments: [String] = [], in workingDirectory: URL? = nil) throws -> CommandResult {
    let testBundle = Bundle.allBundles.first { $0.bundleURL.pathExtension == "xctest" }
    let products = try #require(
        testBundle?.bundleURL.deletingLastPathComponent() ?? Bundle.main.executableURL?.deletingLastPathComponent())
    let executable = products.appendingPathComponent(name)
    try #require(
        FileManager.default.isExecutableFile(atPath: executable.path), "build the \(name) product first: \(executable.path)")
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    process.currentDirectoryURL = workingDirectory
    let output = Pipe()
    let error = Pipe()
    process.standardOutput = output
    process.standardError = error
    try process.run()
    let outputData = output.fileHandleForReading.readDataToEndOfFile()
    let errorData = error.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return CommandResult(
        status: process.terminationStatus, output: String(decoding: outputData, as: UTF8.self),
        error: String(decoding: errorData, as: UTF8.self))
}

/// Expects a run to fail with `status` and one line on standard error.
func expectFailure(_ result: CommandResult, status: Int32, message: String, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(result.status == status, sourceLocation: sourceLocation)
    #expect(result.output.isEmpty, sourceLocation: sourceLocation)
    #expect(result.error == "beestore: \(message)\n", sourceLocation: sourceLocation)
}

/// The path of a fresh sample database.
private func samplePath(in directory: TemporaryDirectory) throws -> String {
    let path = directory.path("sample.sqlite")
    try InspectionSample.create(at: path)
    return path
}

@Suite("CLI")
struct CLITests {
    // MARK: Root command

    @Test func printsVersionAndHelp() throws {
        let version = try beestore("--version")
        #expect(version.status == 0 && version.output == BeeStoreVersion.current + "\n")
        let help = try beestore("--help")
        #expect(help.status == 0)
        for subcommand in ["tables", "schema", "rows", "query", "stats", "check", "explain"] {
            #expect(help.output.contains("  \(subcommand) "))
        }
        #expect(try beestore("rows", "--help").output.contains("--where <where>"))
    }

    // MARK: Output on the sample database

    @Test func listsTablesInEveryFormat() throws {
        let directory = try TemporaryDirectory()
        let path = try samplePath(in: directory)
        #expect(try beestore("tables", path).output == """
            name   | type  | rows
            -------+-------+-----
            roster | view  |    4
            select | table |    5
            team   | table |    2
            (3 rows)

            """)
        #expect(try beestore("tables", path, "--format", "json").output == """
            [
              {"name": "roster", "type": "view", "rows": 4},
              {"name": "select", "type": "table", "rows": 5},
              {"name": "team", "type": "table", "rows": 2}
            ]

            """)
        #expect(try beestore("tables", path, "--format", "csv").output
            == "\"name\",\"type\",\"rows\"\r\n\"roster\",\"view\",4\r\n\"select\",\"table\",5\r\n\"team\",\"table\",2\r\n")
        #expect(try beestore("tables", path, "--format", "markdown").output == """
            | name   | type  | rows |
            |--------|-------|-----:|
            | roster | view  |    4 |
            | select | table |    5 |
            | team   | table |    2 |

            """)
    }

    @Test func showsRowsAsATableWithWideCellsCut() throws {
        let directory = try TemporaryDirectory()
        let result = try beestore("rows", try samplePath(in: directory), "select")
        #expect(result.status == 0 && result.error.isEmpty)
        #expect(result.output == """
            id | full name                                | team_id |  score | photo
            ---+------------------------------------------+---------+--------+-----------------------------------
             1 | Ada                                      |       1 |    9.5 | <blob 3 bytes: 00FF10>
             2 | 山田太郎                                 |       1 | <null> | <null>
             3 | Zoë 🐝, "the" bee                        |       2 |    7.0 | <blob 11 bytes: 0001020304050607…>
             4 | A very long name that goes on and on, w… |  <null> |    1.0 | <blob 0 bytes>
             5 | two\\nlines                               |       2 |  -1.25 | <null>
            (5 rows)

            """)
    }

    @Test func showsRowsAsJSONAndCSVInFull() throws {
        let directory = try TemporaryDirectory()
        let path = try samplePath(in: directory)
        #expect(try beestore("rows", path, "select", "--format", "json").output == #"""
            [
              {"id": 1, "full name": "Ada", "team_id": 1, "score": 9.5, "photo": {"$base64": true, "encoded": "AP8Q"}},
              {"id": 2, "full name": "山田太郎", "team_id": 1, "score": null, "photo": null},
              {"id": 3, "full name": "Zoë 🐝, \"the\" bee", "team_id": 2, "score": 7.0, "photo": {"$base64": true, "encoded": "AAECAwQFBgcICQo="}},
              {"id": 4, "full name": "A very long name that goes on and on, well past forty columns", "team_id": null, "score": 1.0, "photo": {"$base64": true, "encoded": ""}},
              {"id": 5, "full name": "two\nlines", "team_id": 2, "score": -1.25, "photo": null}
            ]

            """#)
        #expect(try beestore("rows", path, "select", "--format", "csv").output == [
            #""id","full name","team_id","score","photo""#,
            #"1,"Ada",1,9.5,\x00ff10"#,
            #"2,"山田太郎",1,,"#,
            #"3,"Zoë 🐝, ""the"" bee",2,7.0,\x000102030405060708090a"#,
            #"4,"A very long name that goes on and on, well past forty columns",,1.0,\x"#,
            "5,\"two\nlines\",2,-1.25,",
        ].map { $0 + "\r\n" }.joined())
    }

    @Test func filtersSortsAndPagesRowsWithBoundArguments() throws {
        let directory = try TemporaryDirectory()
        let path = try samplePath(in: directory)
        let result = try beestore(
            "rows", path, "SELECT", "--where", "team_id = ? OR \"full name\" = ?", "--arg", "2", "--arg", "Ada",
            "--order", "id desc", "--limit", "2", "--offset", "1", "--columns", "full name, ID", "--format", "csv")
        #expect(result.output == #""full name","id"\#r\#n"Zoë 🐝, ""the"" bee",3\#r\#n"Ada",1\#r\#n"#)
        let injection = try beestore("rows", path, "team", "--where", "name = ?", "--arg", "x' OR '1'='1")
        #expect(injection.status == 0 && injection.output.hasSuffix("(0 rows)\n"))
        #expect(try beestore("rows", path, "select", "--max-width", "8", "--columns", "full name", "--order", "id", "--limit", "1", "--offset", "3")
            .output == "full na…\n--------\nA very …\n(1 row)\n")
    }

    @Test func describesATableAndTheWholeSchema() throws {
        let directory = try TemporaryDirectory()
        let path = try samplePath(in: directory)
        #expect(try beestore("schema", path, "select").output == """
            table select

            Columns
            column    | type    | not null | default | primary key
            ----------+---------+----------+---------+------------
            id        | INTEGER | no       |         | 1
            full name | TEXT    | yes      |         |
            team_id   | INTEGER | no       |         |
            score     | REAL    | no       | 0       |
            photo     | BLOB    | no       |         |

            Indexes
            index            | columns            | unique | origin
            -----------------+--------------------+--------+-------------
            select by "team" | team_id, full name | no     | CREATE INDEX

            Foreign keys
            columns | references | on update | on delete
            --------+------------+-----------+----------
            team_id | team(id)   | NO ACTION | CASCADE

            Triggers
            (none)

            """)
        let sql = try beestore("schema", path).output
        #expect(sql.hasPrefix("CREATE TABLE team (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE);\nCREATE TABLE \"select\" ("))
        #expect(sql.hasSuffix(#"""
            CREATE INDEX "select by ""team""" ON "select"(team_id, "full name");
            CREATE VIEW roster AS SELECT "full name", team.name AS team FROM "select" JOIN team ON team.id = team_id;
            CREATE TRIGGER team_renamed AFTER UPDATE OF name ON team BEGIN SELECT 1; END;

            """#))
    }

    @Test func runsQueriesReadOnlyUnlessWritesAreAllowed() throws {
        let directory = try TemporaryDirectory()
        let path = try samplePath(in: directory)
        #expect(try beestore("query", path, "SELECT ? AS a, typeof(?) AS b, NULL AS c", "--arg", "x", "--arg", "text:1", "--format", "json")
            .output == "[\n  {\"a\": \"x\", \"b\": \"text\", \"c\": null}\n]\n")
        expectFailure(
            try beestore("query", path, "DELETE FROM team"), status: 2,
            message: "the statement would change the database: pass --write to run it")
        let insert = try beestore("query", path, "INSERT INTO team (name) VALUES (?)", "--arg", "Ants", "--write")
        #expect(insert.status == 0 && insert.output == "(1 row changed)\n")
        #expect(try beestore("query", path, "SELECT name FROM team ORDER BY id DESC LIMIT 1", "--format", "csv").output
            == "\"name\"\r\n\"Ants\"\r\n")
    }

    @Test func csvOutputQuotesTextAndDoublesAQuoteFollowedByACombiningMark() throws {
        let directory = try TemporaryDirectory()
        let path = try samplePath(in: directory)
        let result = try beestore("query", path, "SELECT '\"\u{301}b' AS v, 2 AS w", "--format", "csv")
        #expect(result.output == "\"v\",\"w\"\r\n\"\"\"\u{301}b\",2\r\n")
    }

    @Test func explainsAQueryPlan() throws {
        let directory = try TemporaryDirectory()
        let path = try samplePath(in: directory)
        #expect(try beestore("explain", path, "SELECT * FROM team WHERE id > 0 OR name LIKE ?").output == """
            QUERY PLAN
            `--SCAN team  <- full table scan

            """)
        #expect(try beestore("explain", path, "SELECT * FROM roster WHERE team = ?").output == """
            QUERY PLAN
            |--SEARCH team USING COVERING INDEX sqlite_autoindex_team_1 (name=?)
            `--SEARCH select USING COVERING INDEX select by "team" (team_id=?)

            """)
    }

    @Test func showsStorageStatistics() throws {
        let directory = try TemporaryDirectory()
        let result = try beestore("stats", try samplePath(in: directory))
        #expect(result.status == 0)
        #expect(result.output.hasPrefix("""
            file size:      20480 bytes
            page size:      4096 bytes
            page count:     5
            freelist pages: 0
            journal mode:   delete
            WAL file size:  no WAL file
            SQLite version: \(BeeStoreVersion.sqlite)

            Sizes (from dbstat)

            """))
        #expect(result.output.contains("\nselect by \"team\"        | index | select        |  4096 |     1\n"))
    }

    @Test func checksIntegrityWithAnExitStatusForProblems() throws {
        let directory = try TemporaryDirectory()
        let path = try samplePath(in: directory)
        let healthy = try beestore("check", path)
        #expect(healthy.status == 0 && healthy.output == "integrity check: ok\nforeign key check: ok\n")

        var configuration = Configuration()
        configuration.journalMode = nil
        configuration.foreignKeysEnabled = false
        let database = try Database(path: path, configuration: configuration)
        try database.execute("INSERT INTO \"select\" (\"full name\", team_id) VALUES ('Orphan', 99)")
        database.close()
        let broken = try beestore("check", path)
        #expect(broken.status == 1)
        #expect(broken.output == """
            integrity check: ok
            foreign key check: 1 violation
              select row 6: no matching row in team (foreign key 0)

            """)
        #expect(broken.error == "beestore: the checks found 1 problem\n")
    }

    // MARK: Errors

    @Test func reportsAMissingFileWithoutCreatingIt() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("missing.sqlite")
        for subcommand in ["tables", "schema", "stats", "check"] {
            expectFailure(try beestore(subcommand, path), status: 1, message: "no such file: \(path)")
        }
        expectFailure(try beestore("query", path, "CREATE TABLE t (x)", "--write"), status: 1, message: "no such file: \(path)")
        #expect(!FileManager.default.fileExists(atPath: path))
        expectFailure(try beestore("tables", directory.url.path), status: 1, message: "not a file: \(directory.url.path)")
    }

    @Test func reportsAFileThatIsNotADatabase() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("notes.txt")
        try Data(String(repeating: "not a database\n", count: 100).utf8).write(to: URL(fileURLWithPath: path))
        expectFailure(try beestore("tables", path), status: 1, message: "file is not a database: \(path)")
    }

    @Test func reportsALockedDatabase() throws {
        let directory = try TemporaryDirectory()
        let path = try samplePath(in: directory)
        var configuration = Configuration()
        configuration.journalMode = nil
        let database = try Database(path: path, configuration: configuration)
        let result = try database.writeWithoutTransaction { connection in
            try connection.execute("BEGIN EXCLUSIVE")
            defer { try? connection.execute("ROLLBACK") }
            return try beestore("tables", path, "--timeout", "0.1")
        }
        expectFailure(result, status: 1, message: "database is locked: \(path)")
    }

    @Test func acceptsTimeoutsTooLongToCountInMilliseconds() throws {
        let directory = try TemporaryDirectory()
        let path = try samplePath(in: directory)
        for timeout in ["1e300", "inf"] {
            let result = try beestore("tables", path, "--timeout", timeout)
            #expect(result.status == 0, "\(timeout)")
            #expect(result.error.isEmpty)
        }
    }

    @Test func reportsBadSQLUnknownTablesAndUnknownColumns() throws {
        let directory = try TemporaryDirectory()
        let path = try samplePath(in: directory)
        expectFailure(try beestore("query", path, "SELEC 1"), status: 1, message: #"near "SELEC": syntax error (in: SELEC 1)"#)
        expectFailure(
            try beestore("explain", path, "SELECT * FROM nowhere"), status: 1,
            message: "no such table: nowhere (in: EXPLAIN QUERY PLAN SELECT * FROM nowhere)")
        expectFailure(try beestore("rows", path, "nowhere"), status: 1, message: "no such table: nowhere")
        expectFailure(try beestore("schema", path, "nowhere"), status: 1, message: "no such table: nowhere")
        expectFailure(
            try beestore("rows", path, "team", "--columns", "nope"), status: 1, message: "no such column: nope in team")
        expectFailure(
            try beestore("rows", path, "team", "--where", "name = ?"), status: 1,
            message: #"wrong number of arguments: the statement takes 1, 0 given"#)
    }

    @Test func reportsUsageErrorsOnOneLineWithStatus2() throws {
        let directory = try TemporaryDirectory()
        let path = try samplePath(in: directory)
        let cases: [[String]] = [
            ["rows", path], ["frobnicate"], ["rows", path, "team", "--format", "xml"], ["rows", path, "team", "--limit", "-2"],
            ["tables", path, "--timeout", "-1"], ["rows", path, "team", "--bogus"],
        ]
        for arguments in cases {
            let result = try beestore(arguments)
            #expect(result.status == 2, "\(arguments)")
            #expect(result.output.isEmpty)
            #expect(result.error.hasPrefix("beestore: ") && result.error.filter { $0 == "\n" }.count == 1, "\(result.error)")
        }
    }

    // MARK: A database BeeStore did not create

    @Test func inspectsChinook() throws {
        let directory = try TemporaryDirectory()
        let path = try Fixtures.copy("chinook.sqlite", into: directory)
        let tables = try beestore("tables", path, "--format", "csv")
        #expect(tables.output.split(separator: "\r\n").count == 12)
        #expect(tables.output.contains("\r\n\"PlaylistTrack\",\"table\",8715\r\n"))
        #expect(try beestore("rows", path, "Album", "--limit", "3").output == """
            AlbumId | Title                                 | ArtistId
            --------+---------------------------------------+---------
                  1 | For Those About To Rock We Salute You |        1
                  2 | Balls to the Wall                     |        2
                  3 | Restless and Wild                     |        2
            (3 rows)

            """)
        #expect(try beestore("schema", path, "Track").output.contains("AlbumId     | Album(AlbumId)         | NO ACTION | NO ACTION\n"))
        #expect(try beestore("check", path).status == 0)
        #expect(try beestore("explain", path, "SELECT * FROM Track WHERE Name = ?").output.contains("SCAN Track  <- full table scan"))
        // Inspection leaves the file as it was: same journal mode, no WAL file.
        #expect(try beestore("stats", path).output.contains("journal mode:   delete\n"))
        #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
    }
}
