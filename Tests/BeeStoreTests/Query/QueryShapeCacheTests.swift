import Foundation
import Testing

@testable import BeeStore

/// A record looked up through the query builder, whose SELECT text comes from the shape cache.
private struct LookupShelf: ActiveRecord, Equatable {
    var id: Int64?
    var label: String?
    var rank: Int
}

/// The SELECT text of a query rendered once per shape (SelectSQLCache): cached and
/// uncached rendering must agree byte for byte, whatever shapes came before.
@Suite("Query shape cache")
struct QueryShapeCacheTests {
    /// Queries that differ from one another in one part of their shape each, or only in
    /// their values; rendered in one order then another through one cache.
    private static var queries: [Query] {
        let t = Query(database: nil, table: "t")
        return [
            t, t.where("a", nil), t.where("a", 1), t.where("a", 2), t.where("a", "x"), t.where("b", 1),
            t.where("a", .notEqual, nil), t.where("a", .notEqual, 1), t.where("a", .lessThan, 1),
            t.where("a", .lessThanOrEqual, 1), t.where("a", .greaterThan, 1), t.where("a", .greaterThanOrEqual, 1),
            t.where("a", 1).where("b", 2), t.where("a", 1).orWhere("b", 2), t.where("a", 1).orWhere("b", nil),
            t.whereIn("a", []), t.whereIn("a", [1]), t.whereIn("a", [1, 2]), t.whereIn("a", [3, 4]),
            t.whereIn("a", [1, 2, 3]), t.whereNotIn("a", [1, 2]), t.orWhereIn("a", [1, 2]), t.whereIn("a", [nil, 1]),
            t.like("a", "x%"), t.like("a", "x%", .prefix), t.like("a", "x", .suffix), t.like("a", "x_", .pattern),
            t.notLike("a", "x"), t.orLike("a", "x"), t.orNotLike("a", "x"),
            t.where(sql: "a > ?", [1]), t.where(sql: "a > ?", [2]), t.where(sql: "a < ?", [1]),
            t.where(sql: "a > 1"), t.orWhere(sql: "a > ?", [1]), t.where(sql: "a > ? AND b < ?", [1, 2]),
            t.where { $0.where("a", 1).orWhere("b", 2) }, t.where { $0.where("a", 1).where("b", 2) },
            t.where("c", 3).orWhere { $0.where("a", nil).orWhere("b", 2) },
            t.where("a", inJSONArrayOf: [1, 2]), t.where("a", inJSONArrayOf: [1], negated: true),
            t.where(key: ["a", "b"], in: [.text("[1,2]")]),
            t.where(["a"], inSelect: SQLStatement(sql: "SELECT x FROM u WHERE y = ?", arguments: [1])),
            t.where(["a"], inSelect: SQLStatement(sql: "SELECT x FROM u WHERE z = ?", arguments: [1])),
            t.orderAsc("a"), t.orderDesc("a"), t.orderAsc("b"), t.orderRandom(), t.order(sql: "length(a) DESC"),
            t.orderAsc("a").orderDesc("b"),
            t.limit(1), t.limit(2), t.offset(3), t.limit(1).offset(2), t.where("a", 1).limit(5),
            t.select("a"), t.select("b"), t.select("a", "b"), t.select("t.a"), t.select("t.*"),
            t.select(sql: "count(*)"), t.selectMax("a"), t.selectMax("a", as: "m"), t.selectMin("a"),
            t.distinct(), t.distinct().select("a"),
            t.join("u", on: "t.id", equals: "u.tid"), t.leftJoin("u", on: "t.id", equals: "u.tid"),
            t.leftJoin("u", as: "v", on: "t.id", equals: "v.tid"), t.join("u", onSQL: "u.tid = t.id"),
            t.join("u", on: "t.id", equals: "u.tid").where("u.a", 1), t.join("u", on: "t.id", equals: "u.tid").where("t.a", 1),
            t.groupBy("a"), t.groupBy("a").having("count(*)", .greaterThan, 1),
            t.groupBy("a").having("count(*)", .lessThan, 1), t.groupBy("a").having("count(*)", .greaterThan, 1)
                .orHaving("sum(b)", .equal, 2),
            // Names that differ only in bytes a `String` comparison ignores, or in quoting.
            t.where("caf\u{E9}", 1), t.where("cafe\u{301}", 1), t.where("a\"b", 1), t.where("A", 1),
            Query(database: nil, table: "T"), Query(database: nil, table: "caf\u{E9}"),
            Query(database: nil, table: "cafe\u{301}"), Query(database: nil, table: "t.u").where("t.u.a", 1),
            t.select(sql: "caf\u{E9}"), t.select(sql: "cafe\u{301}"),
        ]
    }

