import Foundation
import Testing

@testable import BeeStore

/// Select verbs: each test checks the rendered SQL and arguments and the rows a real database returns.
@Suite("Query builder: select")
struct QueryBuilderTests {
    let db: Database

    init() throws {
        db = try Database.inMemory()
        try db.execute(script: """
            CREATE TABLE author (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
            CREATE TABLE post (id INTEGER PRIMARY KEY, author_id INTEGER REFERENCES author(id), title TEXT,
                               views INTEGER, score REAL, category TEXT);
            INSERT INTO author (id, name) VALUES (1, 'Ann'), (2, 'Bob'), (3, 'Cy');
            INSERT INTO post (id, author_id, title, views, score, category) VALUES
                (1, 1, 'Hello, world', 10, 1.5, 'news'),
                (2, 1, 'Swift 6 concurrency', 250, 4.0, 'tech'),
                (3, 2, '100% pure SQLite', 40, 3.5, 'tech'),
                (4, 2, NULL, 0, NULL, NULL),
                (5, NULL, 'under_score', 99, 2.0, 'news');
            """)
    }

    private func ids(_ query: Query) throws -> [Int] {
        try query.get().map { try $0.decode(column: "id") }
    }

    @Test func fromSelectsEverything() throws {
        let query = db.from("post")
        #expect(query.sql == #"SELECT * FROM "post""#)
        #expect(query.arguments == [])
        #expect(try query.get().count == 5)
    }

    @Test func selectQuotesColumnsAndQualifiesDottedNames() throws {
        let query = db.from("post").select("id", "post.title").where("id", 1)
        #expect(query.sql == #"SELECT "id", "post"."title" FROM "post" WHERE "id" = ?"#)
        #expect(query.arguments == [1])
        let row = try #require(try query.first())
        #expect(row.columnNames == ["id", "title"])
        #expect(row["title"] == "Hello, world")
    }

    @Test func selectAggregatesWithAliases() throws {
        let query = db.from("post").selectMax("views", as: "most").selectMin("views").selectAvg("score", as: "average")
            .selectSum("views", as: "total")
        #expect(query.sql == #"SELECT MAX("views") AS "most", MIN("views") AS "views", AVG("score") AS "average", SUM("views") AS "total" FROM "post""#)
        let row = try #require(try query.first())
        #expect(row["most"] == .integer(250))
        #expect(row["views"] == .integer(0))
        #expect(row["average"] == .real(2.75))
        #expect(row["total"] == .integer(399))
    }

    @Test func distinctRemovesDuplicates() throws {
        let query = db.from("post").select("category").distinct().where("category", .notEqual, nil).orderAsc("category")
        #expect(query.sql == #"SELECT DISTINCT "category" FROM "post" WHERE "category" IS NOT NULL ORDER BY "category" ASC"#)
        #expect(try query.get().map { try $0.decode(String.self, at: 0) } == ["news", "tech"])
        #expect(try query.count() == 2)
    }

    @Test func whereWithValueAndWithNil() throws {
        let byAuthor = db.from("post").where("author_id", 1)
        #expect(byAuthor.sql == #"SELECT * FROM "post" WHERE "author_id" = ?"#)
        #expect(try ids(byAuthor) == [1, 2])
        let orphan = db.from("post").where("author_id", nil)
        #expect(orphan.sql == #"SELECT * FROM "post" WHERE "author_id" IS NULL"#)
        #expect(orphan.arguments == [])
        #expect(try ids(orphan) == [5])
    }

    @Test func orWhereJoinsWithOr() throws {
        let query = db.from("post").where("id", 1).orWhere("id", 3).orWhere("title", nil)
        #expect(query.sql == #"SELECT * FROM "post" WHERE "id" = ? OR "id" = ? OR "title" IS NULL"#)
        #expect(query.arguments == [1, 3])
        #expect(try ids(query) == [1, 3, 4])
    }

    @Test func whereOperatorCoversEveryComparison() throws {
        let cases: [(ComparisonOperator, String, [Int])] = [
            (.equal, "=", [3]), (.notEqual, "<>", [1, 2, 4, 5]), (.lessThan, "<", [1, 4]),
            (.lessThanOrEqual, "<=", [1, 3, 4]), (.greaterThan, ">", [2, 5]), (.greaterThanOrEqual, ">=", [2, 3, 5]),
        ]
        for (comparison, symbol, expected) in cases {
            let query = db.from("post").where("views", comparison, 40).orderAsc("id")
            #expect(query.sql == #"SELECT * FROM "post" WHERE "views" \#(symbol) ? ORDER BY "id" ASC"#)
            #expect(try ids(query) == expected, "\(symbol)")
        }
        let either = db.from("post").where("views", .greaterThan, 200).orWhere("views", .lessThan, 5)
        #expect(either.sql == #"SELECT * FROM "post" WHERE "views" > ? OR "views" < ?"#)
        #expect(try ids(either) == [2, 4])
    }

