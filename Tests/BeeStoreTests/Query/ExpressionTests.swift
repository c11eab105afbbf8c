import Foundation
import Testing

@testable import BeeStore

/// Expressions and the statements built of them: their text in both dialects, and their
/// results on SQLite.
@Suite("Query builder: expressions, subqueries, common tables, compounds, RETURNING")
struct ExpressionTests {
    let db: Database

    private static let price = SQLExpression.column("price")
    private static let quantity = SQLExpression.column("quantity")

    init() throws {
        db = try Database.inMemory()
        try db.execute(script: """
            CREATE TABLE line (id INTEGER PRIMARY KEY, product TEXT, status TEXT, price REAL, quantity INTEGER, info TEXT);
            INSERT INTO line (product, status, price, quantity, info) VALUES
                ('pen', 'OPEN', 1.5, 10, '{"color": "blue", "tags": ["a", "b"]}'),
                ('book', 'open', 12.0, 20, '{"color": "red"}'),
                ('lamp', 'closed', 40.0, 1, NULL),
                ('desk', 'open', 150.0, 2, '{"color": "oak"}'),
                ('ink', NULL, 3.0, 5, NULL);
            CREATE TABLE review (id INTEGER PRIMARY KEY, line_id INTEGER, stars INTEGER);
            INSERT INTO review (line_id, stars) VALUES (1, 5), (1, 4), (2, 3), (4, 5);
            """)
    }

    /// The query's `SELECT` in SQLite and PostgreSQL.
    private func texts(_ query: Query) throws -> (sqlite: String, postgreSQL: String) {
        (try query.selectStatement().sql, try query.rendered(for: .postgreSQL).selectStatement().sql)
    }

    private func products(_ query: Query) throws -> [String] {
        try query.orderAsc("id").get().map { try $0.decode(String.self, at: 0) }
    }

    @Test func arithmeticComparisonAndLogic() throws {
        let query = db.from("line").select("product").where(Self.price * Self.quantity > 100 && !(Self.status == "closed"))
        let (sqlite, postgreSQL) = try texts(query)
        #expect(sqlite == #"SELECT "product" FROM "line" WHERE ((("price" * "quantity") > ?) AND (NOT ("status" = ?)))"#)
        #expect(postgreSQL == #"SELECT "product" FROM "line" WHERE ((("price" * "quantity") > $1) AND (NOT ("status" = $2)))"#)
        #expect(try products(query) == ["book", "desk"])
        #expect(try products(db.from("line").select("product").where(Self.price - 1 <= 0.5 || Self.quantity / 2 >= 10)) == ["pen", "book"])
    }

    private static let status = SQLExpression.column("status")

    @Test func functionsCaseCastAndNulls() throws {
        let open = db.from("line").select("product").where(.lower(Self.status) == "open")
        #expect(try products(open) == ["pen", "book", "desk"])
        let labelled = db.from("line")
            .select(.case([(when: Self.price >= 100, then: .value("dear")), (when: Self.price >= 10, then: .value("fair"))], else: .value("cheap")), as: "band")
            .select(.coalesce(Self.status, .value("unknown")), as: "status")
            .select(.cast(Self.price, as: .integer), as: "whole")
            .orderAsc("id")
        let rows = try labelled.get()
        #expect(try rows.map { try $0.decode(String.self, at: 0) } == ["cheap", "fair", "fair", "dear", "cheap"])
        #expect(try rows.map { try $0.decode(String.self, at: 1) } == ["OPEN", "open", "closed", "open", "unknown"])
        #expect(try rows.map { try $0.decode(Int.self, at: 2) } == [1, 12, 40, 150, 3])
        let (sqlite, postgreSQL) = try texts(db.from("line").select(.cast(Self.price, as: .integer)).where(Self.status.isNull))
        #expect(sqlite == #"SELECT CAST("price" AS INTEGER) FROM "line" WHERE ("status" IS NULL)"#)
        #expect(postgreSQL == #"SELECT CAST("price" AS BIGINT) FROM "line" WHERE ("status" IS NULL)"#)
        #expect(try products(db.from("line").select("product").where(Self.status == nil)) == ["ink"])
        #expect(try products(db.from("line").select("product").where(Self.price.between(.value(2), and: .value(40)))) == ["book", "lamp", "ink"])
        #expect(try products(db.from("line").select("product").where(Self.quantity.in([1, 2, nil]))) == ["lamp", "desk"])
        #expect(try db.from("line").select(.function("upper", .column("product"))).where("id", 1).first()?.decode(String.self, at: 0) == "PEN")
    }