    private static func bytes(_ statement: SQLStatement) -> [UInt8] {
        Array(statement.sql.utf8)
    }

    /// Every query, rendered through `cache` with each limit, against its uncached rendering.
    private static func expectAgreement(_ queries: [Query], through cache: SelectSQLCache) {
        for query in queries {
            for limit in [nil, 1] {
                let uncached = query.renderSelect(limit: limit, cache: nil)
                let cached = query.renderSelect(limit: limit, cache: cache)
                #expect(bytes(cached) == bytes(uncached), "\(uncached.sql)")
                #expect(cached.arguments == uncached.arguments, "\(uncached.sql)")
            }
        }
    }

    @Test func cachedAndUncachedRenderingAgreeInAnyOrder() {
        // Each query also rendered for PostgreSQL: numbered placeholders, and key lists
        // bound as an array's text rather than a JSON array.
        let queries = Self.queries + Self.queries.map { $0.rendered(for: .postgreSQL) }
        let cache = SelectSQLCache(capacity: 1_000)
        Self.expectAgreement(queries, through: cache)
        Self.expectAgreement(queries.reversed(), through: cache)
        Self.expectAgreement(queries, through: cache)
        // The shapes were kept and reused: most renderings after the first pass were hits.
        let statistics = cache.statistics
        #expect(statistics.hits >= queries.count * 4)
        #expect(cache.count < queries.count * 2)
    }

    @Test func queriesDifferingOnlyInValuesShareOneText() {
        let cache = SelectSQLCache(capacity: 8)
        let t = Query(database: nil, table: "t")
        let first = t.where("a", 1).whereIn("b", [2, 3]).like("c", "x").limit(4).offset(5).renderSelect(limit: 4, cache: cache)
        let second = t.where("a", 6).whereIn("b", [7, 8]).like("c", "y", .prefix).limit(9).offset(10)
            .renderSelect(limit: 9, cache: cache)
        #expect(cache.statistics == CacheStatistics(hits: 1, misses: 1, evictions: 0))
        #expect(first.sql == second.sql)
        #expect(second.arguments == [6, 7, 8, .text("y%"), 9, 10])
    }

    @Test func aQueryRenderedForPostgreSQLIsAShapeOfItsOwn() {
        let cache = SelectSQLCache(capacity: 8)
        let t = Query(database: nil, table: "t")
        let sqlite = t.where("a", 1).where("b", inJSONArrayOf: [2, 3]).renderSelect(limit: 1, cache: cache)
        let postgreSQL = t.where("a", 4).where("b", inJSONArrayOf: [5, 6]).rendered(for: .postgreSQL)
            .renderSelect(limit: 1, cache: cache)
        let postgreSQLAgain = t.where("a", 7).where("b", inJSONArrayOf: [8]).rendered(for: .postgreSQL)
            .renderSelect(limit: 2, cache: cache)
        #expect(sqlite.sql == #"SELECT * FROM "t" WHERE "a" = ? AND "b" IN (SELECT value FROM json_each(?)) LIMIT ?"#)
        #expect(postgreSQL.sql == #"SELECT * FROM "t" WHERE "a" = $1 AND "b" = ANY($2) LIMIT $3"#)
        #expect(postgreSQLAgain.sql == postgreSQL.sql)
        #expect(postgreSQLAgain.arguments == [7, .text("{8}"), 2])
        #expect(cache.statistics == CacheStatistics(hits: 1, misses: 2, evictions: 0))
    }

    @Test func aNilValueAfterAValueRendersIsNull() {
        let cache = SelectSQLCache(capacity: 8)
        let t = Query(database: nil, table: "t")
        let value = t.where("a", 1).renderSelect(limit: nil, cache: cache)
        let null = t.where("a", nil).renderSelect(limit: nil, cache: cache)
        let valueAgain = t.where("a", 2).renderSelect(limit: nil, cache: cache)
        #expect(value.sql == #"SELECT * FROM "t" WHERE "a" = ?"#)
        #expect(null.sql == #"SELECT * FROM "t" WHERE "a" IS NULL"#)
        #expect(null.arguments == [])
        #expect(valueAgain.sql == value.sql)
        #expect(valueAgain.arguments == [2])
    }

    @Test func inListsOfOtherLengthsRenderTheirOwnPlaceholders() {
        let cache = SelectSQLCache(capacity: 8)
        let t = Query(database: nil, table: "t")
        let two = t.whereIn("a", [1, 2]).renderSelect(limit: nil, cache: cache)
        let three = t.whereIn("a", [1, 2, 3]).renderSelect(limit: nil, cache: cache)
        #expect(two.sql == #"SELECT * FROM "t" WHERE "a" IN (?, ?)"#)
        #expect(three.sql == #"SELECT * FROM "t" WHERE "a" IN (?, ?, ?)"#)
    }

