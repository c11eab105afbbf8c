import Foundation
import Testing

@testable import BeeStore

/// Table definitions: each test checks the generated SQL and the schema SQLite ends up with.
@Suite("Query builder: schema")
struct SchemaBuilderTests {
    let db: Database

    init() throws {
        db = try Database.inMemory()
    }

    /// One column as `PRAGMA table_info` describes it.
    struct Column: Equatable, CustomStringConvertible {
        var name: String
        var type: String
        var notNull = false
        var defaultValue: String?
        var primaryKeyPosition = 0

        var description: String { "\(name) \(type) notNull:\(notNull) default:\(defaultValue ?? "-") pk:\(primaryKeyPosition)" }
    }

    private func columns(_ table: String) throws -> [Column] {
        try db.fetchAll("SELECT * FROM pragma_table_info(?)", [table]).map { row in
            Column(
                name: try row.decode(column: "name"), type: try row.decode(column: "type"),
                notNull: try row.decode(column: "notnull"), defaultValue: try row.decode(String?.self, column: "dflt_value"),
                primaryKeyPosition: try row.decode(column: "pk"))
        }
    }

    /// `name unique origin columns` for each index of the table, sorted by name.
    private func indexes(_ table: String) throws -> [String] {
        try db.fetchAll("SELECT * FROM pragma_index_list(?) ORDER BY name", [table]).map { row in
            let name: String = try row.decode(column: "name")
            let indexed = try db.fetchAll("SELECT name FROM pragma_index_info(?) ORDER BY seqno", [name])
                .map { try $0.decode(String.self, at: 0) }
            let unique: Bool = try row.decode(column: "unique")
            let origin: String = try row.decode(column: "origin")
            return "\(name) \(unique ? "unique" : "plain") \(origin) \(indexed.joined(separator: ","))"
        }
    }

    private func tableNames() throws -> [String] {
        try db.fetchAll("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").map { try $0.decode(String.self, at: 0) }
    }

    private func sql(_ definition: TableDefinition, ifNotExists: Bool = false) throws -> [String] {
        try definition.createStatements(ifNotExists: ifNotExists).map(\.sql)
    }

    private func constraintCode(_ body: () throws -> Void) -> ResultCode? {
        do {
            try body()
            return nil
        } catch let error as DatabaseError {
            return error.extendedResultCode
        } catch {
            return nil
        }
    }

