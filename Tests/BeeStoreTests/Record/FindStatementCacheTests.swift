import Dispatch
import Testing

@testable import BeeStore

/// A record looked up by key through the connections' kept `find` statements.
private struct Gauge: ActiveRecord, Equatable {
    var id: Int64?
    var name: String
    var level: Int
}

/// An in-memory database holding one gauge, the gauge, and its key.
private func savedGauge() throws -> (Database, Gauge, Int64) {
    let db = try Database.inMemory()
    var gauge = Gauge(name: "boiler", level: 3)
    try gauge.save(in: db)
    return (db, gauge, try #require(gauge.id))
}

/// The number of record types whose lookup by key `connection` keeps.
private func keptLookups(on connection: Connection) -> Int {
    FindStatementCache.of(connection).count
}

@Suite("Records: lookups by key kept per connection")
struct FindStatementCacheTests {
    @Test func aLookupIsKeptOnItsConnectionAndPreparedOnce() throws {
        let (db, gauge, id) = try savedGauge()
        #expect(try Gauge.find(id, in: db) == gauge)
        #expect(try db.read(keptLookups) == 1)
        let prepared = db.statistics.preparedStatements
        for _ in 0..<3 {
            #expect(try Gauge.find(id, in: db) == gauge)
        }
        #expect(try Gauge.find(id + 1, in: db) == nil, "a missing key")
        #expect(db.statistics.preparedStatements == prepared)
        #expect(try db.read(keptLookups) == 1)
    }

    @Test func aKeptLookupFollowsTheTableThroughSchemaChanges() throws {
        let (db, gauge, id) = try savedGauge()
        #expect(try Gauge.find(id, in: db) == gauge)

        try db.execute("ALTER TABLE gauge ADD COLUMN installed TEXT")
        #expect(try Gauge.find(id, in: db) == gauge, "after a column was added")

        // Created anew, its columns in another order, holding another row of the same key.
        try db.execute(script: """
            DROP TABLE gauge;
            CREATE TABLE gauge (level INTEGER NOT NULL, name TEXT NOT NULL, id INTEGER PRIMARY KEY);
            INSERT INTO gauge (id, name, level) VALUES (\(id), 'turbine', 7);
            """)
        #expect(try Gauge.find(id, in: db) == Gauge(id: id, name: "turbine", level: 7))

        try db.execute("DROP TABLE gauge")
        #expect(throws: DatabaseError.self) { try Gauge.find(id, in: db) }
    }

    @Test func eachConnectionKeepsItsOwnLookupAndSeesItsOwnSnapshot() throws {
        let directory = try TemporaryDirectory()
        let db = try Database(path: directory.path("gauges.sqlite"))
        #expect(db.hasReaderPool)
        var gauge = Gauge(name: "boiler", level: 3)
        try gauge.save(in: db)
        let id = try #require(gauge.id)
        #expect(try db.read { _ in try Gauge.find(id, in: db) } == gauge, "on a reader")
        try db.write { connection in
            gauge.level = 4
            try gauge.save(in: db)
            #expect(try Gauge.find(id, in: db) == gauge, "the writer sees its own change")
            #expect(keptLookups(on: connection) == 1)
            // A reader on another thread sees the last commit, through a lookup of its own
            // (`sync` would run the block on this thread, inside the write).
            let seen = Protected<Result<Int?, any Error>?>(nil)
            let done = DispatchSemaphore(value: 0)
            DispatchQueue.global().async {
                seen.withLock { $0 = Result { try Gauge.find(id, in: db)?.level } }
                done.signal()
            }
            #expect(done.wait(timeout: .now() + 30) == .success)
            #expect(try seen.value?.get() == 3)
        }
        #expect(try Gauge.find(id, in: db)?.level == 4)
    }

    @Test func aSchemaBroughtUpToDateInARolledBackWriteIsNotKept() throws {
        let db = try Database.inMemory()
        struct Abandoned: Error {}
        #expect(throws: Abandoned.self) {
            try db.write { connection in
                // The type's first use creates its table inside this transaction only.
                #expect(try Gauge.find(1, in: db) == nil)
                #expect(keptLookups(on: connection) == 0)
                throw Abandoned()
            }
        }
        // Kept, the lookup would now run against a table the rollback removed.
        #expect(try Gauge.find(1, in: db) == nil)
        var gauge = Gauge(name: "boiler", level: 3)
        try gauge.save(in: db)
        #expect(try Gauge.find(gauge.id, in: db) == gauge)
        #expect(try db.read(keptLookups) == 1)
    }

    @Test func aLookupWhoseStatementIsInUseTakesAnotherOne() throws {
        let (db, gauge, id) = try savedGauge()
        #expect(try Gauge.find(id, in: db) == gauge)
        try db.read { connection in
            let kept = try #require(FindStatementCache.of(connection)[ObjectIdentifier(Gauge.self)])
            let statement = kept.statement
            // Stepping its statement, as while decoding a record that looks another up.
            try statement.runBound(binding: { try statement.bind(id, at: 1) }) { () throws in
                #expect(try statement.step())
                #expect(try Gauge.find(id, in: db) == gauge)
                #expect(statement.value(at: 0) == .integer(id), "still on its row")
            }
        }
    }

    @Test func aCompositeKeyIsBoundColumnByColumn() throws {
        let db = try Database.inMemory()
        var hello = Translation(locale: "fr", key: "hello", revision: 1, text: "bonjour")
        try hello.save(in: db)
        #expect(try Translation.find(CompositeKey("fr", "hello"), in: db) == hello)
        #expect(try Translation.find(CompositeKey("fr", "hello"), in: db) == hello, "through the kept lookup")
        #expect(try Translation.find(CompositeKey("hello", "fr"), in: db) == nil)
        #expect(throws: ConversionError.self) { try Translation.find(CompositeKey("fr"), in: db) }
        #expect(try db.read(keptLookups) == 1)
    }

    @Test func aRecordQueryOfTheKeyAloneTakesTheKeptLookup() throws {
        let (db, gauge, id) = try savedGauge()
        #expect(try Gauge.where("id", id).first(in: db) == gauge)
        #expect(try db.read(keptLookups) == 1, "kept by the query alone")
        #expect(try Gauge.where("ID", id).first(in: db) == gauge, "names compare as SQLite compares them")
        #expect(try Gauge.where("id", id).limit(5).first(in: db) == gauge)
        #expect(try Gauge.where("id", id + 1).first(in: db) == nil)
        #expect(try Gauge.query(in: db).where("id", id).first() == gauge, "the query's own database")
    }

    @Test func otherRecordQueriesKeepTheirOwnMeaning() throws {
        let (db, gauge, id) = try savedGauge()
        #expect(try Gauge.find(id, in: db) == gauge)
        #expect(try Gauge.where("level", id).first(in: db) == nil, "another column")
        #expect(try Gauge.where("level", 3).first(in: db) == gauge)
        #expect(try Gauge.where("gauge.id", id).first(in: db) == gauge, "qualified")
        #expect(try Gauge.where("id", id).limit(0).first(in: db) == nil)
        #expect(try Gauge.where("id", id).offset(1).first(in: db) == nil)
        #expect(try Gauge.where("id", id).where("level", 4).first(in: db) == nil)
        #expect(try Gauge.where("id", .greaterThanOrEqual, id).first(in: db) == gauge)
        #expect(throws: QueryError.self) { try Gauge.where("id", id).limit(-1).first(in: db) }
    }

    @Test func aQueryOfOneEqualityIsAWholeQueryForEverythingElse() throws {
        let (db, gauge, id) = try savedGauge()
        var other = Gauge(name: "turbine", level: 3)
        try other.save(in: db)
        let lookup = Gauge.where("id", id)
        #expect(try lookup.sql == #"SELECT "gauge"."id", "gauge"."name", "gauge"."level" FROM "gauge" WHERE "id" = ?"#)
        #expect(lookup.conditions.isEmpty == false)
        #expect(try lookup.records(in: db) == [gauge])
        #expect(try lookup.count(in: db) == 1)
        #expect(try lookup.exists(in: db))
        #expect(try lookup.pluck("name", as: String.self, in: db) == ["boiler"])
        #expect(try lookup.orWhere("id", other.id).orderDesc("id").records(in: db) == [other, gauge])
        #expect(try lookup.find(id, in: db) == gauge)
        #expect(try lookup.find(other.id, in: db) == nil, "both conditions hold")
        #expect(try Gauge.where("level", 3).records(in: db).count == 2, "a column that is not the key")
        #expect(try Gauge.where("name", "turbine").first(in: db) == other)
        #expect(try Gauge.where("id", nil).first(in: db) == nil, "IS NULL, not = NULL")
        #expect(try Gauge.where("id", nil).sql.hasSuffix(#"WHERE "id" IS NULL"#))
        #expect(try lookup.deleteAll(in: db) == 1)
        #expect(try Gauge.where("id", id).first(in: db) == nil, "deleted")
        #expect(try Gauge.where("id", other.id).first(in: db) == other, "the other row stays")
    }
}