    @Test func whereInAndNotInIncludingEmptyLists() throws {
        let within = db.from("post").whereIn("id", [1, 3, 99])
        #expect(within.sql == #"SELECT * FROM "post" WHERE "id" IN (?, ?, ?)"#)
        #expect(try ids(within) == [1, 3])
        #expect(try ids(db.from("post").whereNotIn("id", [1, 3])) == [2, 4, 5])
        #expect(try ids(db.from("post").where("id", 5).orWhereIn("id", [1])) == [1, 5])
        #expect(try ids(db.from("post").where("id", 5).orWhereNotIn("id", [1, 2, 3, 4])) == [5])

        let none = db.from("post").whereIn("id", [])
        #expect(none.sql == #"SELECT * FROM "post" WHERE "id" IN ()"#)
        #expect(try ids(none) == [])
        #expect(try ids(db.from("post").whereNotIn("category", [])) == [1, 2, 3, 4, 5], "NOT IN () matches every row, NULLs included")
    }

    @Test func likeEscapesWildcardsUnlessAskedForAPattern() throws {
        let contains = db.from("post").like("title", "pure")
        #expect(contains.sql == #"SELECT * FROM "post" WHERE "title" LIKE ? ESCAPE '\'"#)
        #expect(contains.arguments == ["%pure%"])
        #expect(try ids(contains) == [3])
        #expect(try ids(db.from("post").like("title", "100%")) == [3], "the % in the text is literal")
        #expect(try ids(db.from("post").like("title", "_")) == [5], "the _ in the text is literal")
        #expect(try ids(db.from("post").like("title", "S_ift%", .pattern)) == [2])
        #expect(try ids(db.from("post").like("title", "hello", .prefix)) == [1])
        #expect(try ids(db.from("post").like("title", "world", .suffix)) == [1])
        #expect(try ids(db.from("post").notLike("title", "o")) == [3], "NULL titles match neither LIKE nor NOT LIKE")
        #expect(try ids(db.from("post").where("id", 4).orLike("title", "swift")) == [2, 4])
        let orNot = db.from("post").where("id", 3).orNotLike("title", "pure")
        #expect(orNot.sql == #"SELECT * FROM "post" WHERE "id" = ? OR "title" NOT LIKE ? ESCAPE '\'"#)
        #expect(try ids(orNot) == [1, 2, 3, 5])
    }

    @Test func groupedConditionsGiveExplicitPrecedence() throws {
        let query = db.from("post")
            .where { $0.where("category", "news").orWhere("views", .greaterThan, 200) }
            .where("author_id", 1)
        #expect(query.sql == #"SELECT * FROM "post" WHERE ("category" = ? OR "views" > ?) AND "author_id" = ?"#)
        #expect(query.arguments == ["news", 200, 1])
        #expect(try ids(query) == [1, 2])
        let nested = db.from("post").where("id", 4).orWhere { group in
            group.where("author_id", 2).where { $0.like("title", "sql").orWhere("views", 0) }
        }
        #expect(nested.sql == #"SELECT * FROM "post" WHERE "id" = ? OR ("author_id" = ? AND ("title" LIKE ? ESCAPE '\' OR "views" = ?))"#)
        #expect(try ids(nested) == [3, 4])
    }

    @Test func rawSQLConditionsKeepTheirArguments() throws {
        let query = db.from("post").where(sql: "views + ? > ?", [10, 100]).orWhere(sql: "id = ?", [1])
        #expect(query.sql == #"SELECT * FROM "post" WHERE (views + ? > ?) OR (id = ?)"#)
        #expect(try ids(query) == [1, 2, 5])
    }

