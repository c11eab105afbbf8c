import Foundation
import Testing

@testable import BeeStore

/// Each test holds a README example verbatim between its `example:` markers, and
/// checks that the README still shows exactly that code.
@Suite("README examples")
struct ReadmeExamplesTests {
    @Test func coreExample() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("readme.sqlite")
        // example: core
        let db = try Database(path: path)
        try db.execute("CREATE TABLE IF NOT EXISTS player (id INTEGER PRIMARY KEY, name TEXT NOT NULL, score INTEGER)")

        // A transaction commits when the closure returns and rolls back when it throws;
        // a nested transaction becomes a savepoint.
        try db.transaction { connection in
            try connection.execute("INSERT INTO player (name, score) VALUES (?, ?)", ["Arthur", 100])
            try connection.execute("INSERT INTO player (name, score) VALUES (:name, :score)", ["name": "Barbara", "score": 80])
        }

        // Rows give typed values by column name or index; a wrong type throws, never crashes.
        let rows = try db.fetchAll("SELECT name, score FROM player ORDER BY score DESC")
        let best: String = try rows[0].decode(column: "name")
        let total = try db.fetchValue(Int.self, "SELECT sum(score) FROM player")

        // Reads see one snapshot and run in parallel with the writer.
        let count = try db.read { connection in
            try connection.fetchValue(Int.self, "SELECT count(*) FROM player") ?? 0
        }
        // end example
        #expect(best == "Arthur")
        #expect(total == 180)
        #expect(count == 2)
        try Self.expectReadmeShows("core")
    }

    @Test func asyncExample() async throws {
        let db = try Database.inMemory()
        try await db.write { connection in
            try connection.execute("CREATE TABLE player (name TEXT, score INTEGER)")
            try connection.execute("INSERT INTO player VALUES ('Arthur', 100), ('Barbara', 80)")
        }
        // example: async
        let names = try await db.read { connection in
            try connection.fetchAll("SELECT name FROM player").map { try $0.decode(String.self, at: 0) }
        }
        try await db.write { connection in
            try connection.execute("UPDATE player SET score = score + 1")
        }
        // end example
        #expect(Set(names) == ["Arthur", "Barbara"])
        #expect(try await db.read { try $0.fetchValue(Int.self, "SELECT sum(score) FROM player") } == 182)
        try Self.expectReadmeShows("async")
    }

    /// Compares the README's example `name` with the lines between the markers in this file.
    static func expectReadmeShows(_ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let here = URL(fileURLWithPath: #filePath)
        let root = here.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let tests = try String(contentsOf: here, encoding: .utf8)
        let shown = try #require(block(named: name, in: readme, start: "<!-- example: \(name) -->", end: "<!-- end example -->"))
        let mirrored = try #require(block(named: name, in: tests, start: "// example: \(name)", end: "// end example"))
        #expect(normalized(shown.replacingOccurrences(of: "```swift", with: "").replacingOccurrences(of: "```", with: ""))
            == normalized(mirrored), "README example \(name) differs from its test", sourceLocation: sourceLocation)
    }

    private static func block(named name: String, in text: String, start: String, end: String) -> String? {
        guard let startRange = text.range(of: start),
            let endRange = text.range(of: end, range: startRange.upperBound..<text.endIndex)
        else { return nil }
        return String(text[startRange.upperBound..<endRange.lowerBound])
    }

    private static func normalized(_ code: String) -> [String] {
        code.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }
}
