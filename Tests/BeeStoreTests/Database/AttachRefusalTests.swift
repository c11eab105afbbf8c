import BeeStore
import Foundation
import Testing

@Suite("Refusing ATTACH")
struct AttachRefusalTests {
    private func database(allowsAttach: Bool, in directory: TemporaryDirectory) throws -> Database {
        var configuration = Configuration()
        configuration.allowsAttach = allowsAttach
        return try Database(path: directory.path("main.sqlite"), configuration: configuration)
    }

    @Test("ATTACH and DETACH are refused with SQLITE_AUTH, and the other file is never created")
    func attachIsRefused() throws {
        let directory = try TemporaryDirectory()
        let db = try database(allowsAttach: false, in: directory)
        let other = directory.path("other.sqlite")
        let error = #expect(throws: DatabaseError.self) {
            try db.execute("ATTACH DATABASE ? AS other", [other])
        }
        #expect(error?.resultCode == .auth)
        #expect(!FileManager.default.fileExists(atPath: other))
        #expect(throws: DatabaseError.self) { try db.execute("DETACH DATABASE main") }
        // Reader connections refuse it too.
        #expect(throws: DatabaseError.self) {
            try db.read { connection in try connection.execute("ATTACH DATABASE ? AS other", [other]) }
        }
        #expect(!FileManager.default.fileExists(atPath: other))
        // Everything else still runs.
        try db.execute("CREATE TABLE t (n INTEGER)")
        try db.execute("INSERT INTO t VALUES (1)")
        #expect(try db.fetchValue(Int.self, "SELECT count(*) FROM t") == 1)
    }

    @Test("ATTACH is allowed by default")
    func attachIsAllowedByDefault() throws {
        #expect(Configuration().allowsAttach)
        let directory = try TemporaryDirectory()
        let db = try database(allowsAttach: true, in: directory)
        let other = directory.path("other.sqlite")
        try db.write { connection in
            try connection.execute("ATTACH DATABASE ? AS other", [other])
            try connection.execute("CREATE TABLE other.t (n INTEGER)")
        }
        #expect(FileManager.default.fileExists(atPath: other))
    }
}