    @Test func likeEscapesItsTextAndIsCaseInsensitiveInBothDialects() throws {
        try db.execute("INSERT INTO line (product, price, quantity) VALUES ('100%_cotton', 9, 1), ('100 cotton', 9, 1)")
        let query = db.from("line").select("product").where(SQLExpression.column("product").like(containing: "0%_C"))
        #expect(try products(query) == ["100%_cotton"])
        let (sqlite, postgreSQL) = try texts(query)
        #expect(sqlite == #"SELECT "product" FROM "line" WHERE ("product" LIKE ? ESCAPE '\')"#)
        #expect(postgreSQL == #"SELECT "product" FROM "line" WHERE ("product" ILIKE $1 ESCAPE '\')"#)
        #expect(try db.from("line").like("product", "pen").rendered(for: .postgreSQL).selectStatement().sql
            == #"SELECT * FROM "line" WHERE "product" ILIKE $1 ESCAPE '\'"#)
    }

    @Test func subqueriesInExistsAndTheSelection() throws {
        let reviewed = db.from("review").select(.column("line_id"))
        #expect(try products(db.from("line").select("product").where(SQLExpression.column("id").in(reviewed))) == ["pen", "book", "desk"])
        #expect(try products(db.from("line").select("product").where(SQLExpression.column("id").notIn(reviewed))) == ["lamp", "ink"])
        let fiveStars = db.from("review").where(.column("review.line_id") == .column("line.id") && .column("stars") == 5)
        let starred = db.from("line").select("product").where(.exists(fiveStars))
        #expect(try products(starred) == ["pen", "desk"])
        let counted = db.from("line").select("product")
            .select(.subquery(db.from("review").select(.countAll).where(.column("review.line_id") == .column("line.id"))), as: "reviews")
            .where(Self.price < 20).orderAsc("id")
        #expect(try counted.get().map { try $0.decode(Int.self, column: "reviews") } == [2, 1, 0])
        let (sqlite, postgreSQL) = try texts(db.from("line").where(Self.price > 1).where(.exists(fiveStars)).limit(2))
        #expect(sqlite == #"SELECT * FROM "line" WHERE ("price" > ?) AND (EXISTS (SELECT * FROM "review" WHERE (("review"."line_id" = "line"."id") AND ("stars" = ?)))) LIMIT ?"#)
        #expect(postgreSQL == #"SELECT * FROM "line" WHERE ("price" > $1) AND (EXISTS (SELECT * FROM "review" WHERE (("review"."line_id" = "line"."id") AND ("stars" = $2)))) LIMIT $3"#)
    }

    @Test func aggregatesGroupingHavingAndWindows() throws {
        let perLine = db.from("review").select(.column("line_id"), .count(.all), .average(.column("stars")))
            .groupBy(.column("line_id")).having(.count(.all) > 1)
        let rows = try perLine.get()
        #expect(rows.count == 1)
        #expect(try rows[0].decode(Int.self, at: 0) == 1)
        #expect(try rows[0].decode(Double.self, at: 2) == 4.5)
        #expect(try perLine.selectStatement().sql
            == #"SELECT "line_id", count(*), avg("stars") FROM "review" GROUP BY "line_id" HAVING (count(*) > ?)"#)
        let ranked = db.from("line").select("product")
            .select(SQLExpression.rank.over(partitionBy: [.lower(Self.status)], orderBy: [(Self.price, .descending)]), as: "place")
            .where(Self.status.isNotNull).orderAsc("id")
        #expect(try ranked.get().map { try $0.decode(Int.self, column: "place") } == [3, 2, 1, 1])
        #expect(try ranked.rendered(for: .postgreSQL).selectStatement().sql
            == #"SELECT "product", rank() OVER (PARTITION BY lower("status") ORDER BY "price" DESC) AS "place" FROM "line" WHERE ("status" IS NOT NULL) ORDER BY "id" ASC"#)
        #expect(try db.from("line").select(.count(Self.status, distinct: true)).first()?.decode(Int.self, at: 0) == 3)
        #expect(try db.from("line").order(by: Self.price * Self.quantity, .descending).select("product").first()?.decode(String.self, at: 0) == "desk")
    }

