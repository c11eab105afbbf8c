import Foundation
import Testing

@testable import BeeStore

struct ThingV1: ActiveRecord {
    var id: Int64?
    var name: String
    static var tableName: String { "thing" }
}

struct ThingV2: ActiveRecord {
    var id: Int64?
    var name: String
    var nickname: String?
    var visits: Int?
    static var tableName: String { "thing" }
}

struct ThingWithRequiredScore: ActiveRecord {
    var id: Int64?
    var name: String
    var score: Int
    static var tableName: String { "thing" }
}

struct ThingWithNumericName: ActiveRecord {
    var id: Int64?
    var name: Int
    static var tableName: String { "thing" }
}

@Suite("Records: automatic schema")
struct RecordSchemaEvolutionTests {
    let db: Database

    init() throws {
        db = try Database.inMemory()
    }

    private func columns() throws -> [String] {
        try db.fetchAll("SELECT name FROM pragma_table_info('thing') ORDER BY cid").map { try $0.decode(at: 0) }
    }

    @Test func firstUseCreatesTheTable() throws {
        #expect(try columns() == [])
        var thing = ThingV1(name: "one")
        try thing.save(in: db)
        #expect(try columns() == ["id", "name"])
    }

    @Test func gainedOptionalPropertiesBecomeNewColumnsKeepingOldRows() throws {
        var old = ThingV1(name: "old")
        try old.save(in: db)
        var new = ThingV2(name: "new", nickname: "n", visits: 3)
        try new.save(in: db)
        #expect(try columns() == ["id", "name", "nickname", "visits"])
        let things = try ThingV2.all(in: db)
        #expect(things.map(\.name) == ["old", "new"])
        #expect(things[0].nickname == nil && things[0].visits == nil)
        #expect(things[1].visits == 3)
        #expect(try ThingV1.all(in: db).map(\.name) == ["old", "new"], "the old type still reads the table")
    }

    @Test func requiredColumnOnATableWithRowsIsRefusedAndNothingChanges() throws {
        var old = ThingV1(name: "old")
        try old.save(in: db)
        #expect(throws: RecordError.requiredColumnOnNonEmptyTable(table: "thing", column: "score")) {
            try ThingWithRequiredScore.count(in: db)
        }
        #expect(try columns() == ["id", "name"])
        #expect(try ThingV1.count(in: db) == 1)
    }

    @Test func requiredColumnOnAnEmptyTableIsAddedWithADefault() throws {
        _ = try ThingV1.count(in: db)
        var thing = ThingWithRequiredScore(name: "x", score: 5)
        try thing.save(in: db)
        #expect(try columns() == ["id", "name", "score"])
        #expect(try ThingWithRequiredScore.first(in: db)?.score == 5)
    }

    @Test func changedColumnTypeIsRefusedAndNothingChanges() throws {
        var old = ThingV1(name: "old")
        try old.save(in: db)
        let error = try #require(throws: RecordError.self) { try ThingWithNumericName.count(in: db) }
        #expect(error == .columnTypeChanged(table: "thing", column: "name", existing: "TEXT", expected: "INTEGER"))
        #expect(error.description.contains("migrate it explicitly"))
        #expect(try columns() == ["id", "name"])
    }

    @Test func firstUseInsideAReadWorksWhenTheTableIsUpToDate() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("read.sqlite")
        var thing = ThingV1(name: "one")
        try thing.save(in: try Database(path: path))
        let reopened = try Database(path: path)
        let names = try reopened.read { _ in try ThingV1.all(in: reopened).map(\.name) }
        #expect(names == ["one"])
        let fresh = try Database.inMemory()
        let error = try #require(throws: RecordError.self) { try fresh.read { _ in try ThingV1.all(in: fresh) } }
        #expect(error == .schemaChangeInRead(record: "ThingV1", differences: [#"table "thing" is missing"#]))
    }

    private struct Abort: Error {}

    @Test func firstUseInATransactionThatRollsBackLeavesTheTypeUsable() throws {
        #expect(throws: Abort.self) {
            try db.transaction { _ in
                var thing = ThingV1(name: "gone")
                try thing.save(in: db)
                throw Abort()
            }
        }
        #expect(try columns() == [], "the table went with the transaction")
        var thing = ThingV1(name: "kept")
        try thing.save(in: db)
        #expect(try ThingV1.all(in: db).map(\.name) == ["kept"])
    }

    @Test func firstUseInASavepointThatRollsBackLeavesTheTypeUsable() throws {
        try db.transaction { _ in
            #expect(throws: Abort.self) {
                try db.transaction { _ in
                    var thing = ThingV1(name: "gone")
                    try thing.save(in: db)
                    throw Abort()
                }
            }
            #expect(try ThingV1.count(in: db) == 0, "the outer transaction creates the table again")
            var thing = ThingV1(name: "kept")
            try thing.save(in: db)
        }
        #expect(try ThingV1.all(in: db).map(\.name) == ["kept"])
        let before = db.statistics.executedStatements
        _ = try ThingV1.count(in: db)
        #expect(db.statistics.executedStatements - before == 1, "a committed first use is not checked again")
    }

    @Test func recordsReadTablesTheyDidNotCreate() throws {
        try db.execute("CREATE TABLE thing (id INTEGER PRIMARY KEY, name VARCHAR(30) NOT NULL, extra BLOB)")
        try db.execute("INSERT INTO thing (name, extra) VALUES ('legacy', x'00')")
        #expect(try ThingV1.all(in: db).map(\.name) == ["legacy"])
        #expect(try columns() == ["id", "name", "extra"], "columns the record does not know are kept")
    }
}