    @Test func operatorsRawSQLAndLimitsAreTheirOwnShapes() {
        let cache = SelectSQLCache(capacity: 8)
        let t = Query(database: nil, table: "t")
        #expect(t.where("a", .lessThan, 1).renderSelect(limit: nil, cache: cache).sql == #"SELECT * FROM "t" WHERE "a" < ?"#)
        #expect(t.where("a", .greaterThan, 1).renderSelect(limit: nil, cache: cache).sql == #"SELECT * FROM "t" WHERE "a" > ?"#)
        #expect(t.where(sql: "a > ?", [1]).renderSelect(limit: nil, cache: cache).sql == #"SELECT * FROM "t" WHERE (a > ?)"#)
        #expect(t.where(sql: "b > ?", [1]).renderSelect(limit: nil, cache: cache).sql == #"SELECT * FROM "t" WHERE (b > ?)"#)
        #expect(t.renderSelect(limit: 1, cache: cache).sql == #"SELECT * FROM "t" LIMIT ?"#)
        #expect(t.renderSelect(limit: nil, cache: cache).sql == #"SELECT * FROM "t""#)
        #expect(t.offset(2).renderSelect(limit: nil, cache: cache).sql == #"SELECT * FROM "t" LIMIT -1 OFFSET ?"#)
    }

    @Test func canonicallyEquivalentNamesAreDifferentShapes() {
        let cache = SelectSQLCache(capacity: 8)
        let t = Query(database: nil, table: "t")
        let composed = t.where("caf\u{E9}", 1).renderSelect(limit: nil, cache: cache)
        let decomposed = t.where("cafe\u{301}", 1).renderSelect(limit: nil, cache: cache)
        #expect(Array(composed.sql.utf8) != Array(decomposed.sql.utf8))
        #expect(Array(decomposed.sql.utf8) == Array(#"SELECT * FROM "t" WHERE "cafe\#u{301}" = ?"#.utf8))
    }

    @Test func ownColumnsOfAnotherRecordAreAnotherShape() {
        let cache = SelectSQLCache(capacity: 8)
        var first = Query(database: nil, table: "t").where("name", 1)
        first.ownColumns = ColumnReferences(["name": "first_name"])
        var second = first
        second.ownColumns = ColumnReferences(["name": "given_name"])
        var equal = first
        equal.ownColumns = ColumnReferences(["name": "first_name"])
        #expect(first.renderSelect(limit: nil, cache: cache).sql == #"SELECT * FROM "t" WHERE "first_name" = ?"#)
        #expect(second.renderSelect(limit: nil, cache: cache).sql == #"SELECT * FROM "t" WHERE "given_name" = ?"#)
        #expect(equal.renderSelect(limit: nil, cache: cache).sql == #"SELECT * FROM "t" WHERE "first_name" = ?"#)
        #expect(cache.statistics.hits == 1)
    }

    /// `SELECT * FROM "t" WHERE column = ?` with `value`, rendered through `cache`.
    private static func equal(_ column: String, _ value: Int, through cache: SelectSQLCache) -> SQLStatement {
        Query(database: nil, table: "t").where(column, value).renderSelect(limit: nil, cache: cache)
    }

    @Test func anUnusedShapeIsDroppedBeyondTheCapacity() {
        let cache = SelectSQLCache(capacity: 2)
        for (column, value) in [("a", 1), ("b", 1), ("a", 2), ("c", 1)] { _ = Self.equal(column, value, through: cache) }
        #expect(cache.count == 2)
        #expect(cache.statistics == CacheStatistics(hits: 1, misses: 3, evictions: 1))
        // "b" was dropped, and comes back in place of "a", whose use the last sweep spent.
        #expect(Self.equal("b", 3, through: cache).sql == #"SELECT * FROM "t" WHERE "b" = ?"#)
        #expect(Self.equal("c", 3, through: cache).arguments == [3])
        #expect(cache.statistics == CacheStatistics(hits: 2, misses: 4, evictions: 2))
    }

