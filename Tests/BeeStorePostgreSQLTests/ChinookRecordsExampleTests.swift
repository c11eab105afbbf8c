#if PostgreSQL
import BeeStore
import BeeStorePostgreSQL
import Foundation
import Testing

/// The ChinookRecords example run with `--postgres`: it loads the sample into an empty
/// database and prints the facts it prints on SQLite; a second run finds it loaded.
@Suite("ChinookRecords on PostgreSQL")
struct ChinookRecordsExampleTests {
    /// What a run of the example produced.
    struct Run {
        let status: Int32
        let output: String
        let error: String
    }

    /// The built example, found beside the test bundle (`swift build --build-tests` builds
    /// every product along with the tests).
    static func run(_ arguments: [String]) throws -> Run {
        let testBundle = Bundle.allBundles.first { $0.bundleURL.pathExtension == "xctest" }
        let products = try #require(
            testBundle?.bundleURL.deletingLastPathComponent() ?? Bundle.main.executableURL?.deletingLastPathComponent())
        let executable = products.appendingPathComponent("ChinookRecords")
        try #require(FileManager.default.isExecutableFile(atPath: executable.path), "build the ChinookRecords product first")
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        let output = Pipe()
        let error = Pipe()
        process.standardOutput = output
        process.standardError = error
        try process.run()
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        let errorData = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(
            status: process.terminationStatus, output: String(decoding: outputData, as: UTF8.self),
            error: String(decoding: errorData, as: UTF8.self))
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