    @Test func jsonPaths() throws {
        let info = SQLExpression.column("info")
        let query = db.from("line").select("product").where(info.jsonText("$.color") == "red")
        #expect(try products(query) == ["book"])
        #expect(try db.from("line").select(info.json("$.tags[1]")).where("id", 1).first()?.decode(String.self, at: 0) == "b")
        #expect(try query.rendered(for: .postgreSQL).selectStatement().sql
            == #"SELECT "product" FROM "line" WHERE ((jsonb_path_query_first(CAST("info" AS JSONB), CAST($1 AS JSONPATH)) #>> '{}') = $2)"#)
    }

    @Test func commonTablesAndRecursion() throws {
        let dear = db.from("line").where(Self.price > 10)
        let query = db.from("dear").select("product").with("dear", as: dear)
        #expect(try products(query) == ["book", "lamp", "desk"])
        #expect(try query.selectStatement().sql == #"WITH "dear" AS (SELECT * FROM "line" WHERE ("price" > ?)) SELECT "product" FROM "dear""#)
        let step = db.from("counter").select(.column("n") + 1).where(.column("n") < 10)
        let counter = db.from("counter").select("n").with(recursive: "counter", columns: ["n"], as: db.select(.value(1)).unionAll(step))
        #expect(try counter.get().map { try $0.decode(Int.self, at: 0) } == Array(1...10))
        #expect(try counter.rendered(for: .postgreSQL).selectStatement().sql
            == #"WITH RECURSIVE "counter" ("n") AS (SELECT $1 UNION ALL SELECT ("n" + $2) FROM "counter" WHERE ("n" < $3)) SELECT "n" FROM "counter""#)
    }

    @Test func compoundSelects() throws {
        let cheap = db.from("line").select("product").where(Self.price < 5)
        let few = db.from("line").select("product").where(Self.quantity <= 2)
        let names = { (query: Query) in try query.get().map { try $0.decode(String.self, at: 0) }.sorted() }
        #expect(try names(cheap.union(few)) == ["desk", "ink", "lamp", "pen"])
        #expect(try names(cheap.intersect(db.from("line").select("product").where(Self.quantity > 5))) == ["pen"])
        #expect(try names(cheap.except(db.from("line").select("product").where("product", "ink"))) == ["pen"])
        #expect(try cheap.unionAll(cheap).count() == 4)
        let ordered = cheap.union(few.orderDesc("price").limit(1)).orderAsc("product").limit(2)
        #expect(try ordered.get().map { try $0.decode(String.self, at: 0) } == ["desk", "ink"])
        #expect(try ordered.selectStatement().sql == #"SELECT "product" FROM "line" WHERE ("price" < ?) UNION SELECT * FROM (SELECT "product" FROM "line" WHERE ("quantity" <= ?) ORDER BY "price" DESC LIMIT ?) ORDER BY "product" ASC LIMIT ?"#)
    }

    @Test func returningMultiRowInsertAndInsertSelect() throws {
        let inserted = try db.from("line").set("product", "cap").set("price", 2.5).set("quantity", .value(3) * 2)
            .insert(returning: .column("id"), .column("product"))
        #expect(try inserted.decode(Int64.self, at: 0) == 6)
        #expect(try inserted.decode(String.self, at: 1) == "cap")
        let raised = try db.from("line").set("price", Self.price * 2).where("product", "pen").update(returning: .column("price"))
        #expect(try raised.map { try $0.decode(Double.self, at: 0) } == [3.0])
        let removed = try db.from("review").where(.column("stars") < 4).delete(returning: .column("line_id"))
        #expect(try removed.map { try $0.decode(Int.self, at: 0) } == [2])
        #expect(try db.from("review").count() == 3)

        #expect(try db.from("review").insert(rows: [["line_id": 3, "stars": 1], ["line_id": 5, "stars": nil]]) == 2)
        #expect(throws: QueryError.mismatchedRows(table: "review", expected: ["line_id", "stars"], found: ["line_id"])) {
            try db.from("review").insert(rows: [["line_id": 3, "stars": 1], ["line_id": 5]])
        }
        #expect(try db.from("review").count() == 5)
        let many = (0..<1_200).map { ["line_id": $0, "stars": 1] as [String: (any DatabaseValueConvertible)?] }
        #expect(try db.from("review").insert(rows: many) == 1_200, "several statements, one transaction")

