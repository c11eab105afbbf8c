import Foundation
import Testing

@testable import BeeStore

/// The repository's root, where `beestore migrate` finds `Migrations/` by default.
private var repositoryDirectory: URL {
    Repository.root
}

/// `--dir` pointing at the example migrations.
private var exampleDirectory: [String] {
    ["--dir", ExampleMigrations.directory.path]
}

/// A status table with every applied-at time (always 23 characters) replaced by a
/// placeholder of the same width, so that the columns keep their alignment.
private func withoutTimes(_ output: String) -> String {
    output.replacing(/\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3}/, with: "YYYY-MM-DD HH:MM:SS.SSS")
}

/// The names of the tables, or of the indexes, of a database, as the CLI lists them.
private func schemaNames(_ type: String, in path: String) throws -> [String] {
    let result = try beestore(
        "query", path, "SELECT name FROM sqlite_master WHERE type = ? AND name NOT LIKE 'sqlite_%' ORDER BY name",
        "--arg", type, "--format", "csv")
    #expect(result.status == 0, "\(result.error)")
    // Text fields are quoted; names without quotes of their own are the text between them.
    return result.output.split(separator: "\r\n").dropFirst().map { String($0.dropFirst().dropLast()) }
}

/// The migrations a `migrate` run says it applied: the lines before its summary.
private func reportedMigrations(_ result: CommandResult) -> [String] {
    let lines = result.output.split(separator: "\n").map(String.init)
    guard let summary = lines.last, summary.hasSuffix(" applied") else { return [] }
    #expect(summary == "\(lines.count - 1) \(lines.count == 2 ? "migration" : "migrations") applied", "\(result.output)")
    return Array(lines.dropLast())
}

/// A migration that keeps its transaction, and so the file's write lock, for a while.
private func slowMigration(_ table: String) -> String {
    """
    CREATE TABLE \(table) (n INTEGER);
    WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM c WHERE i < 400000) INSERT INTO \(table) SELECT i FROM c;

    """
}

@Suite("CLI migrations")
struct CLIMigrationTests {
    @Test func listsTheMigrationSubcommandsInHelp() throws {
        let help = try beestore("--help")
        for subcommand in ["migrate", "migrations", "rollback"] {
            #expect(help.output.contains("  \(subcommand) "))
        }
        #expect(try beestore("rollback", "--help").output.contains("--steps <steps>"))
    }

    // MARK: migrate

    @Test func migratesAFreshFileFromTheDefaultDirectoryThenHasNothingToDo() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("app.sqlite")
        let first = try beestore(["migrate", path], in: repositoryDirectory)
        #expect(first.status == 0 && first.error.isEmpty, "\(first.error)")
        #expect(first.output == """
            0001_create_sections
            0002_create_nodes
            0003_index_nodes_on_section
            0004_backfill_node_section_names
            4 migrations applied

            """)
        #expect(try schemaNames("table", in: path) == ["beestore_migrations", "nodes", "sections"])
        #expect(try schemaNames("index", in: path) == ["nodes_on_section_id_and_sort"])
        #expect(try beestore("stats", path).output.contains("journal mode:   wal\n"))

        let second = try beestore(["migrate", path], in: repositoryDirectory)
        #expect(second.status == 0 && second.output == "nothing to migrate\n" && second.error.isEmpty)
    }

    @Test func migratesUpToATarget() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("app.sqlite")
        let result = try beestore(["migrate", path, "--to", "0002_create_nodes"] + exampleDirectory)
        #expect(result.status == 0 && result.output == "0001_create_sections\n0002_create_nodes\n2 migrations applied\n")
        #expect(try schemaNames("index", in: path).isEmpty)
        expectFailure(
            try beestore(["migrate", path, "--to", "0009_nowhere"] + exampleDirectory), status: 1,
            message: "no migration named 0009_nowhere is registered")
        #expect(try beestore(["migrate", path, "--to", "0001_create_sections"] + exampleDirectory).output
            == "nothing to migrate\n")
    }

    @Test func reportsAFailedMigrationAndWhatWasAppliedBeforeIt() throws {
        let migrations = try migrationFiles([
            "0001_teams.sql": "CREATE TABLE teams (id INTEGER PRIMARY KEY);\n",
            "0002_broken.sql": "INSERT INTO nowhere VALUES (1);\n",
        ])
        let directory = try TemporaryDirectory()
        let path = directory.path("app.sqlite")
        let result = try beestore("migrate", path, "--dir", migrations.url.path)
        #expect(result.status == 1)
        #expect(result.output == "0001_teams\n1 migration applied\n")
        #expect(result.error == """
            beestore: migration 0002_broken failed while applying: no such table: nowhere \
            (in: INSERT INTO nowhere VALUES (1);)

