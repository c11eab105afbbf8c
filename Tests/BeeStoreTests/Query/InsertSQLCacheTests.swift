import Testing

@testable import BeeStore

/// The INSERT text of plain inserts rendered once per shape (InsertSQLCache): cached and
/// uncached rendering must agree byte for byte, and each insert binds its own values.
@Suite("Insert text cache")
struct InsertSQLCacheTests {
    /// Inserts that differ from one another in one part of their shape each, or only in values.
    private static var inserts: [(query: Query, orReplace: Bool)] {
        let t = Query(database: nil, table: "t")
        let queries = [
            t.set("a", 1), t.set("a", 2), t.set("a", nil), t.set("b", 1), t.set("a", 1).set("b", 2),
            t.set("b", 2).set("a", 1), t.set("a", 1).set("b", 2).set("a", 3), t.set("a", "x").set("b", 2.5),
            Query(database: nil, table: "u").set("a", 1), Query(database: nil, table: "T").set("a", 1),
            t.set("caf\u{E9}", 1), t.set("cafe\u{301}", 1), t.set("a\"b", 1), t.set("t.a", 1),
            Query(database: nil, table: "caf\u{E9}").set("a", 1), Query(database: nil, table: "cafe\u{301}").set("a", 1),
        ]
        let forBoth = queries + queries.map { $0.rendered(for: .postgreSQL) }
        return forBoth.map { ($0, false) } + queries.map { ($0, true) }
    }

    private static func expectAgreement(_ inserts: [(query: Query, orReplace: Bool)], through cache: InsertSQLCache) throws {
        for (query, orReplace) in inserts {
            let uncached = try query.insertStatement(orReplace: orReplace, returning: [], cache: nil)
            let cached = try query.insertStatement(orReplace: orReplace, returning: [], cache: cache)
            #expect(Array(cached.sql.utf8) == Array(uncached.sql.utf8), "\(uncached.sql)")
            #expect(cached.arguments == uncached.arguments, "\(uncached.sql)")
        }
    }

    @Test func cachedAndUncachedRenderingAgreeInAnyOrder() throws {
        let inserts = Self.inserts
        let cache = InsertSQLCache(capacity: 64)
        try Self.expectAgreement(inserts, through: cache)
        try Self.expectAgreement(inserts.reversed(), through: cache)
        #expect(cache.statistics.hits >= inserts.count)
    }

    @Test func insertsDifferingOnlyInValuesShareOneTextAndBindTheirOwn() throws {
        let cache = InsertSQLCache(capacity: 4)
        let t = Query(database: nil, table: "t")
        let first = try t.set("a", 1).set("b", "x").insertStatement(orReplace: false, returning: [], cache: cache)
        let second = try t.set("a", 2).set("b", nil).insertStatement(orReplace: false, returning: [], cache: cache)
        #expect(second.sql == first.sql)
        #expect(second.sql == #"INSERT INTO "t" ("a", "b") VALUES (?, ?)"#)
        #expect(second.arguments == [2, .null])
        #expect(cache.statistics == CacheStatistics(hits: 1, misses: 1, evictions: 0))
    }

    @Test func theDialectTheReplaceAndTheColumnBytesAreShapesOfTheirOwn() throws {
        let cache = InsertSQLCache(capacity: 8)
        let t = Query(database: nil, table: "t")
        let sqlite = try t.set("a", 1).insertStatement(orReplace: false, returning: [], cache: cache)
        let postgreSQL = try t.set("a", 1).rendered(for: .postgreSQL).insertStatement(orReplace: false, returning: [], cache: cache)
        let replacing = try t.set("a", 1).insertStatement(orReplace: true, returning: [], cache: cache)
        let decomposed = try t.set("cafe\u{301}", 1).insertStatement(orReplace: false, returning: [], cache: cache)
        let composed = try t.set("caf\u{E9}", 1).insertStatement(orReplace: false, returning: [], cache: cache)
        #expect(sqlite.sql == #"INSERT INTO "t" ("a") VALUES (?)"#)
        #expect(postgreSQL.sql == #"INSERT INTO "t" ("a") VALUES ($1)"#)
        #expect(replacing.sql == #"INSERT OR REPLACE INTO "t" ("a") VALUES (?)"#)
        #expect(Array(decomposed.sql.utf8) == Array(#"INSERT INTO "t" ("cafe\#u{301}") VALUES (?)"#.utf8))
        #expect(Array(composed.sql.utf8) == Array(#"INSERT INTO "t" ("caf\#u{E9}") VALUES (?)"#.utf8))
        #expect(cache.statistics.hits == 0)
    }

    @Test func theOldestShapeGoesPastTheCapacityAndAHitKeepsItsShape() throws {
        let cache = InsertSQLCache(capacity: 2)
        let t = Query(database: nil, table: "t")
        _ = try t.set("a", 1).insertStatement(orReplace: false, returning: [], cache: cache)
        _ = try t.set("b", 1).insertStatement(orReplace: false, returning: [], cache: cache)
        _ = try t.set("a", 2).insertStatement(orReplace: false, returning: [], cache: cache)  // a hit: "a" is the newest
        _ = try t.set("c", 1).insertStatement(orReplace: false, returning: [], cache: cache)  // "b" goes
        _ = try t.set("a", 3).insertStatement(orReplace: false, returning: [], cache: cache)
        #expect(cache.statistics == CacheStatistics(hits: 2, misses: 3, evictions: 1))
        let again = try t.set("b", 4).insertStatement(orReplace: false, returning: [], cache: cache)
        #expect(again.sql == #"INSERT INTO "t" ("b") VALUES (?)"#)
        #expect(again.arguments == [4])
        #expect(cache.statistics.misses == 4)
    }

    @Test func upsertsExpressionsAndReturningAreRenderedEachTimeAndNeverStored() throws {
        let cache = InsertSQLCache(capacity: 8)
        let t = Query(database: nil, table: "t")
        let upsert = try t.set("a", 1).onConflict("a").doNothing().insertStatement(orReplace: false, returning: [], cache: cache)
        let expression = try t.set("a", 1).set("b", .column("a") + 1).insertStatement(orReplace: false, returning: [], cache: cache)
        let returning = try t.set("a", 1).insertStatement(orReplace: false, returning: [.column("a")], cache: cache)
        #expect(upsert.sql == #"INSERT INTO "t" ("a") VALUES (?) ON CONFLICT ("a") DO NOTHING"#)
        #expect(expression.sql == #"INSERT INTO "t" ("a", "b") VALUES (?, ("a" + ?))"#)
        #expect(returning.sql == #"INSERT INTO "t" ("a") VALUES (?) RETURNING "a""#)
        #expect(cache.statistics == CacheStatistics())
        #expect(try t.set("a", 2).insertStatement(orReplace: false, returning: [], cache: cache).arguments == [2])
    }
}
