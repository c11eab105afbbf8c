#if PostgreSQL
import BeeStore
import BeeStorePostgreSQL
import Foundation
import Testing

/// The query builder on both backends: conditions, order, limits, joins and writes,
/// rendered in each dialect and run, with the same results.
@Suite struct SharedBuilderTests {
    /// Five players in two teams (the fifth in none), made with the builder.
    static func league(_ backend: Backend) throws -> BackendDatabase {
        let db = try BackendDatabase.fresh(backend)
        try db.create(db.table("team").field("id", .integer).primaryKey().field("name", .text).notNull())
        try db.create(db.table("player")
            .field("id", .integer).primaryKey().field("name", .text, size: 40).notNull()
            .field("score", .integer).defaultZero().field("rating", .real)
            .field("team_id", .integer).references("team").index(on: "name"))
        for team in ["Red", "Blue"] { try db.insert(db.from("team").set("name", team)) }
        let players: [(String, Int, Double?, Int64?)] = [
            ("Arthur", 30, 1.5, 1), ("Barbara", 80, nil, 1), ("Chloé", 55, 3.25, 2), ("Dan", 10, 2, 2), ("Eve", 95, nil, nil),
        ]
        for (name, score, rating, team) in players {
            try db.insert(db.from("player").set("name", name).set("score", score).set("rating", rating).set("team_id", team))
        }
        return db
    }

    private static func names(_ rows: [Row]) throws -> [String] {
        try rows.map { try $0.decode(String.self, column: "name") }
    }

    @Test(arguments: Backend.allCases)
    func conditionsOrderLimitAndOffsetSelectTheSameRows(_ backend: Backend) throws {
        let db = try Self.league(backend)
        let strong = db.from("player").where("score", .greaterThan, 50).orderDesc("score")
        #expect(try Self.names(db.get(strong)) == ["Eve", "Barbara", "Chloé"])
        #expect(try Self.names(db.get(strong.limit(2).offset(1))) == ["Barbara", "Chloé"])
        #expect(try Self.names(db.get(db.from("player").orderAsc("name").offset(3))) == ["Dan", "Eve"])
        #expect(try db.count(strong) == 3)
        #expect(try db.count(strong.limit(1)) == 1)
        #expect(try db.exists(strong))
        #expect(try db.exists(db.from("player").where("name", "Nobody")) == false)
        #expect(try db.first(db.from("player").like("name", "b", .prefix))?.decode(String.self, column: "name") == "Barbara")
        #expect(try db.first(db.from("player").where("name", "Nobody")) == nil)

        let either = db.from("player").where("score", .lessThan, 20).orWhere("name", "Eve").orderAsc("id")
        #expect(try Self.names(db.get(either)) == ["Dan", "Eve"])
        #expect(try Self.names(db.get(db.from("player").whereIn("id", [1, 3, 99]).orderAsc("id"))) == ["Arthur", "Chloé"])
        #expect(try db.count(db.from("player").whereNotIn("id", [1, 3])) == 3)
        #expect(try Self.names(db.get(db.from("player").where("rating", nil).orderAsc("id"))) == ["Barbara", "Eve"])
        #expect(try db.count(db.from("player").where("team_id", .notEqual, nil)) == 4)
        let grouped = db.from("player").where("team_id", 2).where { $0.where("score", 10).orWhere("score", 55) }
        #expect(try db.count(grouped) == 2)
    }

    @Test(arguments: Backend.allCases)
    func insertsUpdatesAndDeletesReportWhatTheyChanged(_ backend: Backend) throws {
        let db = try Self.league(backend)
        #expect(try db.insert(db.from("player").set("name", "Fay")) == 6)
        #expect(try db.first(db.from("player").where("id", 6))?.decode(Int.self, column: "score") == 0)   // the default
        #expect(try db.update(db.from("player").whereIn("id", [1, 3]).set("score", 0)) == 2)
        #expect(try db.update(db.from("player").where("id", 99).set("score", 1)) == 0)
        #expect(try db.update(db.from("player").where("name", "Fay").setNull("team_id").set("rating", 9.5)) == 1)
        #expect(try db.delete(db.from("player").where("score", 0)) == 3)
        #expect(try db.delete(db.from("player").where("score", 0)) == 0)
        #expect(try Self.names(db.get(db.from("player").orderAsc("id"))) == ["Barbara", "Dan", "Eve"])
    }

    @Test(arguments: Backend.allCases)
    func joinsMatchAndLeftJoinsKeepTheUnmatched(_ backend: Backend) throws {
        let db = try Self.league(backend)
        let joined = db.from("player")
            .join("team", on: "player.team_id", equals: "team.id")
            .select(.column("player.name"), .column("team.name"))
            .orderAsc("player.id")
        let pairs = try db.get(joined).map { "\(try $0.decode(String.self, at: 0)) \(try $0.decode(String.self, at: 1))" }
        #expect(pairs == ["Arthur Red", "Barbara Red", "Chloé Blue", "Dan Blue"])

        let left = db.from("player")
            .leftJoin("team", on: "player.team_id", equals: "team.id")
            .select(.column("player.name"), .column("team.name"))
            .where(.column("team.name").isNull)
        #expect(try db.get(left).map { try $0.decode(String.self, at: 0) } == ["Eve"])

        let aliased = db.from("player").join("team", as: "t", on: .column("t.id") == .column("player.team_id"))
            .where("t.name", "Blue")
        #expect(try db.count(aliased) == 2)
    }
}
#endif