    @Test func theClockSparesEachUsedShapeOnceThenDropsTheFirstInTurn() {
        let cache = SelectSQLCache(capacity: 2)
        for (column, value) in [("a", 1), ("b", 1), ("b", 2), ("a", 2)] { _ = Self.equal(column, value, through: cache) }
        // Both were used: the sweep spares each once, then takes the first, "a", although
        // "b" was used less recently.
        _ = Self.equal("c", 1, through: cache)
        #expect(cache.statistics == CacheStatistics(hits: 2, misses: 3, evictions: 1))
        #expect(Self.equal("b", 3, through: cache).sql == #"SELECT * FROM "t" WHERE "b" = ?"#)
        #expect(cache.statistics.hits == 3)
        #expect(Self.equal("a", 3, through: cache).sql == #"SELECT * FROM "t" WHERE "a" = ?"#)
        #expect(cache.statistics == CacheStatistics(hits: 3, misses: 4, evictions: 2))
    }

    @Test func aShapeUsedAgainIsFoundAmongTheRecentOnesWithoutHashing() {
        let cache = SelectSQLCache(capacity: 64)
        let t = Query(database: nil, table: "t")
        _ = t.where("a", 1).renderSelect(limit: 1, cache: cache)
        #expect(t.where("a", 2).renderSelect(limit: 1, cache: cache).arguments == [2, 1])
        #expect(cache.recentHits == 1)
        // Four other shapes push it out of the recent ones: found by its hash then.
        for column in ["b", "c", "d", "e"] { _ = t.where(column, 1).renderSelect(limit: 1, cache: cache) }
        #expect(t.where("a", 3).renderSelect(limit: 1, cache: cache).arguments == [3, 1])
        #expect(cache.recentHits == 1)
        #expect(cache.statistics == CacheStatistics(hits: 2, misses: 5, evictions: 0))
        #expect(t.where("a", 4).renderSelect(limit: 1, cache: cache).arguments == [4, 1])
        #expect(cache.recentHits == 2)
    }

    @Test func aRecentEntryTakenByAnotherShapeIsNotTrusted() {
        let cache = SelectSQLCache(capacity: 1)
        _ = Self.equal("a", 1, through: cache)
        // "b" takes the only entry, which the recent list still points at.
        _ = Self.equal("b", 1, through: cache)
        #expect(Self.equal("a", 2, through: cache).sql == #"SELECT * FROM "t" WHERE "a" = ?"#)
        #expect(cache.statistics == CacheStatistics(hits: 0, misses: 3, evictions: 2))
    }

    /// Pairs of queries whose shapes differ only by `IS NULL` against `= ?`, or by the
    /// length of an `IN` list: alternated, each must keep its own text.
    private static var nearShapes: [Query] {
        let t = Query(database: nil, table: "t")
        return [
            t.where("a", nil), t.where("a", 1), t.where("a", nil).limit(1), t.where("a", 2).limit(1),
            t.whereIn("a", [1, 2]), t.whereIn("a", [1, 2, 3]), t.whereNotIn("a", [nil]), t.whereNotIn("a", [1, 2, 3, 4]),
            t.where("b", 1).orWhere("a", nil), t.where("b", 1).orWhere("a", 2),
        ]
    }

    @Test func shapesAlternatedOnOneThreadKeepTheirOwnText() {
        let queries = Self.nearShapes
        let expected = queries.map { $0.renderSelect(limit: $0.limitCount, cache: nil) }
        let cache = SelectSQLCache(capacity: 64)
        for _ in 0..<20 {
            for pair in stride(from: 0, to: queries.count, by: 2) {
                for index in [pair, pair + 1, pair, pair + 1] {
                    let statement = queries[index].renderSelect(limit: queries[index].limitCount, cache: cache)
                    #expect(Self.bytes(statement) == Self.bytes(expected[index]), "\(expected[index].sql)")
                    #expect(statement.arguments == expected[index].arguments, "\(expected[index].sql)")
                }
            }
        }
        #expect(cache.count == queries.count)
        #expect(cache.recentHits > 0)
    }

    @Test func shapesAlternatedOnManyThreadsKeepTheirOwnText() {
        let queries = Self.nearShapes
        let expected = queries.map { $0.renderSelect(limit: $0.limitCount, cache: nil) }
        // Fewer entries than shapes, so that recent entries are taken by other shapes too.
        for capacity in [3, 64] {
            let cache = SelectSQLCache(capacity: capacity)
            let mismatches = Protected(0)
            DispatchQueue.concurrentPerform(iterations: 6) { thread in
                for round in 0..<200 {
                    let pair = ((round + thread) % (queries.count / 2)) * 2
                    for index in [pair, pair + 1, pair + 1, pair] {
                        let statement = queries[index].renderSelect(limit: queries[index].limitCount, cache: cache)
                        if Self.bytes(statement) != Self.bytes(expected[index]) || statement.arguments != expected[index].arguments {
                            mismatches.withLock { $0 += 1 }
                        }
                    }
                }
            }
            #expect(mismatches.value == 0)
            #expect(cache.count <= capacity)
            #expect(cache.recentHits > 0)
        }
    }

