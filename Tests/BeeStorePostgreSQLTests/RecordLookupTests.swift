#if PostgreSQL
import BeeStore
import BeeStorePostgreSQL
import Foundation
import Testing

/// Records looked up by key on PostgreSQL: one statement each, run with what the server
/// connection keeps for the record type from one lookup to the next, and the same records
/// as a record query finds, whatever happens to the table or the type's decoding meanwhile.
@Suite struct RecordLookupTests {
    struct Gauge: ActiveRecord, Equatable {
        static let mapping = RecordMapping(table: "gauge")
        var id: Int64?
        var name: String
        var level: Int
    }

    struct Translation: ActiveRecord, Equatable {
        typealias ID = CompositeKey
        static let mapping = RecordMapping(table: "translation", primaryKey: ["locale", "key"])
        var locale: String
        var key: String
        var text: String
    }

    struct Shelf: ActiveRecord, Equatable {
        static let mapping = RecordMapping(table: "shelf").hasMany("books", foreignKey: "shelf_id")
        var id: Int64?
        var label: String
        var books: [Book]
    }

    struct Book: ActiveRecord, Equatable {
        static let mapping = RecordMapping(table: "book", columnNaming: .snakeCase)
        var id: Int64?
        var title: String
        var shelfId: Int64?
    }

    /// A link of a chain whose decoding looks up the next link, by key, while
    /// ``lookups`` names a database: a lookup made while a record of its type decodes.
    struct Link: ActiveRecord, Equatable {
        static let mapping = RecordMapping(table: "link", columnNaming: .snakeCase)
        @TaskLocal static var lookups: PostgreSQLDatabase?
        var id: Int64?
        var name: String
        var nextId: Int64?
        /// The name of the next link, found while this one decoded.
        var nextName: String?

        private enum CodingKeys: String, CodingKey {
            case id, name, nextId
        }

        init(id: Int64?, name: String, nextId: Int64?, nextName: String? = nil) {
            self.id = id
            self.name = name
            self.nextId = nextId
            self.nextName = nextName
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            id = try container.decodeIfPresent(Int64.self, forKey: .id)
            name = try container.decode(String.self, forKey: .name)
            nextId = try container.decodeIfPresent(Int64.self, forKey: .nextId)
            if let db = Self.lookups, let nextId {
                nextName = try Self.find(nextId, in: db)?.name
            }
        }
    }

    /// A fresh database of one connection, so that every call reuses it, whose statements
    /// reach `trace` when given.
    private func database(trace: OutcomeList<String>? = nil) throws -> PostgreSQLDatabase {
        try TestServer.freshDatabase { configuration in
            configuration.maximumConnectionCount = 1
            configuration.traceShowsValues = false
            if let trace { configuration.trace = { trace.append($0.sql) } }
        }
    }