            """)
        #expect(try schemaNames("table", in: path) == ["beestore_migrations", "teams"])
    }

    @Test func processesMigratingOneNewFileAtOnceWaitForEachOtherAndReportOnlyTheirOwnWork() throws {
        let migrations = try migrationFiles([
            "0001_a.sql": slowMigration("a"), "0002_b.sql": slowMigration("b"), "0003_c.sql": slowMigration("c"),
        ])
        let directory = try TemporaryDirectory()
        for round in 0..<2 {
            let path = directory.path("shared-\(round).sqlite")
            let runs = try (0..<4).map { _ in try startProduct("beestore", ["migrate", path, "--dir", migrations.url.path]) }
            let results = runs.map { $0() }
            for result in results {
                #expect(result.status == 0 && result.error.isEmpty, "\(result.error)")
                #expect(result.output == "nothing to migrate\n" || !reportedMigrations(result).isEmpty, "\(result.output)")
            }
            let reported = results.flatMap(reportedMigrations)
            #expect(reported.sorted() == ["0001_a", "0002_b", "0003_c"], "each migration reported once, by the process that applied it")
            #expect(try schemaNames("table", in: path) == ["a", "b", "beestore_migrations", "c"])
        }

        // A file another connection holds is waited for, up to the busy timeout.
        let held = directory.path("held.sqlite")
        let database = try Database(path: held)
        let waited = try database.writeWithoutTransaction { connection in
            try connection.execute("BEGIN EXCLUSIVE")
            let run = try startProduct("beestore", ["migrate", held, "--dir", migrations.url.path, "--timeout", "20"])
            Thread.sleep(forTimeInterval: 1)
            try connection.execute("COMMIT")
            return run()
        }
        #expect(waited.status == 0 && waited.error.isEmpty, "\(waited.error)")
        #expect(reportedMigrations(waited) == ["0001_a", "0002_b", "0003_c"])
    }

    @Test func aFailedMigrateReportsOnlyWhatItAppliedNotWhatAnotherProcessApplied() throws {
        let slow = try migrationFiles(["0001_a.sql": slowMigration("a")])
        let broken = try migrationFiles([
            "0001_a.sql": slowMigration("a"), "0002_broken.sql": "INSERT INTO nowhere VALUES (1);\n",
        ])
        let directory = try TemporaryDirectory()
        let path = directory.path("app.sqlite")
        // The first process holds the write lock while it applies 0001_a; the second reads
        // what is applied meanwhile, waits for the lock, then fails on 0002_broken.
        let first = try startProduct("beestore", ["migrate", path, "--dir", slow.url.path])
        Thread.sleep(forTimeInterval: 0.3)
        let second = try startProduct("beestore", ["migrate", path, "--dir", broken.url.path])
        let (applying, failing) = (first(), second())
        #expect(applying.status == 0 && applying.error.isEmpty, "\(applying.error)")
        #expect(failing.status == 1)
        #expect(failing.error.hasPrefix("beestore: migration 0002_broken failed while applying: no such table: nowhere"))
        #expect((reportedMigrations(applying) + reportedMigrations(failing)).sorted() == ["0001_a"])
    }

    @Test func reportsAMissingMigrationsDirectoryWithoutCreatingTheDatabase() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("app.sqlite")
        let missing = directory.path("nowhere")
        for subcommand in ["migrate", "migrations"] {
            expectFailure(
                try beestore(subcommand, path, "--dir", missing), status: 1,
                message: "no such migrations directory: \(missing)")
        }
        expectFailure(
            try beestore("rollback", path, "--steps", "1", "--dir", missing), status: 1,
            message: "no such migrations directory: \(missing)")
        expectFailure(
            try beestore("migrate", path, "--dir", ExampleMigrations.directory.appendingPathComponent("README.md").path),
            status: 1, message: "not a directory: \(ExampleMigrations.directory.appendingPathComponent("README.md").path)")
        expectFailure(
            try beestore(["migrate", directory.url.path] + exampleDirectory), status: 1,
            message: "not a file: \(directory.url.path)")
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test func reportsAMalformedMigrationsDirectory() throws {
        let migrations = try migrationFiles(["first.sql": "CREATE TABLE t (x);\n"])
        let directory = try TemporaryDirectory()
        let path = directory.path("app.sqlite")
        expectFailure(
            try beestore("migrate", path, "--dir", migrations.url.path), status: 1,
            message: "first.sql is not named like 0001_name.sql (a number, an underscore, letters, digits, _ or -)")
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    // MARK: migrations

    @Test func listsMigrationStatusBeforeAndAfterMigrating() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("app.sqlite")
        expectFailure(try beestore(["migrations", path] + exampleDirectory), status: 1, message: "no such file: \(path)")
        #expect(!FileManager.default.fileExists(atPath: path))

        _ = try beestore(["migrate", path, "--to", "0002_create_nodes"] + exampleDirectory)
        let before = try beestore(["migrations", path] + exampleDirectory)
        #expect(before.status == 0 && before.error.isEmpty)
        #expect(withoutTimes(before.output) == """
            migration                        | state   | applied at
            ---------------------------------+---------+------------------------
            0001_create_sections             | applied | YYYY-MM-DD HH:MM:SS.SSS
            0002_create_nodes                | applied | YYYY-MM-DD HH:MM:SS.SSS
            0003_index_nodes_on_section      | pending | <null>
            0004_backfill_node_section_names | pending | <null>
            (4 rows)