    @Test func fieldWithAndWithoutSize() throws {
        let definition = db.table("note").field("body", .text).field("title", .text, size: 64).field("score", .real)
            .field("data", .blob).field("amount", .numeric, size: 10)
        #expect(try sql(definition) == [#"CREATE TABLE "note" ("body" TEXT, "title" TEXT(64), "score" REAL, "data" BLOB, "amount" NUMERIC(10))"#])
        try definition.create()
        #expect(try columns("note") == [
            Column(name: "body", type: "TEXT"), Column(name: "title", type: "TEXT(64)"), Column(name: "score", type: "REAL"),
            Column(name: "data", type: "BLOB"), Column(name: "amount", type: "NUMERIC(10)"),
        ])
        try db.from("note").set("title", String(repeating: "x", count: 100)).set("amount", "12").insert()
        let row = try #require(try db.from("note").first())
        #expect(try row.decode(String.self, column: "title").count == 100, "SQLite keeps the size as documentation only")
        #expect(row["amount"] == .integer(12), "NUMERIC affinity converts numeric text")
    }

    @Test func unsignedAddsAnEnforcedCheck() throws {
        let definition = db.table("stock").field("quantity", .integer).unsigned().notNull()
        #expect(try sql(definition) == [#"CREATE TABLE "stock" ("quantity" INTEGER NOT NULL CHECK ("quantity" >= 0))"#])
        try definition.create()
        try db.from("stock").set("quantity", 0).insert()
        #expect(constraintCode { try db.from("stock").set("quantity", -1).insert() } == ResultCode(rawValue: 275), "SQLITE_CONSTRAINT_CHECK")
        #expect(constraintCode { try db.from("stock").set("quantity", -5).update() } == ResultCode(rawValue: 275))
        #expect(try db.fetchAll("SELECT quantity FROM stock").map(\.values) == [[0]])
    }

    @Test func notNullRefusesNull() throws {
        let definition = db.table("person").field("name", .text).notNull().field("nickname", .text)
        #expect(try sql(definition) == [#"CREATE TABLE "person" ("name" TEXT NOT NULL, "nickname" TEXT)"#])
        try definition.create()
        #expect(try columns("person") == [Column(name: "name", type: "TEXT", notNull: true), Column(name: "nickname", type: "TEXT")])
        #expect(constraintCode { try db.from("person").set("nickname", "x").insert() } == .notNullConstraint)
        try db.from("person").set("name", "Ann").insert()
        #expect(try db.from("person").count() == 1)
    }

    @Test func primaryKeyOnAField() throws {
        let definition = db.table("tag").field("code", .text, size: 8).primaryKey().field("label", .text)
        #expect(try sql(definition) == [#"CREATE TABLE "tag" ("code" TEXT(8) PRIMARY KEY, "label" TEXT)"#])
        try definition.create()
        #expect(try columns("tag") == [Column(name: "code", type: "TEXT(8)", primaryKeyPosition: 1), Column(name: "label", type: "TEXT")])
        try db.from("tag").set("code", "sw").set("label", "Swift").insert()
        #expect(constraintCode { try db.from("tag").set("code", "sw").insert() } == .primaryKeyConstraint)
        #expect(try indexes("tag") == ["sqlite_autoindex_tag_1 unique pk code"])
    }

    @Test func withoutRowIDStoresTheTableInKeyOrderWithoutARowID() throws {
        let definition = db.table("setting").field("scope", .text).notNull().field("name", .text).notNull()
            .field("value", .blob).primaryKey("scope", "name").withoutRowID()
        #expect(try sql(definition) == [
            #"CREATE TABLE "setting" ("scope" TEXT NOT NULL, "name" TEXT NOT NULL, "value" BLOB, PRIMARY KEY ("scope", "name")) WITHOUT ROWID"#
        ])
        try definition.create()
        #expect(try Inspector(db).schema(ofTable: "setting").isWithoutRowID)
        try db.from("setting").set("scope", "app").set("name", "theme").set("value", Data("dark".utf8)).insert()
        #expect(throws: DatabaseError.self) { try db.fetchAll("SELECT rowid FROM setting") }
        // SQLite refuses a table without row ids that has no primary key.
        #expect(throws: DatabaseError.self) { try db.table("loose").field("a", .text).withoutRowID().create() }
    }

    @Test func integerPrimaryKeyDropsTheSizeToAliasTheRowID() throws {
        let definition = db.table("item").field("id", .integer, size: 12).primaryKey().field("name", .text)
        #expect(try sql(definition) == [#"CREATE TABLE "item" ("id" INTEGER PRIMARY KEY, "name" TEXT)"#])
        try definition.create()
        #expect(try db.from("item").set("name", "a").insert() == 1)
        #expect(try db.fetchValue(Int.self, "SELECT rowid FROM item WHERE id = 1") == 1)
        #expect(try indexes("item") == [], "the row id needs no index")
        #expect(constraintCode { try db.from("item").set("id", 1).insert() } == .primaryKeyConstraint)
    }

    @Test func compositePrimaryKey() throws {
        let definition = db.table("membership").field("user_id", .integer).notNull().field("group_id", .integer).notNull()
            .field("role", .text).primaryKey("user_id", "group_id")
        #expect(try sql(definition) == [#"CREATE TABLE "membership" ("user_id" INTEGER NOT NULL, "group_id" INTEGER NOT NULL, "role" TEXT, PRIMARY KEY ("user_id", "group_id"))"#])
        try definition.create()
        #expect(try columns("membership").map(\.primaryKeyPosition) == [1, 2, 0])
        try db.from("membership").set("user_id", 1).set("group_id", 1).insert()
        try db.from("membership").set("user_id", 1).set("group_id", 2).insert()
        #expect(constraintCode { try db.from("membership").set("user_id", 1).set("group_id", 2).insert() } == .primaryKeyConstraint)
        #expect(try indexes("membership") == ["sqlite_autoindex_membership_1 unique pk user_id,group_id"])
    }

    @Test func autoIncrementNeverReusesIDs() throws {
        let definition = db.table("event").field("id", .integer).primaryKey().autoIncrement().field("kind", .text)
        #expect(try sql(definition) == [#"CREATE TABLE "event" ("id" INTEGER PRIMARY KEY AUTOINCREMENT, "kind" TEXT)"#])
        try definition.create()
        #expect(try tableNames() == ["event", "sqlite_sequence"])
        #expect(try db.from("event").set("kind", "a").insert() == 1)
        #expect(try db.from("event").set("kind", "b").insert() == 2)
        try db.from("event").where("id", 2).delete()
        #expect(try db.from("event").set("kind", "c").insert() == 3)
        #expect(try db.fetchValue(Int.self, "SELECT seq FROM sqlite_sequence WHERE name = 'event'") == 3)
    }

    @Test func defaultsZeroNullAndValues() throws {
        let definition = db.table("profile").field("id", .integer).primaryKey()
            .field("visits", .integer).defaultZero()
            .field("bio", .text).notNull().defaultValue("it's \"quoted\"; DROP TABLE profile; --")
            .field("motto", .text).defaultNull()
            .field("ratio", .real).defaultValue(1.5)
            .field("balance", .integer).defaultValue(-3)
            .field("flag", .blob).defaultValue(Data([0x00, 0xAB]))
            .field("missing", .text).defaultValue(nil)
        #expect(try sql(definition) == [
            #"CREATE TABLE "profile" ("id" INTEGER PRIMARY KEY, "visits" INTEGER DEFAULT 0, "bio" TEXT NOT NULL DEFAULT 'it''s "quoted"; DROP TABLE profile; --', "#
                + #""motto" TEXT DEFAULT NULL, "ratio" REAL DEFAULT 1.5, "balance" INTEGER DEFAULT -3, "flag" BLOB DEFAULT X'00AB', "missing" TEXT DEFAULT NULL)"#,
        ])
        try definition.create()
        #expect(try columns("profile").map(\.defaultValue) == [
            nil, "0", #"'it''s "quoted"; DROP TABLE profile; --'"#, "NULL", "1.5", "-3", "X'00AB'", "NULL",
        ])
        try db.from("profile").set("id", 1).insert()
        let row = try #require(try db.from("profile").first())
        #expect(row.values == [1, 0, "it's \"quoted\"; DROP TABLE profile; --", nil, 1.5, -3, .blob(Data([0x00, 0xAB])), nil])
        #expect(try tableNames() == ["profile"])
    }

    @Test func uniqueCreatesAUniqueConstraint() throws {
        let definition = db.table("account").field("email", .text).notNull().unique().field("name", .text)
        #expect(try sql(definition) == [#"CREATE TABLE "account" ("email" TEXT NOT NULL UNIQUE, "name" TEXT)"#])
        try definition.create()
        #expect(try indexes("account") == ["sqlite_autoindex_account_1 unique u email"])
        try db.from("account").set("email", "a@example.com").insert()
        #expect(constraintCode { try db.from("account").set("email", "a@example.com").insert() } == .uniqueConstraint)
        #expect(try db.from("account").count() == 1)
    }

    @Test func referencesWithOnDeleteCascade() throws {
        try db.table("blog").field("id", .integer).primaryKey().field("title", .text).create()
        let definition = db.table("post").field("id", .integer).primaryKey()
            .field("blog_id", .integer).notNull().references("blog", onDelete: .cascade)
            .field("editor_id", .integer).references("blog", column: "id", onDelete: .setNull)
            .field("source_id", .integer).references("blog")
        #expect(try sql(definition) == [
            #"CREATE TABLE "post" ("id" INTEGER PRIMARY KEY, "blog_id" INTEGER NOT NULL REFERENCES "blog" ("id") ON DELETE CASCADE, "#
                + #""editor_id" INTEGER REFERENCES "blog" ("id") ON DELETE SET NULL, "source_id" INTEGER REFERENCES "blog" ("id"))"#,
        ])
        try definition.create()
        let keys = try db.fetchAll(#"SELECT "from", "table", "to", on_delete FROM pragma_foreign_key_list('post') ORDER BY "from""#)
            .map(\.values)
        #expect(keys == [["blog_id", "blog", "id", "CASCADE"], ["editor_id", "blog", "id", "SET NULL"], ["source_id", "blog", "id", "NO ACTION"]])

        try db.from("blog").set("id", 1).set("title", "one").insert()
        try db.from("blog").set("id", 2).set("title", "two").insert()
        try db.from("post").set("id", 10).set("blog_id", 1).set("editor_id", 2).insert()
        try db.from("post").set("id", 11).set("blog_id", 2).set("editor_id", 1).insert()
        #expect(constraintCode { try db.from("post").set("blog_id", 99).insert() } == .foreignKeyConstraint)
        #expect(try db.from("blog").where("id", 1).delete() == 1)
        #expect(try db.fetchAll("SELECT id, blog_id, editor_id FROM post").map(\.values) == [[11, 2, nil]],
                "post 10 is deleted with its blog; post 11 loses its editor")
    }

    @Test func indexesWithDefaultAndGivenNames() throws {
        let definition = db.table("post").field("id", .integer).primaryKey().field("blog_id", .integer)
            .field("slug", .text).field("published", .integer)
            .index(on: "blog_id")
            .index(on: "blog_id", "published")
            .index(on: "slug", unique: true, named: "post_slug")
        #expect(try sql(definition) == [
            #"CREATE TABLE "post" ("id" INTEGER PRIMARY KEY, "blog_id" INTEGER, "slug" TEXT, "published" INTEGER)"#,
            #"CREATE INDEX "post_on_blog_id" ON "post" ("blog_id")"#,
            #"CREATE INDEX "post_on_blog_id_published" ON "post" ("blog_id", "published")"#,
            #"CREATE UNIQUE INDEX "post_slug" ON "post" ("slug")"#,
        ])
        try definition.create()
        #expect(try indexes("post") == [
            "post_on_blog_id plain c blog_id", "post_on_blog_id_published plain c blog_id,published", "post_slug unique c slug",
        ])
        try db.from("post").set("slug", "hello").insert()
        #expect(constraintCode { try db.from("post").set("slug", "hello").insert() } == .uniqueConstraint)
        let plan = try db.fetchAll(#"EXPLAIN QUERY PLAN SELECT * FROM "post" WHERE "blog_id" = 1"#).map { try $0.decode(String.self, column: "detail") }
        #expect(plan.contains { $0.contains("post_on_blog_id") })
    }

    @Test func createIndexesOnAnExistingTable() throws {
        try db.table("post").field("id", .integer).primaryKey().field("slug", .text).field("views", .integer).create()
        try db.from("post").set("slug", "a").set("views", 1).insert()
        let definition = db.table("post").index(on: "views").index(on: "slug", unique: true)
        #expect(try definition.createIndexStatements().map(\.sql) == [
            #"CREATE INDEX IF NOT EXISTS "post_on_views" ON "post" ("views")"#,
            #"CREATE UNIQUE INDEX IF NOT EXISTS "post_on_slug" ON "post" ("slug")"#,
        ])
        try definition.createIndexes()
        try definition.createIndexes()
        #expect(try indexes("post") == ["post_on_slug unique c slug", "post_on_views plain c views"])
        #expect(try columns("post").map(\.name) == ["id", "slug", "views"])
        #expect(try db.from("post").count() == 1)
        #expect(constraintCode { try db.from("post").set("slug", "a").insert() } == .uniqueConstraint)
        #expect(throws: DatabaseError.self) { try db.table("missing").index(on: "a").createIndexes() }
        #expect(throws: QueryError.noField(table: "post")) { try db.table("post").unique().index(on: "slug").createIndexes() }
    }

    @Test func createAndCreateIfNotExists() throws {
        let definition = db.table("log").field("line", .text).index(on: "line")
        #expect(try sql(definition, ifNotExists: true) == [
            #"CREATE TABLE IF NOT EXISTS "log" ("line" TEXT)"#,
            #"CREATE INDEX IF NOT EXISTS "log_on_line" ON "log" ("line")"#,
        ])
        try definition.createIfNotExists()
        try db.from("log").set("line", "kept").insert()
        try definition.createIfNotExists()
        #expect(try db.from("log").get().map { $0["line"] } == ["kept"], "the second call leaves the table as it is")
        #expect(try indexes("log") == ["log_on_line plain c line"])

        let error = try #require(throws: DatabaseError.self) { try definition.create() }
        #expect(error.message.contains("already exists"))
        #expect(try db.from("log").count() == 1)
    }

    @Test func createIsAllOrNothing() throws {
        try db.execute("CREATE TABLE other (x)")
        let definition = db.table("fresh").field("a", .text).index(on: "a", named: "taken")
        try db.execute(#"CREATE INDEX "taken" ON other (x)"#)
        #expect(throws: DatabaseError.self) { try definition.create() }
        #expect(try tableNames() == ["other"], "the table is not left behind when its index fails")
    }

    @Test func dropAndDropIfExists() throws {
        try db.table("temp").field("a", .integer).index(on: "a").create()
        #expect(try tableNames() == ["temp"])
        try db.table("temp").drop()
        #expect(try tableNames() == [])
        #expect(try db.fetchValue(Int.self, "SELECT count(*) FROM sqlite_master") == 0, "its index went with it")
        let error = try #require(throws: DatabaseError.self) { try db.table("temp").drop() }
        #expect(error.message.contains("no such table"))
        try db.table("temp").dropIfExists()
        try db.table("temp").field("a", .integer).create()
        try db.table("temp").dropIfExists()
        #expect(try tableNames() == [])
    }

    @Test func addColumnsKeepsExistingRows() throws {
        try db.table("blog").field("id", .integer).primaryKey().field("title", .text).create()
        try db.from("blog").set("title", "first").insert()
        try db.from("blog").set("title", "second").insert()
        let addition = db.table("blog").field("views", .integer).notNull().defaultZero().field("tagline", .text)
            .defaultValue("none").index(on: "views")
        #expect(try addition.addColumnStatements().map(\.sql) == [
            #"ALTER TABLE "blog" ADD COLUMN "views" INTEGER NOT NULL DEFAULT 0"#,
            #"ALTER TABLE "blog" ADD COLUMN "tagline" TEXT DEFAULT 'none'"#,
            #"CREATE INDEX IF NOT EXISTS "blog_on_views" ON "blog" ("views")"#,
        ])
        try addition.addColumns()
        #expect(try columns("blog").map(\.name) == ["id", "title", "views", "tagline"])
        #expect(try db.fetchAll("SELECT * FROM blog ORDER BY id").map(\.values) == [[1, "first", 0, "none"], [2, "second", 0, "none"]])
        #expect(try indexes("blog") == ["blog_on_views plain c views"])

        // The second column cannot be added (it exists): neither is.
        let clash = db.table("blog").field("extra", .integer).field("title", .text)
        #expect(throws: DatabaseError.self) { try clash.addColumns() }
        #expect(try columns("blog").map(\.name) == ["id", "title", "views", "tagline"])
        #expect(try db.from("blog").count() == 2)
    }

    @Test func quotedDottedColumnsInKeysAndIndexes() throws {
        let definition = db.table("setting").field("app.key", .text).field("scope", .text).field("value", .text)
            .primaryKey("app.key", "scope").index(on: "value", "app.key")
        #expect(try sql(definition) == [
            #"CREATE TABLE "setting" ("app.key" TEXT, "scope" TEXT, "value" TEXT, PRIMARY KEY ("app.key", "scope"))"#,
            #"CREATE INDEX "setting_on_value_app.key" ON "setting" ("value", "app.key")"#,
        ])
        try definition.create()
        #expect(try indexes("setting") == [
            "setting_on_value_app.key plain c value,app.key", "sqlite_autoindex_setting_1 unique pk app.key,scope",
        ])
    }

    @Test func misuseIsATypedErrorBeforeAnythingRuns() throws {
        let before = db.statistics.executedStatements
        #expect(throws: QueryError.noField(table: "t")) { try db.table("t").create() }
        #expect(throws: QueryError.noField(table: "t")) { try db.table("t").createIfNotExists() }
        #expect(throws: QueryError.noField(table: "t")) { try db.table("t").index(on: "a").addColumns() }
        #expect(throws: QueryError.noField(table: "t")) { try db.table("t").notNull().field("a", .text).create() }
        #expect(throws: QueryError.noField(table: "t")) { try db.table("t").primaryKey().field("a", .integer).create() }
        #expect(throws: QueryError.invalidAutoIncrement(table: "t", column: "code")) {
            try db.table("t").field("code", .text).primaryKey().autoIncrement().create()
        }
        #expect(throws: QueryError.invalidAutoIncrement(table: "t", column: "n")) {
            try db.table("t").field("id", .integer).primaryKey().field("n", .integer).autoIncrement().create()
        }
        #expect(throws: QueryError.conflictingPrimaryKey(table: "t")) {
            try db.table("t").field("a", .integer).primaryKey().field("b", .integer).primaryKey().create()
        }
        #expect(throws: QueryError.conflictingPrimaryKey(table: "t")) {
            try db.table("t").field("a", .integer).primaryKey().field("b", .integer).primaryKey("a", "b").create()
        }
        #expect(throws: QueryError.conflictingPrimaryKey(table: "t")) {
            try db.table("t").field("a", .integer).field("b", .integer).primaryKey("a").primaryKey("b").create()
        }
        #expect(throws: QueryError.emptyName("table")) { try db.table("").field("a", .text).create() }
        #expect(throws: QueryError.emptyName("field")) { try db.table("t").field("", .text).create() }
        #expect(db.statistics.executedStatements == before)
        #expect(try tableNames() == [])
        #expect("\(QueryError.invalidAutoIncrement(table: "t", column: "code"))" == #"autoIncrement on "t"."code" needs an INTEGER PRIMARY KEY field"#)
    }

    @Test func nonFiniteDefaultsAreATypedError() throws {
        for (value, column) in [(Double.infinity, "up"), (-Double.infinity, "down"), (Double.nan, "nan")] {
            let definition = db.table("limits").field("id", .integer).field(column, .real).defaultValue(value)
            #expect(throws: QueryError.nonFiniteDefault(table: "limits", column: column)) { try definition.create() }
            #expect(throws: QueryError.nonFiniteDefault(table: "limits", column: column)) {
                try db.table("limits").field(column, .real).defaultValue(value).addColumnStatements()
            }
        }
        #expect(try db.fetchValue(Int.self, "SELECT count(*) FROM sqlite_master") == 0)
    }

    @Test func finiteRealDefaultsReadBackExactly() throws {
        let chosen: [Double] = [
            4.766742153205532e-308, 6.2578431e-07, 0.1, 1.5, -2.75, 0, 1e300, -1.7976931348623157e308,
            .leastNonzeroMagnitude, .leastNormalMagnitude, .ulpOfOne, 9_007_199_254_740_994, 18_014_398_509_481_984, 123_456_789.125,
        ]
        var random = QueryPropertyTests.SplitMix64(state: 0xD0_0B1E)
        var values = chosen
        while values.count < 1_000 {
            let value = Double(bitPattern: random.next())
            if value.isFinite { values.append(value) }
        }
        #expect(SQLDialect.sqlite.literal(.real(1.5)) == "1.5")
        #expect(SQLDialect.sqlite.literal(.real(-2.75)) == "-2.75")
        #expect(SQLDialect.sqlite.literal(.real(0.1)) == "(CAST(3602879701896397 AS REAL) / 36028797018963968)")
        for (chunk, slice) in stride(from: 0, to: values.count, by: 100).map({ ($0, values[$0..<min($0 + 100, values.count)]) }) {
            var definition = db.table("reals\(chunk)").field("id", .integer).primaryKey()
            for (index, value) in slice.enumerated() {
                definition = definition.field("c\(index)", .real).defaultValue(value)
            }
            try definition.create()
            try db.from("reals\(chunk)").set("id", 1).insert()
            let row = try #require(try db.from("reals\(chunk)").first())
            for (index, value) in slice.enumerated() {
                #expect(row["c\(index)"] == .real(value), "\(value) written as \(SQLDialect.sqlite.literal(.real(value)))")
            }
        }
    }
}
