import Foundation
import Testing

@testable import BeeStore

/// Hostile values and odd identifiers: values are bound and identifiers quoted, so they
/// round-trip without ever changing the schema.
@Suite("Query builder: injection")
struct QueryInjectionTests {
    static let hostileValues = [
        "'; DROP TABLE blogs; --",
        "\" OR 1=1 --",
        "' OR '1'='1",
        "a\u{0}b",
        "\u{0}",
        "🐝 Bee 💥 ünïcödé",
        "%_\\",
        "?; DELETE FROM blogs",
        "",
    ]

    let db: Database
    let schema: [Row]

    init() throws {
        db = try Database.inMemory()
        try db.table("blogs").field("id", .integer).primaryKey().autoIncrement().field("title", .text).field("body", .text)
            .index(on: "title").create()
        try db.from("blogs").set("title", "keep me").set("body", "safe").insert()
        schema = try db.fetchAll("SELECT type, name, tbl_name, sql FROM sqlite_master WHERE name <> 'sqlite_sequence' ORDER BY name")
    }

    private func expectSchemaUnchanged(sourceLocation: SourceLocation = #_sourceLocation) throws {
        let now = try db.fetchAll("SELECT type, name, tbl_name, sql FROM sqlite_master WHERE name <> 'sqlite_sequence' ORDER BY name")
        #expect(now == schema, sourceLocation: sourceLocation)
    }

    private func titles() throws -> [String] {
        try db.from("blogs").select("title").orderAsc("id").get().map { try $0.decode(String.self, at: 0) }
    }

    @Test(arguments: hostileValues)
    func hostileValueRoundTripsThroughEveryVerb(_ value: String) throws {
        let insert = db.from("blogs").set("title", value).set("body", value)
        #expect(try insert.insertStatement().sql == #"INSERT INTO "blogs" ("title", "body") VALUES (?, ?)"#)
        #expect(try insert.insertStatement().arguments == [.text(value), .text(value)])
        let id = try insert.insert()
        try expectSchemaUnchanged()
        #expect(try titles() == ["keep me", value])

        // where / whereIn / whereNotIn
        let byTitle = db.from("blogs").where("title", value)
        #expect(byTitle.sql == #"SELECT * FROM "blogs" WHERE "title" = ?"#)
        #expect(byTitle.arguments == [.text(value)])
        #expect(try byTitle.get().map(\.values) == [[.integer(id), .text(value), .text(value)]])
        #expect(try db.from("blogs").whereIn("body", [value, "nothing"]).count() == 1)
        #expect(try db.from("blogs").whereNotIn("title", [value]).get().map { $0["title"] } == ["keep me"])
        #expect(try db.from("blogs").where("title", .notEqual, value).count() == 1)

        // having
        let grouped = db.from("blogs").select("title").select(sql: "count(*) AS n").groupBy("title").having("max(body)", .equal, value)
        #expect(grouped.sql == #"SELECT "title", count(*) AS n FROM "blogs" GROUP BY "title" HAVING max(body) = ?"#)
        #expect(try grouped.get().map(\.values) == [[.text(value), 1]])

        // like, for values SQLite's LIKE can read (it stops at a NUL byte)
        if !value.contains("\u{0}") && !value.isEmpty {
            #expect(try db.from("blogs").like("title", value).get().map { $0["id"] } == [.integer(id)])
            #expect(try db.from("blogs").like("title", value, .prefix).orLike("body", value, .suffix).count() == 1)
            #expect(try db.from("blogs").notLike("title", value).get().map { $0["title"] } == ["keep me"])
        }

        // update and upsert
        let changed = value + value
        #expect(try db.from("blogs").set("body", changed).where("title", value).update() == 1)
        #expect(try db.from("blogs").where("body", changed).count() == 1)
        try db.from("blogs").set("id", id).set("title", changed).onConflict("id").doUpdate("title").insert()
        #expect(try titles() == ["keep me", changed])
        try expectSchemaUnchanged()

        // delete
        #expect(try db.from("blogs").where("title", changed).delete() == 1)
        #expect(try db.from("blogs").whereIn("title", [value, changed]).delete() == 0)
        try expectSchemaUnchanged()
        #expect(try db.fetchAll("SELECT id, title, body FROM blogs").map(\.values) == [[1, "keep me", "safe"]])
    }

    @Test func nulBytesAndEmojiAreStoredExactly() throws {
        let values = ["a\u{0}b", "a\u{0}c", "🐝", "🐝\u{0}🐝"]
        for value in values { try db.from("blogs").set("title", value).insert() }
        for value in values {
            let row = try #require(try db.from("blogs").where("title", value).first())
            #expect(row["title"] == .text(value))
            #expect(try db.fetchValue(Int.self, "SELECT length(CAST(title AS BLOB)) FROM blogs WHERE title = ?", [value]) == value.utf8.count)
        }
        #expect(try db.from("blogs").where("title", "a").count() == 0, "no comparison stops at the NUL")
        #expect(try db.from("blogs").whereIn("title", ["a\u{0}b", "🐝"]).count() == 2)
        try expectSchemaUnchanged()
    }