            """)
        #expect(withoutTimes(try beestore(["migrations", path, "--format", "csv"] + exampleDirectory).output) == [
            #""migration","state","applied at""#,
            #""0001_create_sections","applied","YYYY-MM-DD HH:MM:SS.SSS""#,
            #""0002_create_nodes","applied","YYYY-MM-DD HH:MM:SS.SSS""#,
            #""0003_index_nodes_on_section","pending","#,
            #""0004_backfill_node_section_names","pending","#,
        ].map { $0 + "\r\n" }.joined())

        _ = try beestore(["migrate", path] + exampleDirectory)
        #expect(withoutTimes(try beestore(["migrations", path, "--format", "json"] + exampleDirectory).output) == """
            [
              {"migration": "0001_create_sections", "state": "applied", "applied at": "YYYY-MM-DD HH:MM:SS.SSS"},
              {"migration": "0002_create_nodes", "state": "applied", "applied at": "YYYY-MM-DD HH:MM:SS.SSS"},
              {"migration": "0003_index_nodes_on_section", "state": "applied", "applied at": "YYYY-MM-DD HH:MM:SS.SSS"},
              {"migration": "0004_backfill_node_section_names", "state": "applied", "applied at": "YYYY-MM-DD HH:MM:SS.SSS"}
            ]

            """)
    }

    @Test func listsMigrationsTheDirectoryDoesNotHaveAsUnknown() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("app.sqlite")
        _ = try beestore(["migrate", path] + exampleDirectory)
        let fewer = try migrationFiles(["0001_create_sections.sql": try String(
            contentsOf: ExampleMigrations.directory.appendingPathComponent("0001_create_sections.sql"), encoding: .utf8)])
        #expect(withoutTimes(try beestore("migrations", path, "--dir", fewer.url.path).output) == """
            migration                        | state   | applied at
            ---------------------------------+---------+------------------------
            0001_create_sections             | applied | YYYY-MM-DD HH:MM:SS.SSS
            0002_create_nodes                | unknown | YYYY-MM-DD HH:MM:SS.SSS
            0003_index_nodes_on_section      | unknown | YYYY-MM-DD HH:MM:SS.SSS
            0004_backfill_node_section_names | unknown | YYYY-MM-DD HH:MM:SS.SSS
            (4 rows)