    /// A gauge saved in `db`, and its key.
    private func savedBoiler(in db: PostgreSQLDatabase) throws -> (Gauge, Int64) {
        var gauge = Gauge(name: "boiler", level: 3)
        try gauge.save(in: db)
        return (gauge, try #require(gauge.id))
    }

    /// The statements BeeStore holds prepared on the connection that select from `table`.
    private func preparedLookups(of table: String, in db: PostgreSQLDatabase) throws -> Int {
        try db.fetchValue(
            Int.self,
            "SELECT count(*) FROM pg_prepared_statements WHERE name LIKE 'beestore%' AND strpos(statement, $1) > 0",
            ["FROM \"\(table)\" WHERE"]) ?? -1
    }

    @Test func aLookupIsOneStatementPreparedOnceOnItsConnection() throws {
        let trace = OutcomeList<String>()
        let db = try database(trace: trace)
        defer { db.close() }
        var boiler = Gauge(name: "boiler", level: 3)
        var turbine = Gauge(name: "turbine", level: 7)
        try boiler.save(in: db)
        try turbine.save(in: db)
        let (boilerID, turbineID) = (try #require(boiler.id), try #require(turbine.id))
        let before = trace.values.count
        for _ in 0..<3 {
            #expect(try Gauge.find(boilerID, in: db) == boiler)
            #expect(try Gauge.find(turbineID, in: db) == turbine)
        }
        #expect(try Gauge.find(turbineID + 100, in: db) == nil, "a missing key")
        #expect(try Gauge.find(nil, in: db) == nil, "no key")
        let lookups = trace.values.dropFirst(before)
        #expect(lookups.count == 7, "one statement a lookup, without BEGIN or COMMIT: \(Array(lookups))")
        #expect(!lookups.contains { $0.hasPrefix("BEGIN") || $0 == "COMMIT" })
        #expect(try preparedLookups(of: "gauge", in: db) == 1)
    }

    @Test func aLookupInsideATransactionSeesItsUncommittedRows() throws {
        let db = try database()
        defer { db.close() }
        var (gauge, id) = try savedBoiler(in: db)
        #expect(try Gauge.find(id, in: db) == gauge)
        struct Abandon: Error {}
        #expect(throws: Abandon.self) {
            try db.write { _ in
                gauge.level = 4
                try gauge.save(in: db)
                #expect(try Gauge.find(id, in: db)?.level == 4, "the write's own change")
                throw Abandon()
            }
        }
        #expect(try Gauge.find(id, in: db)?.level == 3, "rolled back")
    }

    @Test func aKeptLookupFollowsTheTableThroughSchemaChanges() throws {
        let db = try database()
        defer { db.close() }
        let (gauge, id) = try savedBoiler(in: db)
        for _ in 0..<2 { #expect(try Gauge.find(id, in: db) == gauge) }

        try db.execute("ALTER TABLE gauge ADD COLUMN installed TEXT")
        #expect(try Gauge.find(id, in: db) == gauge, "after a column was added")

        // Created anew, its columns in another order and of other types, holding another
        // row of the same key.
        try db.execute("DROP TABLE gauge")
        try db.execute("CREATE TABLE gauge (level SMALLINT NOT NULL, name VARCHAR(20) NOT NULL, id BIGINT PRIMARY KEY)")
        try db.execute("INSERT INTO gauge (id, name, level) VALUES ($1, 'turbine', 7)", [id])
        for _ in 0..<2 { #expect(try Gauge.find(id, in: db) == Gauge(id: id, name: "turbine", level: 7)) }

        try db.execute("DROP TABLE gauge")
        #expect(throws: PostgreSQLError.self) { try Gauge.find(id, in: db) }
        try db.execute("CREATE TABLE gauge (id BIGINT PRIMARY KEY, name TEXT NOT NULL, level TEXT NOT NULL)")
        try db.execute("INSERT INTO gauge VALUES ($1, 'valve', 'high')", [id])
        #expect(throws: ConversionError.self, "text where the record holds an integer") { try Gauge.find(id, in: db) }
        // The kept decoder is left in order by a failed record.
        try db.execute("ALTER TABLE gauge ALTER COLUMN level TYPE BIGINT USING 9")
        #expect(try Gauge.find(id, in: db) == Gauge(id: id, name: "valve", level: 9))
    }

    @Test func aCompositeKeyIsBoundColumnByColumn() throws {
        let db = try database()
        defer { db.close() }
        var hello = Translation(locale: "fr", key: "hello", text: "bonjour")
        var hostile = Translation(locale: "'; DROP TABLE translation; --", key: "e\u{301}", text: "🐝")
        try hello.save(in: db)
        try hostile.save(in: db)
        for _ in 0..<2 {
            #expect(try Translation.find(CompositeKey("fr", "hello"), in: db) == hello)
            #expect(try Translation.find(hostile.id, in: db) == hostile)
        }
        #expect(try Translation.find(CompositeKey("hello", "fr"), in: db) == nil)
        #expect(try Translation.find(CompositeKey("e\u{301}", hostile.locale), in: db) == nil)
        #expect(throws: ConversionError.self) { try Translation.find(CompositeKey("fr"), in: db) }
    }

    @Test func aTypeWithRelationsIsLookedUpInOneSnapshot() throws {
        let trace = OutcomeList<String>()
        let db = try database(trace: trace)
        defer { db.close() }
        var shelf = Shelf(label: "poetry", books: [Book(title: "Alcools"), Book(title: "Capitale de la douleur")])
        try shelf.save(in: db)
        let id = try #require(shelf.id)
        for _ in 0..<2 {
            let before = trace.values.count
            let found = try #require(try Shelf.find(id, in: db))
            #expect(found.label == "poetry")
            #expect(found.books.map(\.title).sorted() == ["Alcools", "Capitale de la douleur"])
            let statements = trace.values.dropFirst(before)
            #expect(statements.first?.hasPrefix("BEGIN ISOLATION LEVEL REPEATABLE READ") == true, "\(Array(statements))")
            #expect(statements.last == "COMMIT")
        }
        #expect(try Shelf.find(id + 1, in: db) == nil)
    }

    @Test func aLookupMadeWhileARecordOfItsTypeDecodesReadsItsOwnRow() throws {
        let db = try database()
        defer { db.close() }
        try db.execute("CREATE TABLE link (id BIGINT PRIMARY KEY, name TEXT NOT NULL, next_id BIGINT)")
        try db.execute("INSERT INTO link VALUES (1, 'first', 2), (2, 'second', 3), (3, 'third', NULL)")
        #expect(try Link.find(1, in: db) == Link(id: 1, name: "first", nextId: 2), "kept before the nested lookups")
        let found = try Link.$lookups.withValue(db) {
            try (1...3).map { try Link.find(Int64($0), in: db) }
        }
        #expect(found == [
            Link(id: 1, name: "first", nextId: 2, nextName: "second"),
            Link(id: 2, name: "second", nextId: 3, nextName: "third"),
            Link(id: 3, name: "third", nextId: nil),
        ])
        #expect(try Link.find(2, in: db) == Link(id: 2, name: "second", nextId: 3), "the kept lookup, after")
    }

    @Test func savesOnOneConnectionKeepWritingEachRecordsOwnValues() throws {
        let db = try database()
        defer { db.close() }
        var first = Gauge(name: "boiler", level: 3)
        try first.save(in: db)
        let id = try #require(first.id)
        try db.execute("CREATE UNIQUE INDEX gauge_name ON gauge (name)")
        var duplicate = Gauge(name: "boiler", level: 5)
        #expect(throws: PostgreSQLError.self) { try duplicate.save(in: db) }
        #expect(duplicate.id == nil, "a failed save assigns no key")
        var translation = Translation(locale: "de", key: "hello", text: "hallo")
        try translation.save(in: db)
        var second = Gauge(name: "turbine", level: 7)
        try second.save(in: db)
        first.level = 4
        try first.save(in: db)
        #expect(try Gauge.all(in: db) == [first, second])
        #expect(first.id == id)
        #expect(try Translation.find(translation.id, in: db) == translation)
    }
}
#endif