    @Test func hostileColumnNamesAreIdentifiersNotSQL() throws {
        let column = #"title" = 'x' OR "1"#
        let query = db.from("blogs").where(column, "x")
        #expect(query.sql == #"SELECT * FROM "blogs" WHERE "title"" = 'x' OR ""1" = ?"#)
        // The whole text is one (unknown) column name, never SQL: the spliced `OR "1"` would
        // have matched every row. BeeStore turns off SQLite's legacy reading of unknown
        // double-quoted names as strings, so the mistake is an error, not an empty result.
        let error = try #require(throws: DatabaseError.self) { try query.get() }
        #expect(error.message.hasPrefix("no such column"))
        #expect(throws: DatabaseError.self) { try db.from("blogs").where(column, .notEqual, "x").count() }
        #expect(throws: DatabaseError.self) { try db.from("blogs").orderAsc(column).get() }
        #expect(throws: DatabaseError.self) { try db.from("blogs").set(column, 1).insert() }
        #expect(throws: DatabaseError.self) { try db.from(#"blogs"; DROP TABLE blogs; --"#).get() }
        try expectSchemaUnchanged()
        #expect(try titles() == ["keep me"])
    }

    @Test func aTableNamedLikeAnAttackIsJustATable() throws {
        let name = #"x"; DROP TABLE blogs; --"#
        let definition = db.table(name).field("v", .text).index(on: "v")
        #expect(try definition.createStatements(ifNotExists: false).map(\.sql) == [
            #"CREATE TABLE "x""; DROP TABLE blogs; --" ("v" TEXT)"#,
            #"CREATE INDEX "x""; DROP TABLE blogs; --_on_v" ON "x""; DROP TABLE blogs; --" ("v")"#,
        ])
        try definition.create()
        try db.from(name).set("v", "'; DROP TABLE blogs; --").insert()
        #expect(try db.from(name).get().map { $0["v"] } == ["'; DROP TABLE blogs; --"])
        let names = try db.fetchAll("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").map { $0["name"] }
        #expect(names == [.text("blogs"), "sqlite_sequence", .text(name)])
        try db.table(name).drop()
        try expectSchemaUnchanged()
        #expect(try titles() == ["keep me"])
    }

    @Test func quotesSpacesAndKeywordsInIdentifiers() throws {
        let table = #"weird "name""#
        let definition = db.table(table).field("id", .integer).primaryKey()
            .field("my column", .text).notNull()
            .field("order", .integer).defaultZero()
            .field("group", .text)
            .field(#"say "hi""#, .text).defaultValue("it's")
            .index(on: "group", "order")
        #expect(try definition.createStatements(ifNotExists: false).map(\.sql) == [
            #"CREATE TABLE "weird ""name""" ("id" INTEGER PRIMARY KEY, "my column" TEXT NOT NULL, "order" INTEGER DEFAULT 0, "group" TEXT, "say ""hi""" TEXT DEFAULT 'it''s')"#,
            #"CREATE INDEX "weird ""name""_on_group_order" ON "weird ""name""" ("group", "order")"#,
        ])
        try definition.create()
        #expect(try db.fetchAll("SELECT name FROM pragma_table_info(?)", [table]).map { $0["name"] } == [
            "id", "my column", "order", "group", #"say "hi""#,
        ])

        for (text, order, group) in [("a", 3, "x"), ("b", 1, "y"), ("c", 2, "x")] {
            try db.from(table).set("my column", text).set("order", order).set("group", group).insert()
        }
        let select = db.from(table).select("my column", #"say "hi""#).where("group", "x").orderDesc("order")
        #expect(select.sql == #"SELECT "my column", "say ""hi""" FROM "weird ""name""" WHERE "group" = ? ORDER BY "order" DESC"#)
        #expect(try select.get().map(\.values) == [["a", "it's"], ["c", "it's"]])
        let grouped = db.from(table).select("group").selectSum("order", as: "total order").groupBy("group").orderAsc("group")
        #expect(try grouped.get().map(\.values) == [["x", 5], ["y", 1]])

        let update = db.from(table).set("order", 10).set(#"say "hi""#, "hey").where("my column", "b")
        #expect(try update.updateStatement().sql == #"UPDATE "weird ""name""" SET "order" = ?, "say ""hi""" = ? WHERE "my column" = ?"#)
        #expect(try update.update() == 1)
        #expect(try db.from(table).max("order", as: Int.self) == 10)
        #expect(try db.from(table).where("order", .greaterThan, 2).delete() == 2)
        #expect(try db.from(table).get().map(\.values) == [[3, "c", 2, "x", "it's"]])

        let plan = try db.fetchAll(#"EXPLAIN QUERY PLAN SELECT * FROM "weird ""name""" WHERE "group" = 'x'"#)
            .map { try $0.decode(String.self, column: "detail") }
        #expect(plan.contains { $0.contains(#"weird "name"_on_group_order"#) })
    }

    @Test func aTableNamedSelect() throws {
        try db.table("select").field("from", .integer).primaryKey().field("where", .text).unique().index(on: "where", named: "index")
            .createIfNotExists()
        try db.table("select").field("from", .integer).primaryKey().createIfNotExists()
        #expect(try db.from("select").set("where", "here").insert() == 1)
        #expect(try db.from("select").set("from", 1).set("where", "there").onConflict("from").doUpdate().insert() == 1)
        let query = db.from("select").select("where").where("from", 1)
        #expect(query.sql == #"SELECT "where" FROM "select" WHERE "from" = ?"#)
        #expect(try query.get().map(\.values) == [["there"]])
        #expect(try db.from("select").set("where", "x").where("where", "there").update() == 1)
        #expect(try db.from("select").like("where", "x").count() == 1)
        #expect(try db.fetchAll("SELECT name FROM pragma_index_list('select') ORDER BY name").map { $0["name"] } == [
            "index", "sqlite_autoindex_select_1",
        ])
        #expect(try db.from("select").where("where", "x").delete() == 1)
        #expect(try db.from("select").count() == 0)
        try db.table("select").drop()
        try expectSchemaUnchanged()
    }
}
