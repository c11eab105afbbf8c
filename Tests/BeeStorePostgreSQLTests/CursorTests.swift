#if PostgreSQL
import BeeStore
import BeeStorePostgreSQL
import Foundation
import Testing

/// Cursors on PostgreSQL: `forEach(in:)` hands a query's records or rows one at a time,
/// read from a server cursor 500 rows at a time, in one snapshot.
@Suite struct CursorTests {
    struct Hive: ActiveRecord, Equatable {
        var id: Int64?
        var name: String
        var bees: [Bee]?    // has-many through `bee.hive_id`
    }

    struct Bee: ActiveRecord, Equatable {
        var id: Int64?
        var number: Int
    }

    static let hiveCount = 1_201

    /// A new database of `hiveCount` hives, hive n holding bees n and n + 10,000; its
    /// statements reach `trace`.
    private func apiary(trace: OutcomeList<TracedStatement>) throws -> PostgreSQLDatabase {
        let db = try TestServer.freshDatabase { $0.trace = { trace.append($0) } }
        var first = Hive(name: "hive 1", bees: [Bee(number: 1), Bee(number: 10_001)])
        try first.save(in: db)
        try db.execute("INSERT INTO hive (name) SELECT 'hive ' || n FROM generate_series(2, $1) AS n", [Self.hiveCount])
        try db.execute(
            """
            INSERT INTO bee (number, hive_id) SELECT n + k, h.id FROM generate_series(2, $1) AS n
            JOIN hive h ON h.name = 'hive ' || n CROSS JOIN (VALUES (0), (10000)) AS offsets(k)
            """, [Self.hiveCount])
        return db
    }

    /// How many statements of `trace` fetched from a cursor.
    private func fetches(in trace: OutcomeList<TracedStatement>) -> Int {
        trace.values.filter { $0.sql.hasPrefix("FETCH") }.count
    }

    @Test func recordsComeOneAtATimeInOrderWithTheirRelationsFromBatchesOf500() throws {
        let trace = OutcomeList<TracedStatement>()
        let db = try apiary(trace: trace)
        defer { db.close() }
        let fetchesBefore = fetches(in: trace)
        var names: [String] = []
        var wellFormed = true
        try Hive.query().including("bees").orderAsc("id").forEach(in: db) { hive in
            names.append(hive.name)
            let number = names.count
            wellFormed = wellFormed && hive.bees?.map(\.number).sorted() == [number, number + 10_000]
        }
        #expect(names == (1...Self.hiveCount).map { "hive \($0)" })
        #expect(wellFormed, "every hive has its two bees, whichever batch it came in")
        // 1,201 rows: batches of 500, 500 and 201, then an empty one.
        #expect(fetches(in: trace) - fetchesBefore == 4)
    }

    @Test func rowsComeWithTheQuerysConditionsAndValues() throws {
        let trace = OutcomeList<TracedStatement>()
        let db = try apiary(trace: trace)
        defer { db.close() }
        var numbers: [Int] = []
        try db.from("bee").where("number", .greaterThan, 10_600).orderDesc("number").forEach(in: db) { row in
            numbers.append(try row.decode(Int.self, column: "number"))
        }
        #expect(numbers == Array((10_601...(10_000 + Self.hiveCount)).reversed()))
        var none = 0
        try db.from("bee").where("number", 0).forEach(in: db) { _ in none += 1 }
        #expect(none == 0)
    }

    @Test func theBodyMayReadTheDatabaseAndAThrowStopsTheIteration() throws {
        struct Enough: Error {}
        let trace = OutcomeList<TracedStatement>()
        let db = try apiary(trace: trace)
        defer { db.close() }
        var seen = 0
        #expect(throws: Enough.self) {
            try Hive.query().orderAsc("id").forEach(in: db) { hive in
                seen += 1
                #expect(try Bee.query().where("hive_id", hive.id).count(in: db) == 2)
                if seen == 3 { throw Enough() }
            }
        }
        #expect(seen == 3)
        // The snapshot and its cursor are gone: the database goes on as before.
        var count = 0
        try Hive.query().where("name", "hive 7").forEach(in: db) { _ in count += 1 }
        #expect(count == 1)
    }

    @Test func aQueryThatCannotRunIsTheServersErrorAndDeliversNothing() throws {
        let trace = OutcomeList<TracedStatement>()
        let db = try apiary(trace: trace)
        defer { db.close() }
        var delivered = 0
        #expect(throws: PostgreSQLError.self) {
            try Hive.query().where("colour", "gold").forEach(in: db) { _ in delivered += 1 }
        }
        #expect(throws: PostgreSQLError.self) {
            try db.from("no_such_table").forEach(in: db) { _ in delivered += 1 }
        }
        #expect(throws: RecordError.unknownRelation(record: "Hive", relation: "wings")) {
            try Hive.query().including("wings").forEach(in: db) { _ in delivered += 1 }
        }
        #expect(delivered == 0)
        #expect(try Hive.count(in: db) == Self.hiveCount)
    }
}
#endif
