#if PostgreSQL
import BeeStore
import BeeStorePostgreSQL
import Foundation
import Testing

/// The ChinookRecords example run with `--postgres`: it loads the sample into an empty
/// database and prints the facts it prints on SQLite; a second run finds it loaded.
@Suite("ChinookRecords on PostgreSQL")
struct ChinookRecordsExampleTests {
    /// A run of the built example, given two minutes.
    static func run(_ arguments: [String]) throws -> ProductProcess.Run {
        try ProductProcess("ChinookRecords", arguments: arguments).finish(by: Date(timeIntervalSinceNow: 120))
    }

    /// The expected output on SQLite without its SQLite-only checks (integrity and foreign
    /// keys), which have no PostgreSQL counterpart.
    static func expectedFacts() throws -> String {
        let url = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Examples/ChinookRecords/expected-output.txt")
        let lines = try String(contentsOf: url, encoding: .utf8).components(separatedBy: "\n")
        return lines.filter { !$0.hasPrefix("integrity check:") && !$0.hasPrefix("foreign key check:") }
            .joined(separator: "\n")
    }

    @Test func loadsTheSampleOnceAndPrintsTheSameFacts() throws {
        let url = try TestServer.freshDatabaseURL()
        let first = try Self.run(["--postgres", url])
        #expect(first.status == 0)
        #expect(first.error.isEmpty)
        let expected = try Self.expectedFacts()
        #expect(first.output == expected)

        // Loaded already: not loaded again, so the first run's album is there, and the new
        // one gets the next keys.
        let second = try Self.run(["--postgres", url])
        #expect(second.status == 0)
        #expect(second.error.isEmpty)
        let expectedAgain = expected
            .replacingOccurrences(of: "275 artists, 347 albums, 3503 tracks.", with: "275 artists, 348 albums, 3505 tracks.")
            .replacingOccurrences(of: "Saved album #348", with: "Saved album #349")
            .replacingOccurrences(of: "tracks #3504 and #3505.", with: "tracks #3506 and #3507.")
        #expect(second.output == expectedAgain)

        let db = try PostgreSQLDatabase(url: url)
        defer { db.close() }
        #expect(try db.from("Album").where("Title", "Live at the Hive").count(in: db) == 2)
        #expect(try db.from("Album").count(in: db) == 349)
    }

    @Test func refusesADatabaseWithOtherTables() throws {
        let url = try TestServer.freshDatabaseURL()
        let db = try PostgreSQLDatabase(url: url)
        defer { db.close() }
        try db.create(db.table("notes").field("id", .integer).primaryKey().field("body", .text))

        let run = try Self.run(["--postgres", url])
        #expect(run.status == 1)
        #expect(run.output.isEmpty)
        #expect(
            run.error
                == "ChinookRecords: the database has tables but not Chinook's (notes): give an empty database or one loaded with Chinook\n"
        )
        #expect(try db.from("notes").count(in: db) == 0)
        #expect(throws: PostgreSQLError.self) { try db.from("Artist").count(in: db) }
    }

    @Test func refusesAnUnreachableServer() throws {
        let run = try Self.run(["--postgres", "postgres://nobody@127.0.0.1:1/chinook"])
        #expect(run.status == 1)
        #expect(run.output.isEmpty)
        #expect(run.error.hasPrefix("ChinookRecords: "))
    }
}
#endif
