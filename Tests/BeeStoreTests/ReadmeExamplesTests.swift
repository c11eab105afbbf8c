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

    @Test func seedExample() throws {
        let db = try Database.inMemory()
        // example: seed
        try db.table("blogs")
            .field("id", .integer, size: 12).primaryKey().autoIncrement()
            .field("title", .text, size: 20)
            .index(on: "title")
            .createIfNotExists()

        let id = try db.from("blogs").set("title", "Hello, world!").insert()
        try db.from("blogs").set("title", "Hello, world2!").where("id", id).update()
        let count = try db.from("blogs").count()
        let page = try db.from("blogs").orderAsc("id").offset(0).limit(10).get()
        try db.from("blogs").where("id", id).delete()
        // end example
        #expect(count == 1)
        #expect(page.map { $0["title"] } == ["Hello, world2!"])
        #expect(try db.from("blogs").count() == 0)
        try Self.expectReadmeShows("seed")
    }

    @Test func conditionsExample() throws {
        let db = try Database.inMemory()
        try db.execute(script: """
            CREATE TABLE post (id INTEGER PRIMARY KEY, title TEXT, category TEXT, status TEXT, views INTEGER);
            INSERT INTO post (title, category, status, views) VALUES
                ('Swift news', 'news', 'published', 10), ('Swift tips', 'tech', 'published', 500),
                ('Swift draft', 'news', 'draft', 900), ('Rust news', 'news', 'published', 50);
            CREATE TABLE counter (name TEXT PRIMARY KEY, value INTEGER);
            """)
        // example: conditions
        let popular = db.from("post")
            .where { $0.where("category", "news").orWhere("views", .greaterThan, 200) }
            .whereNotIn("status", ["draft", "hidden"])
            .like("title", "swift")
            .orderDesc("views")
            .limit(5)
        // SELECT * FROM "post" WHERE ("category" = ? OR "views" > ?) AND "status" NOT IN (?, ?)
        //   AND "title" LIKE ? ESCAPE '\' ORDER BY "views" DESC LIMIT ?
        let rows = try popular.get()
        let best = try db.from("post").where("category", "news").max("views", as: Int.self)
        try db.from("counter").set("name", "visits").set("value", 1).onConflict("name").doUpdate("value").insert()
        // end example
        #expect(popular.sql == #"SELECT * FROM "post" WHERE ("category" = ? OR "views" > ?) AND "status" NOT IN (?, ?) AND "title" LIKE ? ESCAPE '\' ORDER BY "views" DESC LIMIT ?"#)
        #expect(rows.map { $0["title"] } == ["Swift tips", "Swift news"])
        #expect(best == 900)
        #expect(try db.fetchValue(Int.self, "SELECT value FROM counter") == 1)
        try Self.expectReadmeShows("conditions")
    }

    @Test func recordsExample() throws {
        let db = try Database.inMemory()
        // example: records
        struct Author: ActiveRecord {
            var id: Int64?
            var name: String
        }

        struct Comment: ActiveRecord {
            var id: Int64?
            var text: String
        }

        struct Article: ActiveRecord {
            var id: Int64?
            var title: String
            var author: Author          // belongs-to
            var comments: [Comment]     // has-many, in order
            var tags: [String]          // JSON text
        }

        var article = Article(
            title: "Hello", author: Author(name: "Ann"),
            comments: [Comment(text: "First!")], tags: ["swift", "sqlite"])
        try article.save(in: db)                     // ids filled in across the graph

        let found = try Article.find(article.id!, in: db)
        let recent = try Article.query(in: db).like("title", "hello").orderDesc("id").limit(10).records()
        article.comments.append(Comment(text: "Second"))
        try article.save(in: db)                     // updates, inserts the new comment, keeps the order
        try article.delete(in: db)                   // removes its links; comments and author stay
        // end example
        #expect(found?.author.name == "Ann")
        #expect(found?.tags == ["swift", "sqlite"])
        #expect(recent.map(\.title) == ["Hello"])
        #expect(try Comment.count(in: db) == 2)
        #expect(try Article.count(in: db) == 0)
        try Self.expectReadmeShows("records")
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
