import Foundation
import Testing

@testable import BeeStore

/// Record operations on the connection of a `read`, `write` or `transaction` closure.
@Suite("Records: operations grouped in one transaction")
struct RecordTransactionTests {
    let directory: TemporaryDirectory
    let db: Database

    init() throws {
        directory = try TemporaryDirectory()
        db = try Database(path: directory.path("records.sqlite"))
        _ = try Post.count(in: db)
    }

    @Test func recordsSavedThroughATransactionsConnectionCommitTogether() throws {
        try db.transaction { connection in
            var ann = Author(name: "Ann")
            try ann.save(in: connection)
            var bob = Author(name: "Bob")
            try bob.insert(in: connection)
            #expect(try Author.count(in: connection) == 2, "the transaction sees its own writes")
            try Author.where("name", "Bob").updateAll(["name": "Robert"], in: connection)
            #expect(try Author.find(bob.id, in: connection)?.name == "Robert")
        }
        #expect(try Author.query().orderAsc("id").records(in: db).map(\.name) == ["Ann", "Robert"])
    }

    @Test func aThrowingTransactionLeavesNoRecordBehind() throws {
        struct Refused: Error {}
        #expect(throws: Refused.self) {
            try db.transaction { connection in
                var ann = Author(name: "Ann")
                try ann.save(in: connection)
                var post = Post(title: "t", author: ann, comments: [Comment(text: "c")], related: nil)
                try post.save(in: connection)
                #expect(try Post.exists(post.id, in: connection))
                throw Refused()
            }
        }
        #expect(try Author.count(in: db) == 0)
        #expect(try Post.count(in: db) == 0)
        #expect(try Comment.count(in: db) == 0)
    }

    @Test func everyLookupTakesAReadsConnection() throws {
        var ann = Author(name: "Ann")
        try ann.save(in: db)
        let found = try db.read { connection in
            (
                try Author.find(ann.id, in: connection), try Author.all(in: connection), try Author.first(in: connection),
                try Author.where("name", "Ann").records(in: connection), try Author.exists(by: ["name": "Ann"], in: connection)
            )
        }
        #expect(found.0 == ann)
        #expect(found.1 == [ann])
        #expect(found.2 == ann)
        #expect(found.3 == [ann])
        #expect(found.4)
    }

    @Test func writingInsideAReadIsATypedError() throws {
        var ann = Author(name: "Ann")
        try ann.save(in: db)
        try db.read { connection in
            var bob = Author(name: "Bob")
            #expect(throws: RecordError.writeInsideRead(record: "Author")) { try bob.save(in: connection) }
            #expect(throws: RecordError.writeInsideRead(record: "Author")) { try ann.delete(in: connection) }
            #expect(throws: RecordError.writeInsideRead(record: "Author")) { try Author.deleteAll(in: connection) }
            #expect(throws: QueryError.writeInsideRead(table: "author")) {
                try Author.where("name", "Ann").updateAll(["name": "Anne"], in: connection)
            }
            #expect(throws: QueryError.writeInsideRead(table: "author")) {
                try db.from("author").set("name", "Cy").insert()
            }
        }
        #expect(try Author.all(in: db) == [ann], "nothing was written")
        #expect("\(RecordError.writeInsideRead(record: "Author"))".contains("reads cannot write"))
    }

    @Test func aConnectionKeptPastItsClosureIsRefused() throws {
        let kept = try db.write { $0 }
        let error = try #require(throws: DatabaseError.self) { _ = try Author.count(in: kept) }
        #expect(error.resultCode == .misuse)
        #expect(error.message.contains("outside"))
    }
}
