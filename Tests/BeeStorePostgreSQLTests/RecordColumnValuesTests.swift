#if PostgreSQL
import BeeStore
import BeeStorePostgreSQL
import Foundation
import Testing

/// Lookups by column values, plucked columns and changes to every matching record in one
/// statement, on PostgreSQL: the calls SQLite has, with the same results and errors.
@Suite struct RecordColumnValuesTests {
    struct Author: ActiveRecord, Equatable {
        var id: Int64?
        var name: String
    }

    struct Bookmark: ActiveRecord, Equatable {
        var id: Int64?
        var url: String
        var title: String
        var visits: Int?
        var rating = 0.0
        var author: Author?
    }

    /// A new database holding two authors and three bookmarks, the last without visits.
    private func library() throws -> PostgreSQLDatabase {
        let db = try TestServer.freshDatabase()
        var ann = Author(name: "Ann")
        var bob = Author(name: "Bob")
        var bookmarks = [
            Bookmark(url: "https://swift.org", title: "Swift", visits: 3, author: ann),
            Bookmark(url: "https://postgresql.org", title: "PostgreSQL", visits: 0, author: bob),
            Bookmark(url: "https://sqlite.org", title: "SQLite", visits: nil, author: ann),
        ]
        try ann.save(in: db)
        try bob.save(in: db)
        bookmarks[0].author = ann
        bookmarks[1].author = bob
        bookmarks[2].author = ann
        try bookmarks.save(in: db)
        return db
    }

    @Test func recordsAreFoundByTheirColumnsOrProperties() throws {
        let db = try library()
        defer { db.close() }
        #expect(try Bookmark.find(by: ["url": "https://swift.org"], in: db)?.title == "Swift")
        #expect(try Bookmark.find(by: ["url": "https://swift.org", "title": "Go"], in: db) == nil)
        #expect(try Bookmark.find(by: ["visits": nil], in: db)?.title == "SQLite", "nil matches NULL")
        #expect(try Bookmark.exists(by: ["title": "PostgreSQL"], in: db))
        #expect(try !Bookmark.where("visits", .greaterThan, 0).exists(by: ["title": "PostgreSQL"], in: db))
        let swift = try #require(try Bookmark.find(by: ["title": "Swift"], in: db))
        #expect(try Bookmark.exists(swift.id, in: db))
        #expect(try !Bookmark.exists(swift.id.map { $0 + 1_000 }, in: db))
        #expect(try !Bookmark.exists(nil, in: db), "a record without a key is in no row")
        #expect(throws: RecordError.unknownColumn(record: "Bookmark", column: "colour")) {
            try Bookmark.find(by: ["colour": "red"], in: db)
        }
    }

    @Test func oneColumnIsPluckedInTheQuerysOrder() throws {
        let db = try library()
        defer { db.close() }
        #expect(try Bookmark.orderAsc("title").pluck("title", as: String.self, in: db) == ["PostgreSQL", "SQLite", "Swift"])
        #expect(try Bookmark.orderAsc("title").pluck("visits", as: Int?.self, in: db) == [0, nil, 3])
        #expect(
            try Bookmark.query().joining("author").where("author.name", "Ann").orderAsc("title")
                .pluck("author.name", as: String.self, in: db) == ["Ann", "Ann"])
        #expect(try db.from("bookmark").where("visits", .greaterThan, 0).pluck("url", as: String.self, in: db) == ["https://swift.org"])
        #expect(throws: ConversionError.self) { try Bookmark.orderAsc("title").pluck("visits", as: Int.self, in: db) }
        #expect(throws: ConversionError.self) { try Bookmark.query().pluck("title", as: Int.self, in: db) }
        #expect(throws: RecordError.unknownColumn(record: "Bookmark", column: "colour")) {
            try Bookmark.query().pluck("colour", as: String.self, in: db)
        }
    }

    @Test func everyMatchingRecordChangesInOneStatementWithoutHooksOrTimestamps() throws {
        let db = try library()
        defer { db.close() }
        #expect(try Bookmark.where("visits", 0).updateAll(["title": "Unread"], in: db) == 1)
        #expect(try Bookmark.find(by: ["url": "https://postgresql.org"], in: db)?.title == "Unread")
        // A NULL counts as 0; joins choose the records.
        #expect(try Bookmark.query().joining("author").where("author.name", "Ann").increment("visits", by: 2, in: db) == 2)
        #expect(try Bookmark.orderAsc("url").pluck("visits", as: Int.self, in: db) == [0, 2, 5])
        #expect(try Bookmark.where("url", "https://swift.org").increment("rating", by: 0.5, in: db) == 1)
        #expect(try Bookmark.find(by: ["url": "https://swift.org"], in: db)?.rating == 0.5)
        #expect(try db.from("bookmark").where("visits", 0).increment("visits", in: db) == 1)
        #expect(try db.from("bookmark").where("visits", 1).pluck("title", as: String.self, in: db) == ["Unread"])
        #expect(try Bookmark.where("title", "Nothing").updateAll(["visits": 9], in: db) == 0)
        #expect(throws: RecordError.unknownColumn(record: "Bookmark", column: "colour")) {
            try Bookmark.query().updateAll(["colour": "red"], in: db)
        }
        #expect(throws: PostgreSQLError.self) { try Bookmark.query().updateAll(["visits": "many"], in: db) }
        #expect(try Bookmark.orderAsc("url").pluck("visits", as: Int.self, in: db) == [1, 2, 5], "a failed update changes nothing")
    }
}
#endif
