import Foundation
import Testing

/// `beestore serve` refuses to start, with a message naming the problem, when a path or the
/// metadata file cannot be served: it never starts listening (these runs end by themselves).
@Suite("beestore serve refuses bad paths and metadata at startup")
struct ServeStartupTests {
    @Test func aMalformedMetadataFileStopsTheServerNamingWhereAndWhat() throws {
        let directory = try TemporaryDirectory("BeeStoreServeStartup")
        let database = try Fixtures.copy("chinook.sqlite", into: directory)
        let metadata = directory.path("metadata.json")
        try Data(#"{"databases": {"chinook": {"queries": {"top": {"sql": 5}}}}}"#.utf8).write(to: URL(fileURLWithPath: metadata))
        let malformed = try beestore("serve", database, "--port", "0", "--metadata", metadata)
        #expect(malformed.status == 1 && malformed.output.isEmpty)
        #expect(malformed.error.contains("metadata file, at databases.chinook.queries.top.sql: expected a string"), "\(malformed.error)")

        try Data(#"{"databases": {"other": {}}}"#.utf8).write(to: URL(fileURLWithPath: metadata))
        let unserved = try beestore("serve", database, "--port", "0", "--metadata", metadata)
        #expect(unserved.status == 1 && unserved.error.contains("at databases.other: no database of that name is served"))
    }

    @Test func aPathThatIsNoDatabaseStopsTheServer() throws {
        let directory = try TemporaryDirectory("BeeStoreServeStartup")
        let text = directory.path("notes.db")
        try Data("not a database".utf8).write(to: URL(fileURLWithPath: text))
        let notDatabase = try beestore("serve", text, "--port", "0")
        #expect(notDatabase.status == 1 && notDatabase.error.contains("not an SQLite database: \(text)"))
        let empty = try beestore("serve", directory.url.path, "--port", "0")
        #expect(empty.status == 1 && empty.error.contains("no SQLite database in the directory"))
    }
}
