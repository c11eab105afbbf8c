#if PostgreSQL
import BeeStore
import BeeStorePostgreSQL
import Foundation
import Testing

/// Expressions, aggregates, subqueries, common tables and compound selects on both
/// backends, on the league of ``SharedBuilderTests``.
@Suite struct SharedExpressionTests {
    private static let score = SQLExpression.column("score")

    @Test(arguments: Backend.allCases)
    func aggregatesComputeTheSameValues(_ backend: Backend) throws {
        let db = try SharedBuilderTests.league(backend)
        let totals = db.from("player").select(
            .countAll, .sum(Self.score), .average(Self.score), .minimum(Self.score), .maximum(Self.score),
            .count(.column("rating")), .count(.column("team_id"), distinct: true))
        let row = try #require(try db.first(totals))
        #expect(try row.decode(Int.self, at: 0) == 5)
        #expect(try row.decode(Int.self, at: 1) == 270)
        #expect(try row.decode(Double.self, at: 2) == 54)
        #expect(try row.decode(Int.self, at: 3) == 10)
        #expect(try row.decode(Int.self, at: 4) == 95)
        #expect(try row.decode(Int.self, at: 5) == 3)     // NULL ratings are not counted
        #expect(try row.decode(Int.self, at: 6) == 2)

        let best = try #require(try db.first(db.from("player").selectMax("score", as: "best").selectMin("rating", as: "low")))
        #expect(try best.decode(Int.self, column: "best") == 95)
        #expect(try best.decode(Double.self, column: "low") == 1.5)
        // An aggregate of no row is NULL, not zero.
        #expect(try db.first(db.from("player").where("score", .greaterThan, 1000).select(.sum(Self.score)))?[0].isNull == true)
    }

    @Test(arguments: Backend.allCases)
    func groupsAndHavingFilterTheGroups(_ backend: Backend) throws {
        let db = try SharedBuilderTests.league(backend)
        let perTeam = db.from("player")
            .select(.column("team_id"), .sum(Self.score), .count(.all))
            .where(.column("team_id").isNotNull)
            .groupBy(.column("team_id"))
            .having(.sum(Self.score) > 70)
            .orderAsc("team_id")
        let rows = try db.get(perTeam)
        #expect(try rows.map { [try $0.decode(Int.self, at: 0), try $0.decode(Int.self, at: 1), try $0.decode(Int.self, at: 2)] }
            == [[1, 110, 2]])
        // Grouped rows select what they group by: PostgreSQL refuses `SELECT *` grouped by one
        // column, which SQLite allows; the portable query runs on both.
        let teams = db.from("player").select("team_id").groupBy("team_id").having("count(*)", .equal, 2)
        #expect(try db.count(teams) == 2)
    }

    @Test(arguments: Backend.allCases)
    func expressionsComputeAndFilterAlike(_ backend: Backend) throws {
        let db = try SharedBuilderTests.league(backend)
        let grade = SQLExpression.case([(when: Self.score >= 80, then: .value("high")), (when: Self.score >= 30, then: .value("mid"))],
            else: .value("low"))
        let query = db.from("player")
            .select(.upper(.column("name")), grade, .coalesce(.column("rating"), .value(0.0)), Self.score * 2 + 1,
                .length(.column("name")))
            .where(Self.score.between(.value(30), and: .value(90)))
            .orderAsc("id")
        let rows = try db.get(query)
        // ASCII letters only: SQLite's upper() folds no other letter, and PostgreSQL's follows
        // the database's locale (`C` folds none either), so "Chloé" is not compared.
        #expect(try rows.prefix(2).map { try $0.decode(String.self, at: 0) } == ["ARTHUR", "BARBARA"])
        #expect(try rows.map { try $0.decode(String.self, at: 1) } == ["mid", "high", "mid"])
        #expect(try rows.map { try $0.decode(Double.self, at: 2) } == [1.5, 0, 3.25])
        #expect(try rows.map { try $0.decode(Int.self, at: 3) } == [61, 161, 111])
        #expect(try rows.map { try $0.decode(Int.self, at: 4) } == [6, 7, 5])   // characters, not bytes

        #expect(try db.count(db.from("player").where(.lower(.column("name")).like(containing: "a"))) == 3)
        #expect(try db.count(db.from("player").where(sql: "score > ? AND name <> ?", [50, "Eve"])) == 2)
        #expect(try db.count(db.from("player").where(.column("name").in(["Dan", "Eve", "Zed"]))) == 2)
        #expect(try db.count(db.from("player").where(.cast(Self.score, as: .text) == .value("55"))) == 1)
    }

    @Test(arguments: Backend.allCases)
    func subqueriesCommonTablesAndUnionsRun(_ backend: Backend) throws {
        let db = try SharedBuilderTests.league(backend)
        let blue = db.from("team").select("id").where("name", "Blue")
        let bluePlayers = db.from("player").where(.column("team_id").in(blue)).orderAsc("name")
        #expect(try db.get(bluePlayers).map { try $0.decode(String.self, column: "name") } == ["Chloé", "Dan"])

        let average = db.from("player").select(.average(Self.score))
        let aboveAverage = db.from("player").where(Self.score > .subquery(average)).orderAsc("id")
        #expect(try db.get(aboveAverage).map { try $0.decode(String.self, column: "name") } == ["Barbara", "Chloé", "Eve"])

        let withPlayers = db.from("team").where(.exists(
            db.from("player").where(.column("player.team_id") == .column("team.id")).where("score", .greaterThan, 75)))
        #expect(try db.get(withPlayers).map { try $0.decode(String.self, column: "name") } == ["Red"])

        let strong = db.from("player").where(Self.score > 50)
        #expect(try db.count(db.from("strong").with("strong", as: strong)) == 3)

        let names = db.from("team").select("name").union(db.from("player").select("name").where("score", .lessThan, 40))
            .orderAsc("name")
        #expect(try db.get(names).map { try $0.decode(String.self, at: 0) } == ["Arthur", "Blue", "Dan", "Red"])
    }
}
#endif
