import Foundation
import Testing
import TestProcessSupport

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
/// Standard output goes to `standardOutput` when given (the result's output is then empty);
/// standard input comes from `standardInput` when given.
func runProduct(
    _ name: String, _ arguments: [String] = [], in workingDirectory: URL? = nil, standardOutput: FileHandle? = nil,
    standardInput: FileHandle? = nil
) throws -> CommandResult {
    try startProduct(
        name, arguments, in: workingDirectory, standardOutput: standardOutput, standardInput: standardInput)()
}

/// Starts the package's executable product `name` as ``runProduct(_:_:in:standardOutput:standardInput:)``
/// runs it, without waiting for it: the function returned waits for it to exit and gives
/// what it wrote, so that several runs may overlap.
func startProduct(
    _ name: String, _ arguments: [String] = [], in workingDirectory: URL? = nil, standardOutput: FileHandle? = nil,
    standardInput: FileHandle? = nil
) throws -> () -> CommandResult {
    let executable = try productURL(name)
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    process.currentDirectoryURL = workingDirectory
    if let standardInput { process.standardInput = standardInput }
    let (output, error) = try ProcessLaunch.start {
        let output = Pipe()
        let error = Pipe()
        process.standardOutput = standardOutput ?? output
        process.standardError = error
        try process.run()
        if standardOutput != nil { try output.fileHandleForWriting.close() }
        return (output, error)
    }
    return {
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        let errorData = error.fileHandleForReading.readDataToEndOfFile()
        return CommandResult(
            status: ProcessLaunch.waitForExit(process), output: String(decoding: outputData, as: UTF8.self),
            error: String(decoding: errorData, as: UTF8.self))
    }
}

