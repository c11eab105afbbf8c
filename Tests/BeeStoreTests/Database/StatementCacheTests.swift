import Testing

@testable import BeeStore

@Suite("Statement cache")
struct StatementCacheTests {
    @Test func repeatingOneQueryPreparesItOnce() throws {
        let db = try Database.inMemory()
        let before = db.statistics.preparedStatements
        for value in 0..<5 {
            #expect(try db.fetchValue(Int.self, "SELECT ? + 1", [value]) == value + 1)
        }
        #expect(db.statistics.preparedStatements - before == 1)
    }

    @Test func theMostRecentStatementCanBeEvicted() throws {
        var configuration = Configuration()
        configuration.statementCacheCapacity = 1
        let db = try Database.inMemory(configuration: configuration)
        try db.write { connection in
            let first = try connection.cachedStatement("SELECT 1")
            #expect(try connection.cachedStatement("SELECT 1") === first)
            let second = try connection.cachedStatement("SELECT 2")
            #expect(second !== first)
            let again = try connection.cachedStatement("SELECT 1")
            #expect(again !== first, "SELECT 1 was evicted by SELECT 2")
            #expect(try connection.cachedStatement("SELECT 2") !== second, "and SELECT 2 by SELECT 1")
            #expect(try again.fetchOne()?[0] == .integer(1))
        }
    }

    @Test func removedOrClearedStatementsAreNotFound() throws {
        let db = try Database.inMemory()
        try db.write { connection in
            let statement = try connection.makeStatement("SELECT 1")
            let cache = StatementCache(capacity: 4)
            cache["SELECT 1"] = statement
            #expect(cache["SELECT 1"] === statement)
            cache["SELECT 1"] = nil
            #expect(cache["SELECT 1"] == nil)
            cache["SELECT 1"] = statement
            cache["SELECT 2"] = try connection.makeStatement("SELECT 2")
            #expect(cache["SELECT 1"] === statement)
            cache.removeAll()
            #expect(cache["SELECT 1"] == nil)
            #expect(cache["SELECT 2"] == nil)
        }
    }

    @Test func evictionKeepsTheLeastRecentlyUsedOrder() throws {
        let db = try Database.inMemory()
        try db.write { connection in
            let cache = StatementCache(capacity: 2)
            let one = try connection.makeStatement("SELECT 1")
            cache["SELECT 1"] = one
            cache["SELECT 2"] = try connection.makeStatement("SELECT 2")
            #expect(cache["SELECT 1"] === one)
            #expect(cache["SELECT 1"] === one, "asked twice in a row")
            cache["SELECT 3"] = try connection.makeStatement("SELECT 3")
            #expect(cache["SELECT 2"] == nil, "the least recently used is evicted")
            #expect(cache["SELECT 1"] === one)
            #expect(cache["SELECT 3"] != nil)
        }
    }
}