        try db.execute("CREATE TABLE archive (name TEXT, total REAL)")
        #expect(try db.from("archive").insert(columns: ["name", "total"], from: db.from("line").select(.column("product"), Self.price * Self.quantity).where(Self.status == "open")) == 2)
        #expect(try db.from("archive").select(.sum(.column("total"))).first()?.decode(Double.self, at: 0) == 540)
        let statement = try db.from("archive").rendered(for: .postgreSQL)
            .insertStatement(columns: ["name"], from: db.from("line").select("product").where(Self.price > 1))
        #expect(statement.sql == #"INSERT INTO "archive" ("name") SELECT "product" FROM "line" WHERE ("price" > $1)"#)
        #expect(try db.from("line").set("price", 1).rendered(for: .postgreSQL).insertStatement(orReplace: false).sql
            == #"INSERT INTO "line" ("price") VALUES ($1)"#)
        #expect(throws: QueryError.unsupported(feature: "INSERT OR REPLACE", dialect: .postgreSQL)) {
            try db.from("line").set("price", 1).rendered(for: .postgreSQL).insertStatement(orReplace: true)
        }
    }

    @Test func returningDecodesValues() throws {
        let id = try db.from("line").set("product", "cap").insert(returning: .column("id"), as: Int64.self)
        #expect(id == 6)
        let doubled = try db.from("line").set("quantity", .column("quantity") * 2).where(Self.status == "open")
            .update(returning: .column("quantity"), as: Int.self)
        #expect(doubled.sorted() == [4, 40])
        let removed = try db.from("line").where("status", nil).delete(returning: .column("product"), as: String?.self)
        #expect(removed.sorted { ($0 ?? "") < ($1 ?? "") } == ["cap", "ink"])
        // A value that is not a `T` is an error, not a default.
        #expect(throws: ConversionError.self) {
            try db.from("line").set("product", "hat").insert(returning: .column("status"), as: String.self)
        }
        #expect(throws: ConversionError.self) {
            try db.from("line").set("price", 1).where("product", "desk").update(returning: .column("product"), as: Int.self)
        }
        // The failed statements changed nothing.
        #expect(try db.from("line").where("product", "hat").count() == 0)
        #expect(try db.from("line").where("product", "desk").first()?.decode(Double.self, column: "price") == 150)
    }

    @Test func theBeeVerbsRenderTheirTextInBothDialects() throws {
        let query = db.from("line").where("status", "open").orWhere("price", .greaterThan, 100).whereIn("quantity", [1, 2])
            .orderDesc("price").offset(1)
        #expect(try query.selectStatement().sql
            == #"SELECT * FROM "line" WHERE "status" = ? OR "price" > ? AND "quantity" IN (?, ?) ORDER BY "price" DESC LIMIT -1 OFFSET ?"#)
        #expect(try query.rendered(for: .postgreSQL).selectStatement().sql
            == #"SELECT * FROM "line" WHERE "status" = $1 OR "price" > $2 AND "quantity" IN ($3, $4) ORDER BY "price" DESC LIMIT ALL OFFSET $5"#)
        let raw = db.from("line").where(sql: "price > ? AND quantity < ?", [1, 5]).where("product", "x")
        #expect(try raw.rendered(for: .postgreSQL).selectStatement().sql
            == #"SELECT * FROM "line" WHERE (price > $1 AND quantity < $2) AND "product" = $3"#)
        #expect(try db.from("line").set("price", Self.price * 2).where("id", 1).rendered(for: .postgreSQL).updateStatement().sql
            == #"UPDATE "line" SET "price" = ("price" * $1) WHERE "id" = $2"#)
    }

    @Test func expressionsWorkInRecordQueriesAndJoins() throws {
        var post = Post(title: "Hello", author: Author(name: "Ann"), comments: [Comment(text: "a"), Comment(text: "bb")], related: nil)
        try post.save(in: db)
        #expect(try Post.query(in: db).where(.length(.column("title")) == 5).count() == 1)
        let joined = db.from("post").select(.column("post.title"), .count(.column("comment.id")))
            .leftJoin("comment", on: .column("comment.post_id") == .column("post.id") && .length(.column("comment.text")) > 1)
            .groupBy(.column("post.id"))
        #expect(try joined.get().map { try $0.decode(Int.self, at: 1) } == [1])
    }
}