            """)
    }

    @Test func refusesAChangedMigrationUnlessItsChecksumIsAccepted() throws {
        let migrations = try migrationFiles(["0001_teams.sql": "CREATE TABLE teams (id INTEGER PRIMARY KEY);\n"])
        let directory = try TemporaryDirectory()
        let path = directory.path("app.sqlite")
        #expect(try beestore("migrate", path, "--dir", migrations.url.path).output == "0001_teams\n1 migration applied\n")
        try Data("CREATE TABLE teams (id INTEGER PRIMARY KEY, name TEXT);\n".utf8)
            .write(to: migrations.url.appendingPathComponent("0001_teams.sql"))

        #expect(try beestore("migrations", path, "--dir", migrations.url.path, "--format", "csv").output
            .hasPrefix(#""migration","state","applied at"\#r\#n"0001_teams","changed","#))
        expectFailure(
            try beestore("migrate", path, "--dir", migrations.url.path), status: 1,
            message: "migration 0001_teams changed after it was applied: pass --accept-changed-checksums to record its new checksum")
        let accepted = try beestore("migrate", path, "--dir", migrations.url.path, "--accept-changed-checksums")
        #expect(accepted.status == 0 && accepted.output == "nothing to migrate\n" && accepted.error.isEmpty)
        #expect(try beestore("migrations", path, "--dir", migrations.url.path, "--format", "csv").output
            .hasPrefix(#""migration","state","applied at"\#r\#n"0001_teams","applied","#))
        #expect(try beestore("migrate", path, "--dir", migrations.url.path).output == "nothing to migrate\n")
    }

    // MARK: rollback

    @Test func rollsBackStepsAndToATarget() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("app.sqlite")
        _ = try beestore(["migrate", path] + exampleDirectory)

        let oneStep = try beestore(["rollback", path, "--steps", "1"] + exampleDirectory)
        #expect(oneStep.status == 0 && oneStep.error.isEmpty)
        #expect(oneStep.output == "0004_backfill_node_section_names\n1 migration rolled back\n")
        #expect(try beestore("query", path, "SELECT name FROM pragma_table_info('nodes')", "--format", "csv").output
            == ["name", "id", "name", "summary", "section_id", "sort", "topics_count", "updated_at"].map { "\"\($0)\"\r\n" }.joined())

        let toTarget = try beestore(["rollback", path, "--to", "0001_create_sections"] + exampleDirectory)
        #expect(toTarget.output == "0003_index_nodes_on_section\n0002_create_nodes\n2 migrations rolled back\n")
        #expect(try schemaNames("table", in: path) == ["beestore_migrations", "sections"])
        #expect(try schemaNames("index", in: path).isEmpty)
        #expect(try beestore(["rollback", path, "--to", "0001_create_sections"] + exampleDirectory).output
            == "nothing to roll back\n")

        expectFailure(
            try beestore(["rollback", path, "--steps", "2"] + exampleDirectory), status: 1,
            message: "cannot roll back 2 migrations: 1 applied")
        expectFailure(
            try beestore(["rollback", path, "--to", "0003_index_nodes_on_section"] + exampleDirectory), status: 1,
            message: "migration 0003_index_nodes_on_section is not applied")
        expectFailure(
            try beestore(["rollback", directory.path("missing.sqlite"), "--steps", "1"] + exampleDirectory), status: 1,
            message: "no such file: \(directory.path("missing.sqlite"))")
        #expect(!FileManager.default.fileExists(atPath: directory.path("missing.sqlite")))
    }

    @Test func refusesToRollBackAMigrationWithoutADownPart() throws {
        let migrations = try migrationFiles([
            "0001_teams.sql": "CREATE TABLE teams (id INTEGER PRIMARY KEY);\n",
            "0002_players.sql": "CREATE TABLE players (id INTEGER PRIMARY KEY);\n-- down\nDROP TABLE players;\n",
        ])
        let directory = try TemporaryDirectory()
        let path = directory.path("app.sqlite")
        _ = try beestore("migrate", path, "--dir", migrations.url.path)
        expectFailure(
            try beestore("rollback", path, "--steps", "2", "--dir", migrations.url.path), status: 1,
            message: "migration 0001_teams has no down part and cannot be rolled back")
        // Nothing was rolled back, not even the reversible migration.
        #expect(try schemaNames("table", in: path) == ["beestore_migrations", "players", "teams"])
        #expect(try beestore("rollback", path, "--steps", "1", "--dir", migrations.url.path).output
            == "0002_players\n1 migration rolled back\n")
    }

    // MARK: Usage errors

    @Test func reportsUsageErrorsWithStatus2() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("app.sqlite")
        _ = try beestore(["migrate", path] + exampleDirectory)
        let cases: [(arguments: [String], message: String?)] = [
            (["rollback", path, "--steps", "0"], "--steps must be at least 1"),
            (["rollback", path, "--steps=-2"], "--steps must be at least 1"),
            (["rollback", path, "--steps", "1", "--to", "0001_create_sections"], "pass either --steps or --to, not both"),
            (["rollback", path], "pass --steps N or --to ID"),
            (["rollback", path, "--steps", "many"], nil),
            (["migrations", path, "--format", "xml"], nil),
            (["migrate"], nil),
        ]
        for (arguments, message) in cases {
            let result = try beestore(arguments + exampleDirectory)
            #expect(result.status == 2, "\(arguments)")
            #expect(result.output.isEmpty)
            #expect(result.error.hasPrefix("beestore: ") && result.error.filter { $0 == "\n" }.count == 1, "\(result.error)")
            if let message {
                #expect(result.error == "beestore: \(message) (see 'beestore help')\n")
            }
        }
        #expect(try beestore(["migrations", path, "--format", "csv"] + exampleDirectory).output.contains(#","applied","#))
    }

    // MARK: From any directory, and with nothing to do

    @Test func migratesFromAnyDirectoryWithTheMigrationsBuiltIntoTheToolWhenAsked() throws {
        let directory = try TemporaryDirectory()
        let migrated = try beestore(["migrate", "app.sqlite", "--demo"], in: directory.url)
        #expect(migrated.status == 0 && migrated.error.isEmpty, "\(migrated.error)")
        #expect(migrated.output == (ExampleMigrations.identifiers + ["4 migrations applied"]).map { $0 + "\n" }.joined())
        // The built-in migrations are the repository's files: the same checksums.
        let status = try beestore(["migrations", directory.path("app.sqlite"), "--format", "csv"] + exampleDirectory)
        #expect(status.output.components(separatedBy: "\r\n").filter { $0.contains(#","applied","#) }.count == 4)
        let rolledBack = try beestore(["rollback", "app.sqlite", "--steps", "4", "--demo"], in: directory.url)
        #expect(rolledBack.status == 0 && rolledBack.output.hasSuffix("4 migrations rolled back\n"))
    }

    @Test func theBuiltInMigrationsApplyOnlyToTheDemosDatabaseUnlessAsked() throws {
        let directory = try TemporaryDirectory()
        let chinook = try Fixtures.copy("chinook.sqlite", into: directory)
        let before = try Data(contentsOf: URL(fileURLWithPath: chinook))
        let hint = "pass --dir DIR (or --demo for the example migrations built into beestore)"
        for arguments in [["migrate", "chinook.sqlite"], ["migrations", "chinook.sqlite"], ["rollback", "chinook.sqlite", "--steps", "1"]] {
            expectFailure(
                try beestore(arguments, in: directory.url), status: 2, message: "no migrations for chinook.sqlite: \(hint)")
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: chinook)) == before, "Chinook gained no table")
        expectFailure(
            try beestore(["migrate", "new.sqlite"], in: directory.url), status: 2, message: "no migrations for new.sqlite: \(hint)")
        #expect(!FileManager.default.fileExists(atPath: directory.path("new.sqlite")))
        expectFailure(
            try beestore(["migrate", "new.sqlite", "--demo"] + exampleDirectory, in: directory.url), status: 2,
            message: "pass either --dir or --demo, not both (see 'beestore help')")

        // The demo's own database uses them, wherever it is.
        let demo = try beestore(["demo", "built.sqlite"], in: directory.url)
        #expect(demo.status == 0, "\(demo.error)")
        let rolledBack = try beestore(["rollback", directory.path("built.sqlite"), "--steps", "1"])
        #expect(rolledBack.output == "0004_backfill_node_section_names\n1 migration rolled back\n", "\(rolledBack.error)")
        #expect(try beestore(["migrations", directory.path("built.sqlite"), "--format", "csv"]).output
            .contains(#""0004_backfill_node_section_names","pending","#))
        #expect(try beestore(["migrate", directory.path("built.sqlite")]).output
            == "0004_backfill_node_section_names\n1 migration applied\n")
    }

    @Test func migrateWithNothingToDoLeavesTheFileAsItWas() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("app.sqlite")
        var configuration = Configuration()
        configuration.journalMode = nil
        try Database(path: path, configuration: configuration).execute("CREATE TABLE kept (x)")
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let empty = try migrationFiles([:])
        let nothing = try beestore("migrate", path, "--dir", empty.url.path)
        #expect(nothing.status == 0 && nothing.output == "nothing to migrate\n")
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
        #expect(!FileManager.default.fileExists(atPath: path + "-wal"))

        // An existing file keeps its journal mode when migrations apply, and a second run
        // changes nothing.
        #expect(try beestore(["migrate", path] + exampleDirectory).output.hasSuffix("4 migrations applied\n"))
        #expect(try beestore("stats", path).output.contains("journal mode:   delete\n"))
        let migrated = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(try beestore(["migrate", path] + exampleDirectory).output == "nothing to migrate\n")
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == migrated)

        let missing = directory.path("missing.sqlite")
        #expect(try beestore("migrate", missing, "--dir", empty.url.path).output == "nothing to migrate\n")
        #expect(!FileManager.default.fileExists(atPath: missing))
    }
}