/// The package's executable product `name`, beside the test bundle in the build products
/// directory.
func productURL(_ name: String) throws -> URL {
    let testBundle = Bundle.allBundles.first { $0.bundleURL.pathExtension == "xctest" }
    let products = try #require(
        testBundle?.bundleURL.deletingLastPathComponent() ?? Bundle.main.executableURL?.deletingLastPathComponent())
    let executable = products.appendingPathComponent(name)
    try #require(
        FileManager.default.isExecutableFile(atPath: executable.path), "build the \(name) product first: \(executable.path)")
    return executable
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

    @Test(.enabled(if: FileManager.default.isWritableFile(atPath: "/dev/full"), "needs /dev/full"))
    func anOutputThatCannotBeWrittenIsAnErrorNotACrash() throws {
        let directory = try TemporaryDirectory()
        let path = try samplePath(in: directory)
        for arguments in [["--help"], ["tables", path], ["schema", path], ["rows", path, "team"], ["dump", path],
                          ["query", path, "SELECT 1"], ["stats", path], ["check", path, "--format", "json"]] {
            let result = try runProduct("beestore", arguments, standardOutput: FileHandle(forWritingAtPath: "/dev/full"))
            #expect(result.status == 1, "\(arguments)")
            #expect(result.error == "beestore: cannot write the output: No space left on device\n", "\(arguments)")
        }
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
        // A value starting with a dash is still the value of --arg.
        #expect(try beestore("query", path, "SELECT ? AS a, ? AS b", "--arg", "-5", "--arg", "--x", "--format", "csv")
            .output == "\"a\",\"b\"\r\n-5,\"--x\"\r\n")
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

    @Test func acceptsMemoryAsTheSQLite3ShellDoesWithoutMakingAFile() throws {
        let directory = try TemporaryDirectory()
        let run = { (arguments: [String]) throws -> CommandResult in try beestore(arguments, in: directory.url) }
        #expect(try run(["query", ":memory:", "select 1"]).output == "1\n-\n1\n(1 row)\n")
        let script = try run([
            "query", ":memory:", "CREATE TABLE t (x); INSERT INTO t VALUES (?); SELECT x FROM t", "--arg", "7", "--write",
            "--format", "csv",
        ])
        #expect(script.status == 0 && script.output == "\"x\"\r\n7\r\n", "\(script.error)")
        #expect(try run(["tables", ":memory:", "--format", "json"]).output == "[]\n")
        #expect(try run(["dump", ":memory:"]).output == "PRAGMA foreign_keys=OFF;\nBEGIN TRANSACTION;\nCOMMIT;\n")
        #expect(try run(["check", ":memory:"]).status == 0)
        expectFailure(
            try run(["query", ":memory:", "CREATE TABLE t (x)"]), status: 2,
            message: "the statement would change the database: pass --write to run it")
        // An import or migrations tried without keeping them.
        try Data("a\n1\n".utf8).write(to: directory.url.appendingPathComponent("a.csv"))
        #expect(try run(["import", ":memory:", "t", "a.csv"]).output == "Imported 1 row into t (table created).\n")
        #expect(try run(["migrate", ":memory:", "--demo"]).output.hasSuffix("4 migrations applied\n"))
        expectFailure(
            try run(["demo", ":memory:"]), status: 2,
            message: "the demo database is inspected after it is built: give a file, not :memory:")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.url.path) == ["a.csv"])
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

    @Test func quotedColumnNamesMayHoldCommasAndSpaces() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("names.sqlite")
        let db = try Database(path: path)
        try db.execute(#"CREATE TABLE t ("a,b" INTEGER, " sp " TEXT, "say ""hi""" TEXT, plain TEXT)"#)
        try db.execute("INSERT INTO t VALUES (1, 'x', 'q1', 'p1'), (2, 'y', 'q2', 'p2')")
        let shown = try beestore(
            "rows", path, "t", "--columns", #""a,b", " sp ", "say ""hi""", plain"#, "--order", #"" sp " DESC"#,
            "--format", "csv")
        #expect(shown.status == 0)
        #expect(shown.output == "\"a,b\",\" sp \",\"say \"\"hi\"\"\",\"plain\"\r\n2,\"y\",\"q2\",\"p2\"\r\n1,\"x\",\"q1\",\"p1\"\r\n")
        expectFailure(
            try beestore("rows", path, "t", "--columns", ""), status: 2,
            message: "--columns has an empty column name (see 'beestore help')")
        for list in ["plain,,plain", "plain,", ",plain"] {
            expectFailure(
                try beestore("rows", path, "t", "--columns", list), status: 2,
                message: "--columns has an empty column name (see 'beestore help')")
        }
        expectFailure(
            try beestore("rows", path, "t", "--columns", #""a,b"#), status: 2,
            message: "--columns has a quoted column name without its closing quote (see 'beestore help')")
        expectFailure(
            try beestore("rows", path, "t", "--order", #""plain" sideways"#), status: 2,
            message: "after the quoted column plain comes sideways, not asc or desc (see 'beestore help')")
    }

    @Test func reportsBadSQLUnknownTablesAndUnknownColumns() throws {
        let directory = try TemporaryDirectory()
        let path = try samplePath(in: directory)
        expectFailure(try beestore("query", path, "SELEC 1"), status: 1, message: #"near "SELEC": syntax error (in: SELEC 1)"#)
        expectFailure(
            try beestore("explain", path, "SELECT * FROM nowhere"), status: 1,
            message: "no such table: nowhere (in: EXPLAIN QUERY PLAN SELECT * FROM nowhere)")
        expectFailure(
            try beestore("explain", path, "SELECT 1; SELECT 2"), status: 2,
            message: "explain takes one statement, and the SQL holds several")
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

/// Runs the built `beestore` binary with its standard output on a terminal, through the
/// `script` tool (which gives the command a pseudo-terminal and copies what it prints);
/// returns what it printed, line breaks as `\n`.
func beestoreOnTerminal(_ arguments: [String]) throws -> String {
    let command = ([try productURL("beestore").path] + arguments)
        .map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }
        .joined(separator: " ")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: TerminalTool.path)
    process.arguments = ["-qec", command, "/dev/null"]
    process.standardInput = FileHandle.nullDevice
    let output = try ProcessLaunch.start {
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        return output
    }
    let data = output.fileHandleForReading.readDataToEndOfFile()
    _ = ProcessLaunch.waitForExit(process)
    return String(decoding: data, as: UTF8.self).replacingOccurrences(of: "\r\n", with: "\n")
}

/// util-linux's `script`, which runs a command on a pseudo-terminal.
enum TerminalTool {
    static let path = "/usr/bin/script"

    /// Whether it is installed (in the util-linux form the terminal tests call).
    static var isInstalled: Bool {
        #if os(Linux)
        FileManager.default.isExecutableFile(atPath: path)
        #else
        false
        #endif
    }
}

/// The real-database sample, made by the sqlite3 tool.
private func toolMadeSample(in directory: TemporaryDirectory) throws -> String {
    let path = directory.path("real.sqlite")
    try #require(try RealDatabaseSample.createWithTool(at: path), "sqlite3 made the sample")
    return path
}

/// Every row of every table of a database (row ids included where there are any),
/// read by the library, keyed by table.
private func everyRow(of path: String) throws -> [String: [[Value]]] {
    let database = try Database(path: path, configuration: {
        var configuration = Configuration()
        configuration.readOnly = true
        configuration.journalMode = nil
        return configuration
    }())
    defer { database.close() }
    var rows: [String: [[Value]]] = [:]
    for table in try database.fetchAll("SELECT name FROM sqlite_master WHERE type = 'table'").map({ try $0.decode(String.self, at: 0) }) {
        let quoted = table.quotedIdentifier
        let all = try (try? database.fetchAll("SELECT rowid, * FROM \(quoted)")) ?? database.fetchAll("SELECT * FROM \(quoted)")
        rows[table] = all.map(\.values)
    }
    return rows
}

/// The tables of the real-database sample that hold rows of their own (not a view's).
private let sampleTables = ["author", RealDatabaseSample.oddTable, "tag", "book", "loose"]

extension CLITests {
    // MARK: A real database, made by the sqlite3 tool

    @Test(.enabled(if: SQLiteTool.isInstalled, "needs the sqlite3 command-line tool"))
    func everyCommandAndFormatWorksOnADatabaseMadeBySQLite3() throws {
        let directory = try TemporaryDirectory()
        let path = try toolMadeSample(in: directory)
        for format in ["table", "json", "csv", "markdown"] {
            let tables = try beestore("tables", path, "--format", format)
            #expect(tables.status == 0 && tables.error.isEmpty, "tables \(format)")
            #expect(tables.output.contains("odd"), "tables \(format)")
            for table in sampleTables + ["cheap_books", "book_text"] {
                let rows = try beestore("rows", path, table, "--format", format)
                #expect(rows.status == 0 && rows.error.isEmpty && !rows.output.isEmpty, "rows \(table) \(format): \(rows.error)")
            }
            let query = try beestore("query", path, "SELECT title, cover FROM book WHERE id < ?", "--arg", "3", "--format", format)
            #expect(query.status == 0 && query.output.contains("quoted"), "query \(format)")
        }
        for document in ["schema", "stats", "check"] {
            let json = try beestore(document, path, "--format", "json")
            #expect(json.status == 0, "\(document)")
            #expect((try? JSONSerialization.jsonObject(with: Data(json.output.utf8))) != nil, "\(document): \(json.output)")
        }
        let explained = try beestore("explain", path, "SELECT * FROM book WHERE title = ?", "--format", "json")
        #expect(explained.output.contains(#""is_full_table_scan" : true"#))
        let schema = try beestore("schema", path, "book", "--format", "json")
        #expect(schema.output.contains(#""expression" : "lower(title)""#) && schema.output.contains(#""condition" : "price < 10""#))

        let texts = try [RealDatabaseSample.oddTable, "tag", "book", "cheap_books", "book_text", "author"].map {
            try beestore("schema", path, $0).output
        }
        #expect(texts[0].hasPrefix("table odd \"table\" name (STRICT)\n"))
        #expect(texts[1].hasPrefix("table tag (WITHOUT ROWID)\n"))
        #expect(texts[2].contains("| (lower(title)) STORED\n") && texts[2].contains("| CREATE INDEX | price < 10\n"))
        #expect(texts[3].hasSuffix("SQL\nCREATE VIEW cheap_books AS SELECT title, price FROM book WHERE price < 10;\n"))
        #expect(texts[4].hasPrefix("virtual table book_text (module fts5: title, body)\n"))
        #expect(texts[5].contains("| NOCASE\n"))
    }

    @Test func rowsAreExactInJSONAndCSV() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("real.sqlite")
        try RealDatabaseSample.create(at: path)
        let json = try beestore("rows", path, RealDatabaseSample.oddTable, "--format", "json", "--where", "key IN ('b', 'c', 'd', 'e')")
        let lines = json.output.components(separatedBy: "\n")
        #expect(lines.count == 7)
        #expect(lines.prefix(3) == [
            "[",
            #"  {"key": "b", "the value": "text", "weird col": null},"#,
            #"  {"key": "c", "the value": {"$base64": true, "encoded": "AP8="}, "weird col": 1e+308},"#,
        ])
        // SQLite read the real from its text: whatever it stored is written exactly.
        #expect(lines[3].hasPrefix(#"  {"key": "d", "the value": 9223372036854775807, "weird col": "#))
        #expect(lines.suffix(3) == [#"  {"key": "e", "the value": "00", "weird col": 0.1}"#, "]", ""])
        let csv = try beestore("rows", path, "book", "--columns", "id,title,cover,pages", "--format", "csv", "--limit", "3")
        #expect(csv.output == #"""
            "id","title","cover","pages"\#r
            1,"Cheap, ""quoted""",\x00ff10,120\#r
            2,"Line
            break",\x,\#r
            3,"",,9007199254740993\#r

            """#)
    }

    @Test(.enabled(if: SQLiteTool.isInstalled, "needs the sqlite3 command-line tool"))
    func csvAndJSONExportsImportBackToTheSameRows() throws {
        let directory = try TemporaryDirectory()
        let path = try toolMadeSample(in: directory)
        let original = try everyRow(of: path)
        for format in ["csv", "json"] {
            let copy = directory.path("copy-\(format).sqlite")
            for (index, table) in sampleTables.enumerated() {
                let file = directory.path("\(index).\(format)")
                try Data(try beestore("rows", path, table, "--format", format).output.utf8).write(to: URL(fileURLWithPath: file))
                let imported = try beestore("import", copy, table, file)
                #expect(imported.status == 0 && imported.error.isEmpty, "\(table) \(format): \(imported.error)")
                #expect(imported.output.hasSuffix(" into \(table) (table created).\n"))
            }
            let copied = try everyRow(of: copy)
            for table in sampleTables {
                // The copies' own row ids count from 1, and only they have one in the table
                // that had none: compare the columns.
                let originalColumns = original[table]?.map { table == "tag" ? $0 : Array($0.dropFirst()) }
                #expect(copied[table]?.map { Array($0.dropFirst()) } == originalColumns, "\(table) from \(format)")
            }
        }
    }

    @Test(.enabled(if: SQLiteTool.isInstalled, "needs the sqlite3 command-line tool"))
    func aDumpReplayedBySQLite3GivesTheSameSchemaAndRows() throws {
        let directory = try TemporaryDirectory()
        let path = try toolMadeSample(in: directory)
        let dump = try beestore("dump", path)
        #expect(dump.status == 0 && dump.error.isEmpty)
        let copy = directory.path("copy.sqlite")
        let tool = try #require(SQLiteTool.path)
        #expect(try SQLiteTool.replay(tool, database: copy, sql: dump.output) != nil)
        let master = "SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY name"
        #expect(try SQLiteTool.run(tool, database: copy, sql: master) == SQLiteTool.run(tool, database: path, sql: master))
        #expect(try everyRow(of: copy) == everyRow(of: path))
        #expect(try SQLiteTool.run(tool, database: copy, sql: "PRAGMA user_version") == "7\n")
    }

    @Test func importReadsAPipe() throws {
        let directory = try TemporaryDirectory()
        // A file that is a pipe, as `<(…)` gives: `/dev/stdin`, the read end of one.
        // Made and closed while no process starts, which would inherit its write end.
        let pipe = try ProcessLaunch.start {
            let pipe = Pipe()
            try pipe.fileHandleForWriting.write(contentsOf: Data("name,n\n\"piped\",1\n".utf8))
            try pipe.fileHandleForWriting.close()
            return pipe
        }
        let database = directory.path("piped.sqlite")
        let result = try runProduct(
            "beestore", ["import", database, "t", "/dev/stdin", "--format", "csv"], standardInput: pipe.fileHandleForReading)
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output == "Imported 1 row into t (table created).\n")
        #expect(try Database(path: database).fetchAll("SELECT name, n FROM t").map(\.values) == [["piped", 1]])
    }

    @Test func importRollsBackABadFileAndNamesTheLine() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("new.sqlite")
        let file = directory.path("bad.csv")
        try Data("a,b\n1,2\n3\n".utf8).write(to: URL(fileURLWithPath: file))
        expectFailure(try beestore("import", path, "t", file), status: 1, message: "line 3: 1 fields where the header has 2")
        #expect(!FileManager.default.fileExists(atPath: path), "the file made for the failed import is removed")
        let unknown = directory.path("data.txt")
        try Data("x".utf8).write(to: URL(fileURLWithPath: unknown))
        expectFailure(
            try beestore("import", path, "t", unknown), status: 2,
            message: "cannot tell the format of \(unknown): pass --format csv, --format tsv or --format json")
        expectFailure(try beestore("import", path, "t", directory.path("none.csv")), status: 1, message: "no such file: \(directory.path("none.csv"))")
        let lines = directory.path("lines.ndjson")
        try Data("{\"a\": 1}\n{\"a\": 2}\n".utf8).write(to: URL(fileURLWithPath: lines))
        #expect(try beestore("import", path, "t", lines).output == "Imported 2 rows into t (table created).\n")
        #expect(try beestore("import", path, "T", lines).output == "Imported 2 rows into t.\n")
    }

    @Test func importMatchesRecordsByKeyWhenAskedAndRefusesTextThatIsNotUTF8() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("keyed.sqlite")
        let file = directory.path("people.csv")
        try Data("id,name\n1,\"Ann\"\n2,\"Bob\"\n".utf8).write(to: URL(fileURLWithPath: file))
        #expect(try beestore("import", path, "people", file, "--pk", "id").output == "Imported 2 rows into people (table created).\n")
        expectFailure(try beestore("import", path, "people", file), status: 1, message: "line 2: UNIQUE constraint failed: people.id")
        #expect(try beestore("import", path, "people", file, "--ignore").output
            == "Imported 0 rows into people; 2 records left out: their key is in the table already.\n")
        try Data("id,name\n2,\"Bea\"\n3,\"Cy\"\n".utf8).write(to: URL(fileURLWithPath: file))
        #expect(try beestore("import", path, "people", file, "--upsert").output == "Imported 2 rows into people.\n")
        #expect(try beestore("import", path, "People", file, "--replace", "--pk", "ID").output == "Imported 2 rows into people.\n")
        #expect(try beestore("rows", path, "people", "--format", "csv").output
            == "\"id\",\"name\"\r\n1,\"Ann\"\r\n2,\"Bea\"\r\n3,\"Cy\"\r\n")
        // A key of two columns, comma-separated or repeated.
        let pairs = directory.path("pairs.csv")
        try Data("a,b,v\n1,1,\"x\"\n1,2,\"y\"\n".utf8).write(to: URL(fileURLWithPath: pairs))
        #expect(try beestore("import", path, "pairs", pairs, "--pk", "a, b").output == "Imported 2 rows into pairs (table created).\n")
        #expect(try beestore("import", path, "pairs", pairs, "--pk", "a", "--pk", "b", "--ignore").output
            .hasPrefix("Imported 0 rows into pairs; 2 records"))

        let twoChoices = try beestore("import", path, "pairs", pairs, "--ignore", "--upsert")
        #expect(twoChoices.status == 2 && twoChoices.error.contains("--upsert"), "\(twoChoices.error)")
        let loose = directory.path("loose.csv")
        try Data("a,a\n1,2\n".utf8).write(to: URL(fileURLWithPath: loose))
        expectFailure(try beestore("import", path, "pairs", loose), status: 1, message: "line 1: the column a is named twice")
        try Data("v\n\"x\"\n".utf8).write(to: URL(fileURLWithPath: loose))
        #expect(try beestore("import", path, "loose", loose).status == 0)
        expectFailure(
            try beestore("import", path, "loose", loose, "--ignore"), status: 2,
            message: "loose has no primary key to match existing rows by: pass --pk COLUMNS")

        let latin1 = directory.path("latin1.csv")
        try (Data("name\n\"Zo".utf8) + Data([0xEB]) + Data("\"\n".utf8)).write(to: URL(fileURLWithPath: latin1))
        let other = directory.path("other.sqlite")
        expectFailure(
            try beestore("import", other, "t", latin1), status: 1,
            message: "line 2: the text of column name is not valid UTF-8: pass --invalid-utf8 blob to keep its bytes as a blob")
        #expect(!FileManager.default.fileExists(atPath: other))
        #expect(try beestore("import", other, "t", latin1, "--invalid-utf8", "blob").status == 0)
        #expect(try beestore("query", other, "SELECT hex(name) FROM t", "--format", "csv").output == "\"hex(name)\"\r\n\"5A6FEB\"\r\n")
    }

    // MARK: Arguments, statements, paging

    @Test func argumentsBindAsNumbersUnlessWrittenOtherwise() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("real.sqlite")
        try RealDatabaseSample.create(at: path)
        #expect(try beestore("query", path, "SELECT 1 = ?, 2.5 = ?", "--arg", "1", "--arg", "2.5", "--format", "csv").output
            == "\"1 = ?\",\"2.5 = ?\"\r\n1,1\r\n")
        #expect(try beestore("rows", path, "book", "--where", "author_id + 0 = ?", "--arg", "1", "--columns", "id", "--format", "csv")
            .output == "\"id\"\r\n1\r\n4\r\n")
        #expect(try beestore(
            "query", path, "SELECT typeof(?), typeof(?), id FROM book WHERE cover = ?", "--arg", "text:1", "--arg", "null",
            "--arg", "blob:00FF10", "--format", "csv"
        ).output == "\"typeof(?)\",\"typeof(?)\",\"id\"\r\n\"text\",\"null\",1\r\n")
        expectFailure(
            try beestore("query", path, "SELECT ?", "--arg", "blob:XYZ"), status: 2,
            message: "cannot read the argument blob:XYZ: a blob is written as pairs of hexadecimal digits")
        #expect(try beestore("query", "--help").output.contains("blob:00FF binds the bytes"))
    }

    @Test func explainPragmasAndSeveralStatements() throws {
        let directory = try TemporaryDirectory()
        let path = try samplePath(in: directory)
        #expect(try beestore("explain", path, "DELETE FROM team WHERE id = ?").output
            .hasPrefix("QUERY PLAN\n|--SEARCH team USING INTEGER PRIMARY KEY (rowid=?)\n"))
        #expect(try beestore("query", path, "PRAGMA journal_mode", "--format", "csv").output == "\"journal_mode\"\r\n\"delete\"\r\n")
        expectFailure(
            try beestore("query", path, "PRAGMA journal_mode = wal"), status: 2,
            message: "the statement would change the database: pass --write to run it")
        expectFailure(
            try beestore("query", path, "SELECT 1; SELECT 2"), status: 2,
            message: "the SQL holds several statements: pass --write to run them in order")
        let script = try beestore(
            "query", path, "INSERT INTO team (name) VALUES (?); SELECT count(*) AS n FROM team WHERE name <> ?", "--arg", "Ants",
            "--arg", "Bees", "--write", "--format", "csv")
        #expect(script.status == 0 && script.output == "\"n\"\r\n2\r\n")
        #expect(try beestore("rows", path, "select", "--limit", "-1", "--offset", "3", "--columns", "id", "--order", "id", "--format", "csv")
            .output
            == "\"id\"\r\n4\r\n5\r\n")
        expectFailure(
            try beestore("rows", path, "select", "--offset", "-1"), status: 2,
            message: "--offset must not be negative (see 'beestore help')")
    }

    @Test(.enabled(if: TerminalTool.isInstalled, "needs util-linux's script to give the tool a terminal"))
    func theTableFormatPagesOnATerminalAndStreamsWhenPiped() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("many.sqlite")
        var configuration = Configuration()
        configuration.journalMode = nil
        let database = try Database(path: path, configuration: configuration)
        try database.execute("CREATE TABLE n (i INTEGER)")
        try database.execute("WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM c WHERE i < 120) INSERT INTO n SELECT i FROM c")
        database.close()

        let paged = try beestoreOnTerminal(["rows", path, "n"])
        #expect(paged.hasPrefix(" i\n--\n 1\n 2\n"))
        #expect(paged.hasSuffix("""
            49
            50
            (50 rows shown, more not shown)
            To see more rows: pass --offset 50 for the next page or --limit -1 for all, pipe the output (| less) or choose --format csv, json or markdown.

            """))
        #expect(try beestoreOnTerminal(["rows", path, "n", "--offset", "50", "--limit", "60"]).hasSuffix("110\n(60 rows)\n"))
        #expect(try beestoreOnTerminal(["query", path, "SELECT i FROM n"]).contains("add a LIMIT and OFFSET to the SQL"))
        let piped = try beestore("rows", path, "n")
        #expect(piped.output.hasSuffix("120\n(120 rows)\n"))
    }

    @Test func checkPrintsSQLitesOwnLinesForACorruptFile() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("corrupt.sqlite")
        try CorruptSample.create(at: path)
        let result = try beestore("check", path)
        #expect(result.status == 1)
        #expect(result.output.hasPrefix("integrity check: "))
        #expect(result.output.contains("\n  *** in database main ***\n  On tree page "))
        #expect(result.error.hasPrefix("beestore: the checks found "))
        let json = try beestore("check", path, "--format", "json")
        #expect(json.status == 1 && json.output.contains("\"*** in database main ***\""))
    }

    @Test func helpListsInsertUnderBothNamesAndDump() throws {
        let help = try beestore("--help")
        for subcommand in ["insert, import", "upsert", "dump"] {
            #expect(help.output.contains("  \(subcommand) "))
        }
    }
}
