import Foundation
import Testing

@testable import BeeStore

/// {Bee}'s `BeeDatabase` seed example, step by step in Swift, checking the database after each step.
@Suite("Query builder: the {Bee} seed example")
struct BeeSeedExampleTests {
    @Test func blogsExampleRunsAsWritten() throws {
        let directory = try TemporaryDirectory()
        let db = try Database(path: directory.path("blogs.sqlite"))

        // TABLE("blogs").FIELD("id", "INTEGER", 12).PRIMARY_KEY().AUTO_INREMENT().FIELD("title", "TEXT", 20).CREATE_IF_NOT_EXISTS()
        let blogs = db.table("blogs").field("id", .integer, size: 12).primaryKey().autoIncrement().field("title", .text, size: 20)
        #expect(try blogs.createStatements(ifNotExists: true).map(\.sql) == [
            #"CREATE TABLE IF NOT EXISTS "blogs" ("id" INTEGER PRIMARY KEY AUTOINCREMENT, "title" TEXT(20))"#,
        ])
        try blogs.createIfNotExists()
        try blogs.createIfNotExists()
        #expect(try db.fetchAll("SELECT name, type, pk FROM pragma_table_info('blogs')").map(\.values) == [
            ["id", "INTEGER", 1], ["title", "TEXT(20)", 0],
        ])

        // TABLE("blogs").INDEX_ON("title")
        let index = db.table("blogs").index(on: "title")
        #expect(try index.createIndexStatements().map(\.sql) == [#"CREATE INDEX IF NOT EXISTS "blogs_on_title" ON "blogs" ("title")"#])
        try index.createIndexes()
        try index.createIndexes()
        #expect(try db.fetchAll("SELECT name FROM pragma_index_list('blogs')").map { $0["name"] } == ["blogs_on_title"])

        // FROM("blogs").SET("title", "Hello, world!").INSERT()
        let insert = db.from("blogs").set("title", "Hello, world!")
        #expect(try insert.insertStatement().sql == #"INSERT INTO "blogs" ("title") VALUES (?)"#)
        #expect(try insert.insertStatement().arguments == ["Hello, world!"])
        let firstID = try insert.insert()
        #expect(firstID == 1)
        #expect(try db.fetchAll("SELECT id, title FROM blogs").map(\.values) == [[1, "Hello, world!"]])

        // FROM("blogs").WHERE("id", 1).DELETE()
        let delete = db.from("blogs").where("id", firstID)
        #expect(try delete.deleteStatement().sql == #"DELETE FROM "blogs" WHERE "id" = ?"#)
        #expect(try delete.delete() == 1)
        #expect(try db.fetchValue(Int.self, "SELECT count(*) FROM blogs") == 0)

        // FROM("blogs").COUNT()
        #expect(try db.from("blogs").count() == 0)
        for number in 1...12 {
            try db.from("blogs").set("title", "Post \(number)").insert()
        }
        #expect(try db.from("blogs").count() == 12)
        #expect(try db.from("blogs").min("id", as: Int.self) == 2, "AUTOINCREMENT does not reuse the deleted id")

        // FROM("blogs").ORDER_ASC_BY("id").OFFSET(5).LIMIT(3).GET(): without an order the
        // covering title index may decide the order, so the example names one.
        let page = db.from("blogs").orderAsc("id").offset(5).limit(3)
        #expect(page.sql == #"SELECT * FROM "blogs" ORDER BY "id" ASC LIMIT ? OFFSET ?"#)
        #expect(page.arguments == [3, 5])
        let rows = try page.get()
        #expect(rows.map(\.values) == [[7, "Post 6"], [8, "Post 7"], [9, "Post 8"]])
        #expect(try page.count() == 3)

        // FROM("blogs").SET("title", "Hello").WHERE("id", 7).UPDATE()
        let update = db.from("blogs").set("title", "Hello").where("id", 7)
        #expect(try update.updateStatement().sql == #"UPDATE "blogs" SET "title" = ? WHERE "id" = ?"#)
        #expect(try update.updateStatement().arguments == ["Hello", 7])
        #expect(try update.update() == 1)
        #expect(try db.from("blogs").where("id", 7).first()?["title"] == "Hello")
        #expect(try db.from("blogs").where("title", "Hello").count() == 1)
        #expect(try db.from("blogs").count() == 12)

        // The file is plain SQLite: another connection reads what was written.
        db.close()
        let reopened = try Database(path: directory.path("blogs.sqlite"))
        #expect(try reopened.from("blogs").orderAsc("id").limit(2).get().map(\.values) == [[2, "Post 1"], [3, "Post 2"]])
        #expect(try reopened.from("blogs").like("title", "hello").get().map(\.values) == [[7, "Hello"]])
    }
}
