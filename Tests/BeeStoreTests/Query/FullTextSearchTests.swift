import Foundation
import Testing

@testable import BeeStore

/// FTS5 full-text tables, kept in sync with the tables they index, searched with patterns
/// that no user text can break, in several languages.
@Suite("Full-text search")
struct FullTextSearchTests {
    struct Book: ActiveRecord {
        var id: Int64?
        var title: String
        var summary: String
    }

    let db: Database

    init() throws {
        db = try Database.inMemory()
        for (title, summary) in [
            ("Don't Stop Me Now", "A song about running and having a good time"),
            ("AC/DC live", "Hard rock in concert, loud and live"),
            ("Crème brûlée", "Une recette française, la crème et le sucre brûlé"),
            ("Swift concurrency", "Tasks, actors and structured concurrency in Swift"),
        ] {
            var book = Book(title: title, summary: summary)
            try book.save(in: db)
        }
        try db.fullTextTable("book_search").column("title").column("summary")
            .tokenizer(.porter()).prefixes(2, 3).synchronized(with: "book").create()
    }

    private func titles(_ pattern: FullTextPattern?) throws -> [String] {
        guard let pattern else { return [] }
        return try Book.query(in: db).matching(pattern, in: "book_search").order(by: "id").records().map(\.title)
    }

