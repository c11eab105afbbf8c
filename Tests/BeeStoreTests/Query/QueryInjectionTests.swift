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

    // MARK: Quoting on Unicode scalars

    @Test func aQuoteFollowedByACombiningMarkStaysInsideTheName() throws {
        try db.execute("CREATE TABLE secret (token TEXT)")
        try db.execute("INSERT INTO secret VALUES ('s3cr3t')")
        let table = "t\"\u{301} WHERE 0 UNION SELECT token FROM secret --"
        let query = db.from(table)
        #expect(query.sql == "SELECT * FROM \"t\"\"\u{301} WHERE 0 UNION SELECT token FROM secret --\"")
        let error = try #require(throws: DatabaseError.self) { try query.get() }
        #expect(error.message.hasPrefix("no such table"))

        let column = "x\"\u{301}, (SELECT token FROM secret) AS leak FROM blogs --"
        let select = db.from("blogs").select(column)
        #expect(throws: DatabaseError.self) { try select.get() }
        #expect(throws: DatabaseError.self) { try db.from("blogs").where(column, 1).get() }
        #expect(throws: DatabaseError.self) { try db.from("blogs").orderAsc(column).get() }
        #expect(throws: DatabaseError.self) { try db.from("blogs").set(column, 1).insert() }
        #expect(try titles() == ["keep me"])
    }

    @Test func literalsAndKeyValueTableNamesAreQuotedOnScalars() throws {
        let text = "it'\u{301}s'); DROP TABLE blogs; --"
        try db.table("defaults").field("id", .integer).primaryKey().field("v", .text).defaultValue(text).create()
        try db.from("defaults").set("id", 1).insert()
        #expect(try db.from("defaults").select("v").first()?["v"] == .text(text))

        let name = "kv\"\u{301}; DROP TABLE blogs; --"
        let store = try KeyValueStore(database: db, table: name)
        try store.setValue(Data("x".utf8), forKey: "k")
        #expect(try store.value(forKey: "k") == Data("x".utf8))
        #expect(try db.fetchValue(Int.self, "SELECT count(*) FROM sqlite_master WHERE name = ?", [name]) == 1)
        #expect(try titles() == ["keep me"])
    }

    @Test func likeEscapesWildcardsFollowedByCombiningMarks() throws {
        try db.execute("CREATE TABLE s (v TEXT)")
        for value in ["_\u{301}", "a\u{301}", "b\u{301}", "%\u{301}", "\\\u{301}"] {
            try db.from("s").set("v", value).insert()
        }
        #expect(try db.from("s").like("v", "_\u{301}").get().map { $0["v"] } == ["_\u{301}"])
        #expect(try db.from("s").like("v", "%\u{301}").get().map { $0["v"] } == ["%\u{301}"])
        #expect(try db.from("s").like("v", "\\\u{301}").get().map { $0["v"] } == ["\\\u{301}"])
        #expect(try db.from("s").like("v", "_\u{301}", .pattern).count() == 5)
    }

    @Test func sqlTextWithANULIsRefusedWhole() throws {
        let error = try #require(throws: DatabaseError.self) { try db.from("blogs\u{0}; DROP TABLE blogs").get() }
        #expect(error.message.contains("NUL"))
        #expect(throws: DatabaseError.self) { try db.from("blogs").where("title\u{0}", 1).get() }
        #expect(throws: DatabaseError.self) { try db.execute(script: "SELECT 1;\u{0} DROP TABLE blogs") }
        try expectSchemaUnchanged()
        #expect(try titles() == ["keep me"])
    }

    /// Random identifiers and literals made of quotes, backslashes, combining marks,
    /// emoji, bidirectional marks and scalars of every general category: the table and
    /// column SQLite creates carry exactly those names, the defaults and values read back
    /// exactly, and no other object of the schema ever changes.
    @Test func randomHostileIdentifiersAndLiteralsRoundTrip() throws {
        var random = QueryPropertyTests.SplitMix64(state: 0x5EED_0F_BEE)
        try db.execute("CREATE TABLE secret (token TEXT)")
        let baseline = try db.fetchAll("SELECT type, name, sql FROM sqlite_master ORDER BY name")
        for round in 0..<150 {
            let table = Self.hostileText(&random, allowNUL: false)
            var column = Self.hostileText(&random, allowNUL: false)
            // A column named `<table>.x` names column x of the table (the one rule for dots),
            // and SQLite refuses a second column named `id` or `r`, in any ASCII case.
            while SQLRenderer(scope: [table]).resolveColumn(column).table != nil || ["id", "r"].contains(column.lowercased()) {
                column = Self.hostileText(&random, allowNUL: false)
            }
            let text = Self.hostileText(&random, allowNUL: true)
            let real = Double(bitPattern: random.next())
            let number = real.isFinite ? real : Double(random.int(-1_000..<1_000)) / 7
            try db.table(table).field("id", .integer).primaryKey()
                .field(column, .text).defaultValue(text)
                .field("r", .real).defaultValue(number)
                .index(on: column)
                .create()
            #expect(try db.fetchValue(Int.self, "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = ?", [table]) == 1, "round \(round)")
            #expect(try db.fetchAll("SELECT name FROM pragma_table_info(?)", [table]).map { $0["name"] } == ["id", .text(column), "r"])
            try db.from(table).set("id", 1).insert()
            let row = try #require(try db.from(table).select(column, "r").where("id", 1).first())
            #expect(row.values == [.text(text), .real(number)], "round \(round): \(SQLDialect.sqlite.literal(.real(number)))")
            let value = Self.hostileText(&random, allowNUL: true)
            try db.from(table).set("id", 2).set(column, value).insert()
            #expect(try db.from(table).where(column, value).select("id").get().map { $0["id"] } == [2])
            #expect(try db.from(table).orderDesc(column).count() == 2)
            try db.table(table).drop()
            #expect(try db.fetchAll("SELECT type, name, sql FROM sqlite_master ORDER BY name") == baseline, "round \(round)")
        }
        #expect(try db.fetchValue(String.self, "SELECT token FROM secret") == nil)
        #expect(try titles() == ["keep me"])
    }

    /// Text of 1 to 12 scalars: SQL's quotes and punctuation, marks that combine with
    /// them, emoji and bidirectional controls, or a scalar of any general category.
    static func hostileText(_ random: inout QueryPropertyTests.SplitMix64, allowNUL: Bool) -> String {
        let specials: [Unicode.Scalar] = ([
            "\"", "'", "\\", "`", "[", "]", ".", ";", "-", "*", " ", "%", "_", "?", ":", "@", "$",
            "\u{301}", "\u{20DD}", "\u{200F}", "\u{202E}", "\u{FEFF}", "\u{1F41D}", "\u{1F469}\u{200D}",
            "\u{0}", "\n", "\r", "\t", "\u{7F}", "\u{85}", "\u{2028}", "a", "Z", "9", "é", "丁",
        ] as [String]).flatMap(\.unicodeScalars)
        var scalars = String.UnicodeScalarView()
        for _ in 0..<random.int(1..<13) {
            var scalar: Unicode.Scalar
            repeat {
                if random.chance(60) {
                    scalar = random.pick(specials)
                } else {
                    // Any scalar: the planes where assigned characters of every category live.
                    let value = UInt32(random.int(0..<0x30000))
                    scalar = Unicode.Scalar(random.chance(5) ? 0xE0001 : value) ?? "?"
                }
            } while !allowNUL && scalar == "\u{0}"
            scalars.append(scalar)
        }
        let text = String(scalars)
        // SQLite reserves names that start with `sqlite_`.
        return text.lowercased().hasPrefix("sqlite_") ? "x" + text : text
    }
}