    @Test func groupByHavingAndOrHaving() throws {
        let query = db.from("post").select("author_id").select(sql: "count(*) AS n")
            .where("author_id", .notEqual, nil).groupBy("author_id").having("count(*)", .greaterThanOrEqual, 2)
            .orderAsc("author_id")
        #expect(query.sql == #"SELECT "author_id", count(*) AS n FROM "post" WHERE "author_id" IS NOT NULL GROUP BY "author_id" HAVING count(*) >= ? ORDER BY "author_id" ASC"#)
        #expect(try query.get().map { try $0.decode(Int.self, column: "author_id") } == [1, 2])
        let either = db.from("post").select("category").groupBy("category")
            .having("sum(views)", .greaterThan, 200).orHaving("sum(views)", .equal, 0)
        #expect(either.sql.hasSuffix(#"GROUP BY "category" HAVING sum(views) > ? OR sum(views) = ?"#))
        #expect(Set(try either.get().map { $0["category"] }) == [.text("tech"), .null])
    }

    @Test func havingWithoutGroupByIsRefusedBeforeRunning() throws {
        let before = db.statistics.executedStatements
        #expect(throws: QueryError.havingWithoutGroupBy(table: "post")) {
            try db.from("post").having("count(*)", .greaterThan, 1).get()
        }
        #expect(db.statistics.executedStatements == before)
    }

    @Test func orderingVerbs() throws {
        #expect(try ids(db.from("post").orderDesc("views")) == [2, 5, 3, 1, 4])
        #expect(try ids(db.from("post").orderAsc("author_id").orderDesc("id")) == [5, 2, 1, 4, 3])
        #expect(try ids(db.from("post").order(by: "score", .descending).order(by: "id")) == [2, 3, 5, 1, 4])
        #expect(try ids(db.from("post").order(sql: "length(title) DESC NULLS LAST")) == [2, 3, 1, 5, 4])
        let random = db.from("post").orderRandom()
        #expect(random.sql == #"SELECT * FROM "post" ORDER BY RANDOM()"#)
        #expect(Set(try ids(random)) == [1, 2, 3, 4, 5])
    }

    @Test func limitAndOffsetPaginate() throws {
        let page = db.from("post").orderAsc("id").limit(2).offset(2)
        #expect(page.sql == #"SELECT * FROM "post" ORDER BY "id" ASC LIMIT ? OFFSET ?"#)
        #expect(page.arguments == [2, 2])
        #expect(try ids(page) == [3, 4])
        let skipOnly = db.from("post").orderAsc("id").offset(3)
        #expect(skipOnly.sql == #"SELECT * FROM "post" ORDER BY "id" ASC LIMIT -1 OFFSET ?"#)
        #expect(try ids(skipOnly) == [4, 5])
        #expect(throws: QueryError.negativeLimit(-1)) { try db.from("post").limit(-1).get() }
    }

    @Test func innerAndLeftJoins() throws {
        let inner = db.from("post").select("post.id", "author.name").join("author", on: "author.id", equals: "post.author_id")
            .orderAsc("post.id")
        #expect(inner.sql == #"SELECT "post"."id", "author"."name" FROM "post" JOIN "author" ON "author"."id" = "post"."author_id" ORDER BY "post"."id" ASC"#)
        #expect(try inner.get().map { try $0.decode(String.self, column: "name") } == ["Ann", "Ann", "Bob", "Bob"])
        let left = db.from("post").select("post.id", "author.name").leftJoin("author", on: "author.id", equals: "post.author_id")
            .orderAsc("post.id")
        #expect(try left.get().map { $0["name"] } == ["Ann", "Ann", "Bob", "Bob", .null])
        let authorsWithoutPosts = db.from("author").select("author.name").leftJoin("post", onSQL: #""post"."author_id" = "author"."id""#)
            .where("post.id", nil)
        #expect(try authorsWithoutPosts.get().map { $0["name"] } == ["Cy"])
        #expect(try db.from("post").join("author", onSQL: "author.id = post.author_id").where("author.name", "Bob").count() == 2)
    }

    @Test func firstReplacesTheLimitAndKeepsTheOffsetAndTheQuery() throws {
        let paged = db.from("post").where("views", .greaterThan, 5).orderAsc("id").limit(3).offset(1)
        #expect(try paged.first()?["id"] == .integer(2))
        #expect(try db.from("post").orderAsc("id").limit(-1).first()?["id"] == .integer(1), "a negative limit is replaced")
        #expect(throws: QueryError.negativeLimit(-2)) { try db.from("post").offset(-2).first() }
        #expect(paged.sql == #"SELECT * FROM "post" WHERE "views" > ? ORDER BY "id" ASC LIMIT ? OFFSET ?"#)
        #expect(paged.arguments == [5, 3, 1], "first() leaves the query unchanged")
        #expect(try ids(paged) == [2, 3, 5])
    }

    @Test func terminalFirstCountExistsAndAggregates() throws {
        let tech = db.from("post").where("category", "tech")
        #expect(try tech.first()?["id"] == .integer(2))
        #expect(try db.from("post").where("id", 99).first() == nil)
        #expect(try tech.count() == 2)
        #expect(try tech.exists())
        #expect(try !db.from("post").where("id", 99).exists())
        #expect(try tech.max("views", as: Int.self) == 250)
        #expect(try tech.min("views", as: Int.self) == 40)
        #expect(try tech.avg("score") == 3.75)
        #expect(try tech.sum("views", as: Int.self) == 290)
        #expect(try db.from("post").where("id", 99).max("views", as: Int.self) == nil)
        #expect(try db.from("post").orderDesc("views").limit(2).sum("views", as: Int.self) == 349, "aggregates respect the limit")
        #expect(try db.from("post").orderAsc("id").limit(2).count() == 2)
    }

    @Test func queriesAreImmutableValuesThatBranch() throws {
        let base = db.from("post").where("category", "tech")
        let popular = base.where("views", .greaterThan, 100)
        let quiet = base.where("views", .lessThanOrEqual, 100)
        #expect(base.sql == #"SELECT * FROM "post" WHERE "category" = ?"#)
        #expect(try ids(popular) == [2])
        #expect(try ids(quiet) == [3])
        #expect(try ids(base) == [2, 3])
    }

    @Test func aChainChangesItsOwnClausesOnlyNeverThoseOfAQueryItBranchedFrom() throws {
        // The base holds clauses (ordering, limit, values to set); each branch changes
        // them along a chain of calls, which changes a query in place when it holds it alone.
        let base = db.from("post").set("title", "base").orderAsc("id").limit(5)
        var kept = base
        let longer = base.set("views", 1).set("title", "longer").orderDesc("views").limit(1)
        let other = base.set("category", "misc").offset(1)
        kept = kept.limit(2)
        #expect(base.sql == #"SELECT * FROM "post" ORDER BY "id" ASC LIMIT ?"#)
        #expect(try base.selectStatement().arguments == [5])
        #expect(try base.insertStatement().sql == #"INSERT INTO "post" ("title") VALUES (?)"#)
        #expect(try longer.insertStatement().sql == #"INSERT INTO "post" ("title", "views") VALUES (?, ?)"#)
        #expect(try longer.insertStatement().arguments == ["longer", 1])
        #expect(longer.sql == #"SELECT * FROM "post" ORDER BY "id" ASC, "views" DESC LIMIT ?"#)
        #expect(try other.insertStatement().arguments == ["base", "misc"])
        #expect(try other.selectStatement().arguments == [5, 1])
        #expect(try kept.selectStatement().arguments == [2])
        #expect(try base.insertStatement().arguments == ["base"])
    }

    // MARK: The one rule for names with dots

    @Test func aDottedTableNameIsOneTableInEveryBuilder() throws {
        try db.table("main.t").field("v", .integer).create()
        try db.table("t").field("v", .integer).create()
        #expect(db.from("main.t").sql == #"SELECT * FROM "main.t""#)
        #expect(try db.from("main.t").set("v", 1).insert() == 1)
        #expect(try db.from("main.t").where("v", 1).count() == 1)
        #expect(try db.from("main.t").set("v", 2).update() == 1)
        #expect(try db.fetchValue(Int.self, #"SELECT v FROM "main.t""#) == 2)
        #expect(try db.fetchValue(Int.self, "SELECT count(*) FROM main.t") == 0, "the row never went to table t of schema main")
        #expect(try db.from("main.t").delete() == 1)
    }

    @Test func columnsWithDotsOrAStarThatCanBeCreatedCanBeQueried() throws {
        try db.table("setting").field("app.key", .text).unique().field("*", .text).field("value", .integer).create()
        try db.from("setting").set("app.key", "theme").set("*", "star").set("value", 1).insert()
        try db.from("setting").set("app.key", "font").set("*", "other").set("value", 2).insert()
        let query = db.from("setting").select("app.key", "setting.*").where("app.key", "theme").where("*", "star")
            .orderAsc("app.key").groupBy("app.key")
        #expect(query.sql == #"SELECT "app.key", "setting".* FROM "setting" WHERE "app.key" = ? AND "*" = ? GROUP BY "app.key" ORDER BY "app.key" ASC"#)
        #expect(try query.get().map(\.values) == [["theme", "theme", "star", 1]])
        #expect(try db.from("setting").select("*").first()?.values.count == 3)
        #expect(try db.from("setting").max("app.key", as: String.self) == "theme")
        #expect(try db.from("setting").limit(1).max("setting.value", as: Int.self) == 1)
        #expect(try db.from("setting").set("*", "changed").where("setting.app.key", "font").update() == 1)
        #expect(try db.from("setting").where("*", "changed").select("value").first()?["value"] == 2)
        try db.from("setting").set("app.key", "theme").set("value", 9).onConflict("app.key").doNothing().insert()
        #expect(try db.from("setting").like("app.key", "t").count() == 2)
    }

    @Test func aDotQualifiesOnlyATableOfTheQuery() throws {
        let query = db.from("post").join("author", on: "author.id", equals: "post.author_id")
            .select("post.id", "author.name", "other.name").where("AUTHOR.name", "Ann").orderAsc("post.id")
        #expect(query.sql == #"SELECT "post"."id", "author"."name", "other.name" FROM "post" JOIN "author" ON "author"."id" = "post"."author_id" WHERE "author"."name" = ? ORDER BY "post"."id" ASC"#)
        #expect(try query.select(sql: "1").where("post.id", 2).count() == 1)
    }
}