    @Test func theTableAndItsTriggersAreRenderedWithQuotedNames() throws {
        let statements = try FullTextTable(database: nil, name: "doc \"search\"")
            .column("ti.tle").column("e\u{301}tat", indexed: false)
            .tokenizer(.unicode61(removingDiacritics: true)).prefixes(2)
            .synchronized(with: "it's", rowID: "my id")
            .createStatements().map(\.sql)
        #expect(statements.first == #"CREATE VIRTUAL TABLE "doc ""search""" USING fts5("ti.tle", "e\#u{301}tat" UNINDEXED, "#
            + #"tokenize = 'unicode61 remove_diacritics 2', prefix = '2', content = 'it''s', content_rowid = 'my id')"#)
        #expect(statements[1] == #"CREATE TRIGGER "doc ""search""_after_insert" AFTER INSERT ON "it's" BEGIN "#
            + #"INSERT INTO "doc ""search"""(rowid, "ti.tle", "e\#u{301}tat") VALUES (new."my id", new."ti.tle", new."e\#u{301}tat"); END"#)
        #expect(statements.last == #"INSERT INTO "doc ""search"""("doc ""search""") VALUES ('rebuild')"#)
        #expect(statements.count == 5)
        #expect(throws: QueryError.noField(table: "empty")) { try FullTextTable(database: nil, name: "empty").createStatements() }

        // The same hostile names work on SQLite.
        try db.execute(#"CREATE TABLE "it's" ("my id" INTEGER PRIMARY KEY, "ti.tle" TEXT, "e\#u{301}tat" TEXT)"#)
        try db.from("it's").set("ti.tle", "hello world").set("e\u{301}tat", "x").insert()
        try db.fullTextTable("doc \"search\"").column("ti.tle").column("e\u{301}tat", indexed: false)
            .synchronized(with: "it's", rowID: "my id").create()
        #expect(try db.from("it's").matching(FullTextPattern(matchingAllTokensIn: "HELLO")!, in: "doc \"search\"").count() == 1)
    }

    @Test func theIndexFollowsInsertsUpdatesAndDeletesOfItsTable() throws {
        #expect(try titles(FullTextPattern(matchingAllTokensIn: "swift")) == ["Swift concurrency"], "rows already there are indexed")
        var book = Book(title: "Swift testing", summary: "Expectations and suites")
        try book.save(in: db)
        #expect(try titles(FullTextPattern(matchingAllTokensIn: "swift")) == ["Swift concurrency", "Swift testing"])
        book.title = "Kotlin testing"
        try book.save(in: db)
        #expect(try titles(FullTextPattern(matchingAllTokensIn: "swift")) == ["Swift concurrency"])
        #expect(try titles(FullTextPattern(matchingAllTokensIn: "kotlin")) == ["Kotlin testing"])
        try book.delete(in: db)
        #expect(try titles(FullTextPattern(matchingAllTokensIn: "kotlin")) == [])
        // Rows changed behind the triggers' back come back with a rebuild.
        try db.execute("DROP TRIGGER book_search_after_insert")
        try db.from("book").set("title", "Rust").set("summary", "Ownership").insert()
        #expect(try titles(FullTextPattern(matchingAllTokensIn: "rust")) == [])
        try db.fullTextTable("book_search").rebuild()
        #expect(try titles(FullTextPattern(matchingAllTokensIn: "rust")) == ["Rust"])
    }

    @Test func anyUserTextIsASafePattern() throws {
        let hostile = [
            "don't", "AC-DC", "*", "-", "NEAR(", "(((", "\"", "a\"b", "OR", "AND NOT", "\"\"", "'; DROP TABLE book; --",
            "title:swift", "^swift", "swift*", "e\u{301}", "\u{0}", "🎉", "", "   ", "+", "NOT swift",
        ]
        for text in hostile {
            for pattern in [
                FullTextPattern(matchingAllTokensIn: text), FullTextPattern(matchingAnyTokenIn: text),
                FullTextPattern(matchingPhrase: text), FullTextPattern(matchingPrefixesIn: text),
            ] {
                _ = try titles(pattern)  // never an FTS5 syntax error
            }
        }
        #expect(try titles(FullTextPattern(matchingAllTokensIn: "don't")) == ["Don't Stop Me Now"])
        #expect(try titles(FullTextPattern(matchingAllTokensIn: "AC-DC")) == ["AC/DC live"])
        #expect(try titles(FullTextPattern(matchingAnyTokenIn: "NOT swift")) == ["Swift concurrency"], "NOT is a word here")
        #expect(FullTextPattern(matchingAllTokensIn: " - * ") == nil, "no word: no pattern")
        #expect(try db.fetchValue(Int.self, "SELECT count(*) FROM book") == 4, "nothing dropped")
    }

    @Test func wordsPhrasesPrefixesAndCombinations() throws {
        #expect(try titles(FullTextPattern(matchingAllTokensIn: "rock loud")) == ["AC/DC live"])
        #expect(try titles(FullTextPattern(matchingAnyTokenIn: "rock actors")) == ["AC/DC live", "Swift concurrency"])
        #expect(try titles(FullTextPattern(matchingPhrase: "loud and live")) == ["AC/DC live"])
        #expect(try titles(FullTextPattern(matchingPhrase: "live and loud")) == [])
        #expect(try titles(FullTextPattern(matchingPrefixesIn: "concur")) == ["Swift concurrency"])
        // Porter stemming: "run" finds "running".
        #expect(try titles(FullTextPattern(matchingAllTokensIn: "run")) == ["Don't Stop Me Now"])
        let swift = FullTextPattern(matchingAllTokensIn: "swift")!, rock = FullTextPattern(matchingAllTokensIn: "rock")!
        #expect(try titles(swift.or(rock)) == ["AC/DC live", "Swift concurrency"])
        #expect(try titles(swift.and(rock)) == [])
        #expect(try titles(FullTextPattern(matchingAnyTokenIn: "swift rock")!.excluding(rock)) == ["Swift concurrency"])
        #expect(try titles(FullTextPattern.near(["tasks", "concurrency"], distance: 5)) == ["Swift concurrency"])
        #expect(try titles(FullTextPattern.near(["tasks", "concurrency"], distance: 1)) == [])
        // The raw form is FTS5's syntax, errors included.
        #expect(try titles(FullTextPattern(rawPattern: "title:swift OR summary:rock")) == ["AC/DC live", "Swift concurrency"])
        #expect(throws: DatabaseError.self) { try titles(FullTextPattern(rawPattern: "NEAR(")) }
    }

    @Test func frenchChineseAndEmoji() throws {
        #expect(try titles(FullTextPattern(matchingAllTokensIn: "creme brulee")) == ["Crème brûlée"], "diacritics removed")
        #expect(try titles(FullTextPattern(matchingAllTokensIn: "CRÈME")) == ["Crème brûlée"])
        try db.fullTextTable("note").column("body").tokenizer(.trigram()).create()
        for body in ["我喜欢搜索引擎的技术", "今天天气很好 🎉🎉🎉 派对", "plain text"] {
            try db.from("note").set("body", body).insert()
        }
        func notes(_ pattern: FullTextPattern?) throws -> [String] {
            guard let pattern else { return [] }
            return try db.from("note").select("body").matching(pattern).get().map { try $0.decode(String.self, at: 0) }
        }
        #expect(try notes(FullTextPattern(matchingAllTokensIn: "搜索引擎")) == ["我喜欢搜索引擎的技术"])
        #expect(try notes(FullTextPattern(matchingAllTokensIn: "🎉🎉🎉")) == ["今天天气很好 🎉🎉🎉 派对"])
        #expect(try notes(FullTextPattern(matchingAllTokensIn: "天气 派对")) == [], "two characters: shorter than a trigram")
        #expect(try notes(FullTextPattern(matchingAllTokensIn: "TEXT")) == ["plain text"])
    }

    @Test func rankingSnippetsAndHighlights() throws {
        let pattern = FullTextPattern(matchingAnyTokenIn: "concurrency live")!
        let ranked = try db.from("book_search").select("title").matching(pattern).order(by: .column("rank")).get()
        // "concurrency" twice in a short text ranks first.
        #expect(try ranked.map { try $0.decode(String.self, at: 0) } == ["Swift concurrency", "AC/DC live"])
        let weighted = try db.from("book_search").select(.bm25("book_search", weights: [10, 1]))
            .matching(FullTextPattern(matchingAllTokensIn: "swift")!).first()
        #expect(try weighted?.decode(Double.self, at: 0) ?? 0 < 0, "bm25 is negative for a match")
        let extract = try db.from("book_search")
            .select(.snippet("book_search", column: 1, before: "[", after: "]", ellipsis: "…", tokens: 4))
            .select(.highlight("book_search", column: 0, before: "<", after: ">"))
            .matching(FullTextPattern(matchingAllTokensIn: "actors")!).first()
        #expect(try extract?.decode(String.self, at: 0) == "Tasks, [actors] and structured…")
        #expect(try extract?.decode(String.self, at: 1) == "Swift concurrency")
        // Records in order of relevance, joined with their full-text table.
        let best = try Book.query(in: db).matching(pattern, in: "book_search").order(by: .column("book_search.rank")).records()
        #expect(best.map(\.title) == ["Swift concurrency", "AC/DC live"])
    }
}