    @Test func shapesSharingAHashAreKeptSideBySide() {
        // Texts count in the hash by their length and first 32 bytes: these three share one.
        let prefix = String(repeating: "x", count: 40)
        let t = Query(database: nil, table: "t")
        let queries = ["a", "b", "c"].map { t.where(sql: "\(prefix) = ?\($0)", [1]) }
        #expect(Set(queries.map { SelectShape.hashValue(of: $0, limit: nil) }).count == 1)
        let cache = SelectSQLCache(capacity: 2)
        for query in queries + queries.reversed() + queries {
            #expect(query.renderSelect(limit: nil, cache: cache).sql == query.renderSelect(limit: nil, cache: nil).sql)
        }
        #expect(cache.count == 2)
        #expect(cache.statistics.evictions > 0)
        // Out of the recent shapes, each is found among the entries of the hash.
        let roomy = SelectSQLCache(capacity: 16)
        for query in queries { _ = query.renderSelect(limit: nil, cache: roomy) }
        for column in ["d", "e", "f", "g"] { _ = t.where(column, 1).renderSelect(limit: nil, cache: roomy) }
        for query in queries {
            #expect(query.renderSelect(limit: nil, cache: roomy).sql == query.renderSelect(limit: nil, cache: nil).sql)
        }
        #expect(roomy.statistics == CacheStatistics(hits: 3, misses: 7, evictions: 0))
        #expect(roomy.recentHits == 0)
    }

    @Test func aStoredShapeKeepsNoValues() {
        let query = Query(database: nil, table: "t").where("a", "secret").whereIn("b", ["x", "y"])
        let shape = SelectShape(query, limit: nil)
        #expect(shape.matches(query, limit: nil))
        #expect(!shape.matches(query, limit: 1))
        #expect(!String(describing: shape).contains("secret"))
    }

    @Test func manyThreadsRenderingThroughOneSmallCacheGetTheirOwnSQL() {
        let queries = Self.queries
        let expected = queries.map { $0.renderSelect(limit: nil, cache: nil) }
        // Fewer entries than shapes: the threads store, use and drop shapes all along.
        let cache = SelectSQLCache(capacity: 16)
        let mismatches = Protected(0)
        DispatchQueue.concurrentPerform(iterations: 8) { thread in
            for round in 0..<20 {
                for offset in queries.indices {
                    let index = (offset * (thread + 1) + round) % queries.count
                    let statement = queries[index].renderSelect(limit: nil, cache: cache)
                    if Array(statement.sql.utf8) != Array(expected[index].sql.utf8) || statement.arguments != expected[index].arguments {
                        mismatches.withLock { $0 += 1 }
                    }
                }
            }
        }
        #expect(mismatches.value == 0)
        #expect(cache.count <= 16)
        #expect(cache.statistics.hits > 0)
    }

    @Test func recordLookupsThroughTheBuilderFindEachRecord() throws {
        let db = try Database.inMemory()
        var shelves = [LookupShelf(label: "a", rank: 1), LookupShelf(label: nil, rank: 2), LookupShelf(label: "c", rank: 3)]
        try shelves.save(in: db)
        for shelf in shelves {
            #expect(try LookupShelf.query(in: db).where("id", shelf.id).first() == shelf)
            #expect(try LookupShelf.query(in: db).where("label", shelf.label).first() == shelf)
        }
        #expect(try LookupShelf.query(in: db).where("rank", .greaterThan, 1).orderDesc("rank").first() == shelves[2])
        #expect(try LookupShelf.query(in: db).where("rank", .greaterThan, 1).orderAsc("rank").limit(0).first() == nil)
        #expect(try LookupShelf.query(in: db).where("id", 99).first() == nil)
        // One statement prepared for all the lookups by id.
        let before = db.statistics.preparedStatements
        for shelf in shelves.reversed() { _ = try LookupShelf.query(in: db).where("id", shelf.id).first() }
        #expect(db.statistics.preparedStatements == before)
    }

    @Test func plainLookupsThroughTheBuilderReadEachRow() throws {
        let db = try Database.inMemory()
        try db.execute(script: "CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT); INSERT INTO t VALUES (1, 'one'), (2, NULL);")
        #expect(try db.from("t").where("id", 1).first()?["v"] == "one")
        #expect(try db.from("t").where("v", nil).first()?["id"] == 2)
        #expect(try db.from("t").where("v", "one").first()?["id"] == 1)
        #expect(try db.from("t").where("id", 3).first() == nil)
    }
}