extension QueryBuilderTests {
    @Test func pluckReadsOneColumnKeepingConditionsOrderAndDistinct() throws {
        let query = db.from("post").select("id", "title").where("category", "tech").orderDesc("views")
        #expect(try query.pluck("title", as: String.self) == ["Swift 6 concurrency", "100% pure SQLite"])
        #expect(try db.from("post").distinct().orderAsc("category").pluck("category", as: String?.self)
            == [nil, "news", "tech"])
        #expect(try db.from("post").where("id", 0).pluck("title", as: String.self) == [])
    }

    @Test func pluckFailsOnAWrongColumnOrType() throws {
        #expect(throws: DatabaseError.self) { try db.from("post").pluck("subtitle", as: String.self) }
        #expect(throws: ConversionError.typeMismatch(expected: "Int", value: .text("Hello, world"), column: "title")) {
            try db.from("post").where("id", 1).pluck("title", as: Int.self)
        }
        #expect(throws: QueryError.noDatabase(table: "post")) {
            try Query(database: nil, table: "post").pluck("title", as: String.self)
        }
    }

    @Test func incrementAddsInOneStatementWithTheSetValues() throws {
        let query = db.from("post").where("category", "news").set("title", "bumped")
        #expect(try query.incrementStatement("views", by: .integer(1)).sql
            == #"UPDATE "post" SET "views" = COALESCE("views", 0) + ?, "title" = ? WHERE "category" = ?"#)
        #expect(try query.increment("views", by: 1) == 2)
        #expect(try db.from("post").whereIn("id", [1, 5]).pluck("views", as: Int.self) == [11, 100])
        #expect(try db.from("post").where("id", 4).increment("score", by: 0.25) == 1)
        #expect(try db.from("post").where("id", 4).pluck("score", as: Double.self) == [0.25])
        #expect(try db.from("post").pluck("title", as: String?.self).filter { $0 == "bumped" }.count == 2)
    }

    @Test func incrementFailsOnAWrongColumn() throws {
        #expect(throws: DatabaseError.self) { try db.from("post").increment("likes") }
        #expect(try db.from("post").pluck("views", as: Int.self) == [10, 250, 40, 0, 99])
    }
}

