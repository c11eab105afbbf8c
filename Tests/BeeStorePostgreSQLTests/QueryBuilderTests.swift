#if PostgreSQL
import BeeStore
import BeeStorePostgreSQL
import Foundation
import Testing

/// The query builder and table definitions, rendered for PostgreSQL and run on it.
@Suite struct QueryBuilderTests {
    private func playerTable(in db: PostgreSQLDatabase) throws {
        try db.create(
            db.table("player")
                .field("id", .integer).primaryKey()
                .field("name", .text, size: 40).notNull()
                .field("score", .integer).defaultZero()
                .field("rating", .real)
                .index(on: "name"),
            ifNotExists: true)
    }

    @Test func createsTablesWithNativeTypes() throws {
        let db = try TestServer.freshDatabase()
        defer { db.close() }
        try playerTable(in: db)
        try playerTable(in: db)
        let types = try db.fetchAll(
            "SELECT column_name, data_type, is_identity FROM information_schema.columns WHERE table_name = $1 ORDER BY ordinal_position",
            ["player"]
        ).map { "\(try $0.decode(String.self, at: 0)) \(try $0.decode(String.self, at: 1)) \(try $0.decode(String.self, at: 2))" }
        #expect(types == ["id bigint YES", "name character varying NO", "score bigint NO", "rating double precision NO"])
        #expect(try db.fetchValue(Int.self, "SELECT count(*) FROM pg_indexes WHERE tablename = $1", ["player"]) == 2)
    }

    @Test func buildsAndRunsQueries() throws {
        let db = try TestServer.freshDatabase()
        defer { db.close() }
        try playerTable(in: db)
        for (name, score) in [("Arthur", 30), ("Barbara", 80), ("Chloé", 55)] {
            try db.from("player").set("name", name).set("score", score).insert(in: db)
        }
        let id = try db.from("player").set("name", "Dan").insert(returning: .column("id"), as: Int64.self, in: db)
        #expect(id == 4)
        let strong = db.from("player").where("score", .greaterThan, 50).orderDesc("score")
        #expect(try strong.get(in: db).map { try $0.decode(String.self, column: "name") } == ["Barbara", "Chloé"])
        #expect(try strong.count(in: db) == 2)
        #expect(try strong.limit(1).count(in: db) == 1)
        #expect(try strong.exists(in: db))
        #expect(try db.from("player").where("name", "Nobody").exists(in: db) == false)
        #expect(try db.from("player").like("name", "A", .prefix).first(in: db)?.decode(String.self, column: "name") == "Arthur")
        #expect(try db.from("player").whereIn("id", [1, 3]).set("score", 0).update(in: db) == 2)
        #expect(try db.from("player").where("score", 0).delete(in: db) == 3)
        #expect(try db.from("player").count(in: db) == 1)
    }

    @Test func expressionsAndAggregatesRun() throws {
        let db = try TestServer.freshDatabase()
        defer { db.close() }
        try db.execute("CREATE TABLE line (product TEXT, price DOUBLE PRECISION, quantity BIGINT)")
        try db.execute("INSERT INTO line VALUES ('pen', 1.5, 10), ('ink', 7.25, 2), ('pen', 1.5, 4)")
        let totals = try db.from("line")
            .select(.column("product"), .sum(.column("price") * .column("quantity")))
            .groupBy(.column("product"))
            .having(.sum(.column("quantity")) > 3)
            .get(in: db)
        #expect(totals.count == 1)
        #expect(try totals.first?.decode(String.self, at: 0) == "pen")
        #expect(try totals.first?.decode(Double.self, at: 1) == 21)
    }

    @Test func aHostileNameIsQuotedAndAValueIsBound() throws {
        let db = try TestServer.freshDatabase()
        defer { db.close() }
        let table = #"we"ird; DROP TABLE x; --"#
        try db.create(db.table(table).field(#"col"umn"#, .text))
        try db.from(table).set(#"col"umn"#, "Robert'); DROP TABLE students;--").insert(in: db)
        #expect(try db.from(table).get(in: db).first?.decode(String.self, at: 0) == "Robert'); DROP TABLE students;--")
    }
}
#endif