/// A post as a plain `Decodable` struct, not a record.
private struct PostSummary: Decodable, Equatable {
    enum Category: String, Decodable { case news, tech }
    var id: Int64
    var title: String?
    var views: Int
    var category: Category?
    var authorID: Int?

    enum CodingKeys: String, CodingKey {
        case id, title, views, category
        case authorID = "author_id"
    }
}

/// A row with a date and a nested `Codable` value stored as JSON text.
private struct Release: Decodable, Equatable {
    struct Notes: Codable, Equatable { var highlights: [String] }
    var name: String
    var shipped: Date
    var notes: Notes
    var tags: [String]?
}

extension QueryBuilderTests {
    @Test func decodableStructsFromSQLRowsByColumnName() throws {
        let posts = try db.fetchAll(PostSummary.self, "SELECT * FROM post WHERE views > ? ORDER BY id", [20])
        #expect(posts == [
            PostSummary(id: 2, title: "Swift 6 concurrency", views: 250, category: .tech, authorID: 1),
            PostSummary(id: 3, title: "100% pure SQLite", views: 40, category: .tech, authorID: 2),
            PostSummary(id: 5, title: "under_score", views: 99, category: .news, authorID: nil),
        ])
        let untitled = try db.fetchOne(PostSummary.self, "SELECT id, views, title FROM post WHERE id = 4")
        #expect(untitled == PostSummary(id: 4, title: nil, views: 0, category: nil, authorID: nil),
            "optional properties without a column or with NULL are nil")
        #expect(try db.fetchOne(PostSummary.self, "SELECT * FROM post WHERE id = 0") == nil)
        let inTransaction = try db.write { try $0.fetchAll(PostSummary.self, "SELECT * FROM post ORDER BY views DESC LIMIT 1") }
        #expect(inTransaction.map(\.id) == [2])
    }

    @Test func decodableStructsFromTheQueryBuilder() throws {
        let query = db.from("post").join("author", on: "author.id", equals: "post.author_id")
            .select("post.*").where("author.name", "Ann").orderDesc("views")
        #expect(try query.fetchAll(PostSummary.self).map(\.id) == [2, 1])
        #expect(try query.fetchOne(PostSummary.self)?.title == "Swift 6 concurrency")
        #expect(try db.from("post").where("id", 0).fetchOne(PostSummary.self) == nil)
    }

    @Test func oneColumnRowsDecodeAsSingleValues() throws {
        #expect(try db.fetchAll(Int.self, "SELECT views FROM post ORDER BY id") == [10, 250, 40, 0, 99])
        #expect(try db.from("post").select("title").orderAsc("id").fetchAll(String?.self).last == "under_score")
        #expect(try db.fetchAll(String?.self, "SELECT title FROM post WHERE id = 4") == [nil])
        let row = try #require(try db.fetchOne("SELECT 'news' AS category"))
        #expect(try row.decode(as: PostSummary.Category.self) == .news)
    }

    @Test func datesAndJSONValuesDecodeAsRecordsStoreThem() throws {
        let shipped = Date(timeIntervalSince1970: 1_700_000_000.25)
        let row = Row(["name": .text("6.0"), "shipped": shipped.databaseValue,
                       "notes": .text(#"{"highlights":["strict concurrency"]}"#), "tags": .text(#"["swift"]"#)])
        #expect(try row.decode(as: Release.self) == Release(
            name: "6.0", shipped: shipped, notes: Release.Notes(highlights: ["strict concurrency"]), tags: ["swift"]))
    }

    @Test func decodingFailsNamingTheColumn() throws {
        #expect(throws: ConversionError.missingColumn("views", available: ["id", "title"])) {
            try db.fetchAll(PostSummary.self, "SELECT id, title FROM post")
        }
        #expect(throws: ConversionError.typeMismatch(expected: "Int", value: .text("Hello, world"), column: "views")) {
            try db.fetchAll(PostSummary.self, "SELECT id, title, title AS views FROM post WHERE id = 1")
        }
        #expect(throws: ConversionError.typeMismatch(expected: "Int", value: .null, column: "views")) {
            try db.fetchAll(Int.self, "SELECT NULL AS views")
        }
        #expect(
            throws: ConversionError.invalidValue(expected: "Category", value: "sport", column: "category"),
            "a raw value that is not a case"
        ) {
            try db.fetchAll(PostSummary.self, "SELECT 1 AS id, 0 AS views, 'sport' AS category")
        }
        #expect(throws: DecodingError.self, "one value from a row of two columns") {
            try db.fetchAll([Int].self, "SELECT id, views FROM post")
        }
        let notJSON = Row(["name": .text("6.0"), "shipped": .text("2024-01-01 00:00:00.000"), "notes": .text("none")])
        #expect(throws: RecordError.self) { try notJSON.decode(as: Release.self) }
    }
}

extension QueryBuilderTests {
    @Test func forEachStepsTheSelectedRows() throws {
        var titles: [String?] = []
        try db.from("post").where("category", "tech").orderDesc("views").forEach { row in
            titles.append(try row.decode(String?.self, column: "title"))
        }
        #expect(titles == ["Swift 6 concurrency", "100% pure SQLite"])
    }

    @Test func forEachFailsOnAWrongColumnBeforeCallingItsBody() throws {
        var calls = 0
        #expect(throws: DatabaseError.self) { try db.from("post").where("subtitle", "x").forEach { _ in calls += 1 } }
        #expect(throws: QueryError.negativeLimit(-1)) { try db.from("post").limit(-1).forEach { _ in calls += 1 } }
        #expect(calls == 0)
    }
}
