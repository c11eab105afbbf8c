import Foundation
import Testing

@testable import BeeStore

/// {Bee}'s seed: `Record1 {lid, lat, lon}` and `Record2 {uid, name, location}`.
struct Record1: ActiveRecord, Equatable {
    var id: Int64?
    var lat: Double
    var lon: Double
    enum CodingKeys: String, CodingKey {
        case id = "lid"
        case lat, lon
    }
}

struct Record2: ActiveRecord, Equatable {
    var id: Int64?
    var name: String
    var location: Record1?
    enum CodingKeys: String, CodingKey {
        case id = "uid"
        case name, location
    }
}

/// The RubyChina example's node.
struct Node: ActiveRecord, Equatable {
    var id: Int64?
    var name: String
    var sectionID: Int
    var sort: Int
    enum CodingKeys: String, CodingKey {
        case id, name, sort
        case sectionID = "section_id"
    }
}

/// A record whose optional note is left out of its encoding when nil.
struct Memo: ActiveRecord, Equatable {
    var id: Int64?
    var title: String
    var note: String?
    var label: Label = Label(text: "plain")
}

/// A value that refuses to encode the text "bad", stored as JSON.
struct Label: Codable, Equatable {
    var text: String

    struct Refused: Error {}

    func encode(to encoder: any Encoder) throws {
        guard text != "bad" else { throw Refused() }
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(text, forKey: .text)
    }
}

/// A record whose id is neither its first nor its last property.
struct Ranked: ActiveRecord, Equatable {
    var name: String
    var id: Int64?
    var score: Int
}

/// A class record whose `willSave` gives it the key it was made with, if any.
final class SelfKeyed: ActiveRecord {
    var id: Int64?
    var name: String
    private var preset: Int64? = nil

    enum CodingKeys: String, CodingKey {
        case id, name
    }

    init(name: String, preset: Int64? = nil) {
        self.name = name
        self.preset = preset
    }

    func willSave(in database: Database) throws {
        if id == nil, let preset { id = preset }
    }
}

/// A record whose `encode(to:)` writes a key of its own when it has none: a hundred
/// times its text's length.
struct KeyEncodingNote: ActiveRecord, Equatable {
    var id: Int64?
    var text: String

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id ?? Int64(100 * text.utf8.count), forKey: .id)
        try container.encode(text, forKey: .text)
    }
}

/// A record whose `encode(to:)` leaves its id out: rows are still found by `id`.
struct IDLessEncoding: ActiveRecord, Equatable {
    var id: Int64?
    var name: String

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
    }
}

/// A record of more columns than a 64-bit mask has bits.
struct Wide: ActiveRecord, Equatable {
    var id: Int64?
    var c00, c01, c02, c03, c04, c05, c06, c07, c08, c09: Int?
    var c10, c11, c12, c13, c14, c15, c16, c17, c18, c19: Int?
    var c20, c21, c22, c23, c24, c25, c26, c27, c28, c29: Int?
    var c30, c31, c32, c33, c34, c35, c36, c37, c38, c39: Int?
    var c40, c41, c42, c43, c44, c45, c46, c47, c48, c49: Int?
    var c50, c51, c52, c53, c54, c55, c56, c57, c58, c59: Int?
    var c60, c61, c62, c63, c64, c65, c66, c67, c68, c69: Int?
}

@Suite("Records: persistence and queries")
struct RecordPersistenceTests {
    let db: Database

    init() throws {
        db = try Database.inMemory()
    }

    @Test func beeSeedExampleInSwiftForm() throws {
        var record = Record2(name: "Bee", location: Record1(lat: 31.2, lon: 121.5))
        try record.save(in: db)  // SAVE
        #expect(record.id == 1 && record.location?.id == 1)

        var first = try #require(try Record2.query(in: db).including("location").first())  // FIRST_RECORD
        #expect(first == record)
        first.name = "Bee 2"
        first.location?.lat = 30
        try first.update(in: db, updatingRelated: true)  // SAVE of a changed record and its location
        #expect(try Record2.find(1, in: db)?.name == "Bee 2")
        #expect(try Record1.find(1, in: db)?.lat == 30)

        var second = Record2(name: "Other", location: nil)
        try second.save(in: db)
        #expect(try Record2.all(in: db).map(\.name) == ["Bee 2", "Other"])  // GET_RECORDS
        #expect(try Record2.query(in: db).where("uid", 0).records() == [])  // WHERE(uid, 0)
        #expect(try Record2.last(in: db)?.name == "Other")  // LAST_RECORD

        #expect(try second.delete(in: db))  // DELETE
        #expect(try Record2.count(in: db) == 1)
        #expect(try db.fetchValue(String.self, "SELECT group_concat(name) FROM pragma_table_info('record2')") == "uid,name,location_id")
        #expect(try db.fetchValue(String.self, "SELECT group_concat(name) FROM pragma_table_info('record1')") == "lid,lat,lon")
    }

    @Test func rubyChinaNodesOrderedBySectionAndSort() throws {
        var nodes = [
            Node(name: "Ruby", sectionID: 2, sort: 1), Node(name: "Rails", sectionID: 1, sort: 2),
            Node(name: "Gems", sectionID: 2, sort: 0), Node(name: "Rack", sectionID: 1, sort: 1),
        ]
        try nodes.save(in: db)
        let ordered = try Node.query(in: db).orderAsc("section_id").orderAsc("sort").records()
        #expect(ordered.map(\.name) == ["Rack", "Rails", "Gems", "Ruby"])
    }

    @Test func insertUpdateAndSaveSemantics() throws {
        var node = Node(name: "a", sectionID: 1, sort: 0)
        try node.insert(in: db)
        #expect(node.id == 1)
        #expect(throws: DatabaseError.self) { try node.insert(in: db) }
        node.name = "b"
        try node.update(in: db)
        #expect(try Node.find(1, in: db)?.name == "b")
        let ghost = Node(id: 99, name: "ghost", sectionID: 0, sort: 0)
        #expect(throws: RecordError.notFound(record: "Node", id: 99)) { try ghost.update(in: db) }
        #expect(throws: RecordError.notSaved(record: "Node")) { try Node(name: "new", sectionID: 0, sort: 0).update(in: db) }
        var imported = ghost
        try imported.save(in: db)
        #expect(try Node.find(99, in: db)?.name == "ghost", "save inserts a record whose id has no row")
        #expect(try Node.count(in: db) == 2)
    }

    @Test func batchSaveLeavesColumnsARecordDoesNotEncodeNull() throws {
        var memos = [Memo(title: "first", note: "noted"), Memo(title: "second", note: nil)]
        try memos.save(in: db)
        #expect(try Memo.all(in: db) == memos)
        let notes = try db.fetchAll("SELECT note FROM memo ORDER BY id").map { $0["note"] }
        #expect(notes == [.text("noted"), .null], "a value bound for one record must not leak into the next")
    }

    @Test func batchWithARecordThatFailsToEncodeSavesNothing() throws {
        var memos = [Memo(title: "one"), Memo(title: "two", label: Label(text: "bad")), Memo(title: "three")]
        #expect(throws: Label.Refused.self) { try memos.save(in: db) }
        #expect(try Memo.count(in: db) == 0)
        #expect(memos.allSatisfy { $0.id == nil })
        memos.remove(at: 1)
        try memos.save(in: db)
        #expect(try Memo.all(in: db).map(\.title) == ["one", "three"])
    }

    @Test func idInTheMiddleOfTheColumnsIsBoundWhereEachStatementWantsIt() throws {
        var ranked = [Ranked(name: "a", score: 1), Ranked(name: "b", score: 2), Ranked(name: "c", score: 3)]
        try ranked.save(in: db)
        #expect(ranked.map(\.id) == [1, 2, 3])
        ranked[1].score = 20
        try ranked[1].update(in: db)
        ranked[2].name = "c2"
        try ranked.save(in: db)
        #expect(try Ranked.all(in: db) == ranked)
        let ghost = Ranked(name: "ghost", id: 9, score: 0)
        #expect(throws: RecordError.notFound(record: "Ranked", id: 9)) { try ghost.update(in: db) }
        #expect(try Ranked.count(in: db) == 3)
    }

    @Test func newRecordsLeaveTheirKeyToTheDatabaseBesideRecordsWithKeysInOneBatch() throws {
        let statements = Protected<[String]>([])
        var configuration = Configuration()
        configuration.trace = { traced in statements.withLock { $0.append(traced.sql) } }
        let db = try Database.inMemory(configuration: configuration)
        var ranked = [
            Ranked(name: "a", score: 1), Ranked(name: "b", id: 10, score: 2), Ranked(name: "c", score: 3),
            Ranked(name: "d", id: 5, score: 4),
        ]
        try ranked.save(in: db)
        #expect(ranked.map(\.id) == [1, 10, 11, 5])
        #expect(try Ranked.query(in: db).orderAsc("id").records() == ranked.sorted { $0.id! < $1.id! })
        let writes = statements.value.filter { $0.hasPrefix("INSERT INTO \"ranked\"") }
        #expect(writes.count == 4)
        // A new record's insert names every column but its key, which the database assigns.
        #expect(writes[0].hasPrefix(#"INSERT INTO "ranked" ("name", "score") VALUES ('a', 1)"#), "\(writes)")
        #expect(writes[1].hasPrefix(#"INSERT INTO "ranked" ("name", "id", "score") VALUES ('b', 10, 2)"#), "\(writes)")
        #expect(writes[2].hasPrefix(#"INSERT INTO "ranked" ("name", "score") VALUES ('c', 3)"#), "\(writes)")

        // A batch that fails leaves every record as it was, the keys given and the ones not.
        try db.execute("CREATE UNIQUE INDEX ranked_name ON ranked (name)")
        var more = [Ranked(name: "e", score: 5), Ranked(name: "f", id: 20, score: 6), Ranked(name: "a", score: 7)]
        let before = more
        let failure = #expect(throws: DatabaseError.self) { try more.save(in: db) }
        #expect(failure?.resultCode == .constraint)
        #expect(more == before)
        #expect(try Ranked.count(in: db) == 4)
    }

    @Test func aKeyANewRecordWritesAfterAllIsTheKeyItIsInsertedWith() throws {
        // A hook of a class instance gives it its key, as does an encode(to:) of its own.
        let stamped = [SelfKeyed(name: "a"), SelfKeyed(name: "b", preset: 40)]
        for instance in stamped {
            var record = instance
            try record.save(in: db)
        }
        #expect(stamped.map(\.id) == [1, 40])
        var encoded = [KeyEncodingNote(text: "first"), KeyEncodingNote(text: "second")]
        try encoded.save(in: db)
        #expect(encoded.map(\.id) == [500, 600])
        let rows = try db.fetchAll("SELECT id, text FROM key_encoding_note ORDER BY id").map { [$0["id"], $0["text"]] }
        #expect(rows == [[.integer(500), .text("first")], [.integer(600), .text("second")]])
        let names = try db.fetchAll("SELECT id, name FROM self_keyed ORDER BY id").map { [$0["id"], $0["name"]] }
        #expect(names == [[.integer(1), .text("a")], [.integer(40), .text("b")]])
    }

    @Test func idLeftOutOfTheEncodingStillNamesTheRow() throws {
        var first = IDLessEncoding(name: "first")
        try first.save(in: db)
        var second = IDLessEncoding(name: "second")
        try second.save(in: db)
        #expect([first.id, second.id] == [1, 2])
        second.name = "second, updated"
        try second.update(in: db)
        first.name = "first, saved"
        try first.save(in: db)
        let names = try db.fetchAll("SELECT id, name FROM id_less_encoding ORDER BY id").map { $0["name"] }
        #expect(names == [.text("first, saved"), .text("second, updated")])
        let ghost = IDLessEncoding(id: 9, name: "ghost")
        #expect(throws: RecordError.notFound(record: "IDLessEncoding", id: 9)) { try ghost.update(in: db) }
    }

    @Test func wideRecordsLeaveColumnsTheyDoNotEncodeNull() throws {
        var full = Wide()
        full.c00 = 1
        full.c63 = 63
        full.c64 = 64
        full.c69 = 69
        var batch = [full, Wide()]
        try batch.save(in: db)
        #expect(try Wide.all(in: db) == batch)
        let row = try #require(try db.fetchOne("SELECT c00, c63, c64, c69 FROM wide WHERE id = 2"))
        #expect(row.values == [.null, .null, .null, .null])
    }

    @Test func encodersAreReleasedWithTheirWrite() throws {
        _ = try Node.count(in: db)
        weak var released: RecordEncoder?
        try db.write { connection in
            let writer = try RowWriter(Node.self)
            for name in ["a", "b"] {
                let statement = try writer.statement(.insert, on: connection)
                try writer.encoder.encode(Node(name: name, sectionID: 1, sort: 0), into: statement, kind: .insert)
                try statement.executeBound()
            }
            released = writer.encoder
        }
        #expect(released == nil, "the container kept for reuse must not keep its encoder alive")
        #expect(try Node.all(in: db).map(\.name) == ["a", "b"])
    }

    @Test func aConnectionHandsBackTheIdleRowWriterOfEachRecordType() throws {
        let state = RecordConnectionState()
        let node = try RowWriter(Node.self)
        let memo = try RowWriter(Memo.self)
        let ranked = try RowWriter(Ranked.self)
        #expect(state.takeRowWriter(of: ObjectIdentifier(Node.self)) == nil)
        state.giveBack(node)
        state.giveBack(memo)
        state.giveBack(ranked)
        // A newer writer of a type replaces the idle one.
        let newerMemo = try RowWriter(Memo.self)
        state.giveBack(newerMemo)
        #expect(state.takeRowWriter(of: ObjectIdentifier(Node.self)) === node)
        #expect(state.takeRowWriter(of: ObjectIdentifier(Node.self)) == nil, "a writer taken is in use until given back")
        #expect(state.takeRowWriter(of: ObjectIdentifier(Memo.self)) === newerMemo)
        #expect(state.takeRowWriter(of: ObjectIdentifier(Memo.self)) == nil)
        #expect(state.takeRowWriter(of: ObjectIdentifier(Ranked.self)) === ranked)
        #expect(state.takeRowWriter(of: ObjectIdentifier(Wide.self)) == nil)
    }

    @Test func savesAlternatingBetweenRecordTypesEachWriteTheirOwnTable() throws {
        for index in 0..<3 {
            var node = Node(name: "n\(index)", sectionID: index, sort: index)
            try node.save(in: db)
            var memo = Memo(title: "m\(index)", note: index.isMultiple(of: 2) ? nil : "odd")
            try memo.save(in: db)
            try db.write { _ in
                var again = Node(name: "again\(index)", sectionID: 9, sort: 9)
                try again.save(in: db)
                try memo.save(in: db)
            }
        }
        #expect(try Node.all(in: db).map(\.name) == ["n0", "again0", "n1", "again1", "n2", "again2"])
        #expect(try Memo.all(in: db).map(\.title) == ["m0", "m1", "m2"])
        #expect(try Memo.all(in: db).map(\.note) == [nil, "odd", nil])
    }

    @Test func decodersLetGoOfTheirKeptContainer() throws {
        var nodes = [Node(name: "a", sectionID: 1, sort: 0), Node(name: "b", sectionID: 1, sort: 1)]
        try nodes.save(in: db)
        let schema = try RecordSchema.of(Node.self)
        weak var released: RecordDecoder?
        let fetched = try db.read { connection in
            let statement = try connection.makeStatement(schema.selectSQL)
            let decoder = RecordDecoder(schema: schema, statement: statement)
            released = decoder
            return try statement.run([]) {
                try decoder.keepingContainer {
                    var fetched: [Node] = []
                    while try statement.step() { fetched.append(try decoder.decode(Node.self)) }
                    return fetched
                }
            }
        }
        #expect(fetched == nodes)
        #expect(released == nil, "the container kept for reuse must not keep its decoder alive")
    }

    @Test func queryBuilderVerbsReturnRecords() throws {
        var nodes = (1...10).map { Node(name: "n\($0)", sectionID: $0 % 3, sort: $0) }
        try nodes.save(in: db)
        let query = Node.query(in: db)
        #expect(try query.where("section_id", 1).orderDesc("id").limit(2).records().map(\.name) == ["n10", "n7"])
        #expect(try query.where("section_id", 1).orWhere("name", "n2").count() == 5)
        #expect(try query.whereIn("sort", [1, 5, 99]).records().map(\.sort) == [1, 5])
        #expect(try query.whereNotIn("section_id", [0, 1]).count() == 3)
        #expect(try query.like("name", "n1").records().map(\.name) == ["n1", "n10"])
        #expect(try query.orderAsc("sort").offset(8).records().map(\.sort) == [9, 10])
        #expect(try query.groupBy("section_id").records().count == 3)
        #expect(try query.where("sort", .greaterThan, 8).exists())
        #expect(try query.where { $0.where("sort", 1).orWhere("sort", 2) }.count() == 2)
        #expect(try query.where("section_id", 0).deleteAll() == 3)
        #expect(try Node.count(in: db) == 7)
        #expect(try Node.deleteAll(in: db) == 7)
        #expect(try Node.first(in: db) == nil)
    }

    @Test func recordsWrittenAreReadableWithPlainSQL() throws {
        var record = Record2(name: "plain", location: Record1(lat: 1.5, lon: 2.5))
        try record.save(in: db)
        let row = try #require(try db.fetchOne(
            "SELECT record2.name, record1.lat FROM record2 JOIN record1 ON record1.lid = record2.location_id"))
        #expect(row.values == ["plain", 1.5])
        let foreignKey = try #require(try db.fetchOne("SELECT \"table\", \"from\", \"to\" FROM pragma_foreign_key_list('record2')"))
        #expect(foreignKey.values == ["record1", "location_id", "lid"])
    }

    @Test(.enabled(if: SQLiteTool.isInstalled, "needs the sqlite3 command-line tool"))
    func sqliteToolReadsRecordTables() throws {
        let tool = try #require(SQLiteTool.path)
        let directory = try TemporaryDirectory()
        let path = directory.path("records.sqlite")
        do {
            let db = try Database(path: path)
            var record = Record2(name: "蜂", location: Record1(lat: 1, lon: 2))
            try record.save(in: db)
            db.close()
        }
        let sql = "SELECT name, lat FROM record2 JOIN record1 ON lid = location_id; PRAGMA foreign_key_check;"
        #expect(try SQLiteTool.run(tool, database: path, sql: sql) == "蜂|1.0\n")
    }
}

/// Tests that use the process-wide shared database run one at a time.
@Suite("Shared database", .serialized)
struct SharedDatabaseTests {
    @Test func openReplaceAndClose() throws {
        let directory = try TemporaryDirectory()
        let first = try Database.openShared(path: directory.path("one.sqlite"))
        #expect(Database.shared === first)
        let second = try Database.openShared(path: directory.path("two.sqlite"))
        #expect(Database.shared === second)
        #expect(throws: DatabaseError.closed) { try first.execute("SELECT 1") }
        Database.closeShared()
        #expect(Database.shared == nil)
        #expect(throws: DatabaseError.closed) { try second.fetchAll("SELECT 1") }
    }

    @Test func recordsUseTheSharedDatabaseByDefault() throws {
        let directory = try TemporaryDirectory()
        let db = try Database.openShared(path: directory.path("shared.sqlite"))
        defer { Database.closeShared() }
        var record = Record2(name: "shared", location: nil)
        try record.save()
        #expect(try Record2.where("name", "shared").records().map(\.id) == [record.id])
        #expect(try Record2.count() == 1)
        #expect(try db.fetchValue(Int.self, "SELECT count(*) FROM record2") == 1)
    }

    @Test func aRecordQueryRunsOnTheSharedDatabaseOfTheMomentItRuns() throws {
        let directory = try TemporaryDirectory()
        Database.closeShared()
        let named = Record2.where("name", "later")
        #expect(throws: RecordError.noDatabase) { try named.first() }
        try Database.openShared(path: directory.path("first.sqlite"))
        defer { Database.closeShared() }
        var record = Record2(name: "later", location: nil)
        try record.save()
        #expect(try named.records().map(\.id) == [record.id])
        #expect(try named.first()?.id == record.id)
        #expect(try Record2.where("uid", record.id).first()?.id == record.id, "a lookup by key")
        try Database.openShared(path: directory.path("second.sqlite"))
        #expect(try named.records().isEmpty, "the query follows the shared database")
        #expect(try named.first() == nil)
    }

    @Test func aQueryObservedWithoutADatabaseWatchesTheSharedOne() async throws {
        let directory = try TemporaryDirectory()
        try Database.openShared(path: directory.path("observed.sqlite"))
        defer { Database.closeShared() }
        var first = Record2(name: "seen", location: nil)
        try first.save()
        let model = try RecordsModel(Record2.where("name", "seen"))
        #expect(model.state.map(\.id) == [first.id])
        var second = Record2(name: "seen", location: nil)
        try second.save()
        try await waitUntil("the model shows the record saved after it started") { model.state.count == 2 }
        #expect(model.state.map(\.id) == [first.id, second.id])
    }

    @Test func withoutASharedDatabaseRecordsThrow() throws {
        Database.closeShared()
        var record = Record2(name: "nowhere", location: nil)
        #expect(throws: RecordError.noDatabase) { try record.save() }
        #expect(throws: RecordError.noDatabase) { try Record2.where("name", "x").records() }
    }
}

/// A bookmark, for the lookups, column values and bulk updates of record queries.
struct SavedLink: ActiveRecord, Equatable {
    var id: Int64?
    var url: String
    var title: String
    var visits: Int?
    var rating: Double = 0
}

extension RecordPersistenceTests {
    private func savedLinks() throws -> [SavedLink] {
        var links = [
            SavedLink(url: "https://swift.org", title: "Swift", visits: 3),
            SavedLink(url: "https://sqlite.org", title: "SQLite", visits: nil),
            SavedLink(url: "https://rubyonrails.org", title: "Rails", visits: 10),
        ]
        try links.save(in: db)
        return links
    }

    @Test func staticChainRunsOnAnyDatabase() throws {
        let links = try savedLinks()
        #expect(try SavedLink.where("title", "Swift").records(in: db) == [links[0]])
        #expect(try SavedLink.orderDesc("visits").first(in: db) == links[2])
        #expect(try SavedLink.like("url", "sqlite").count(in: db) == 1)
        #expect(try SavedLink.where("visits", .greaterThan, 5).exists(in: db))
        #expect(try SavedLink.limit(5).find(links[1].id!, in: db) == links[1])
        #expect(try SavedLink.where("title", "Rails").deleteAll(in: db) == 1)
        #expect(try SavedLink.count(in: db) == 2)
    }

    @Test func givenDatabaseWinsOverTheQuerysOwn() throws {
        let other = try Database.inMemory()
        _ = try savedLinks()
        #expect(try SavedLink.query(in: other).records(in: db).count == 3)
        #expect(try SavedLink.query(in: db).count(in: other) == 0)
    }

    @Test func existsByKeyAndByColumnValues() throws {
        let links = try savedLinks()
        #expect(try SavedLink.exists(links[0].id!, in: db))
        #expect(try !SavedLink.exists(99, in: db))
        #expect(try SavedLink.exists(by: ["url": "https://sqlite.org", "visits": nil], in: db))
        #expect(try !SavedLink.exists(by: ["url": "https://sqlite.org", "visits": 1], in: db))
        #expect(try SavedLink.where("visits", .greaterThan, 5).exists(by: ["title": "Rails"], in: db))
        #expect(try !SavedLink.where("visits", .lessThan, 5).exists(by: ["title": "Rails"], in: db))
    }

    @Test func findByColumnValuesOrProperties() throws {
        let links = try savedLinks()
        #expect(try SavedLink.find(by: ["url": "https://swift.org"], in: db) == links[0])
        #expect(try SavedLink.find(by: ["TITLE": "SQLite", "visits": nil], in: db) == links[1])
        #expect(try SavedLink.find(by: ["url": "https://example.com"], in: db) == nil)
        #expect(try SavedLink.query(in: db).orderDesc("id").find(by: ["rating": 0]) == links[2])

        var checkin = Record2(name: "Home", location: Record1(lat: 1, lon: 2))
        try checkin.save(in: db)
        let located = try Record2.find(by: ["location": checkin.location?.id], in: db)
        #expect(located?.id == checkin.id, "a belongs-to property names its foreign key column")
    }

    @Test func findByAnUnknownColumnIsATypedError() throws {
        _ = try savedLinks()
        #expect(throws: RecordError.unknownColumn(record: "SavedLink", column: "address")) {
            try SavedLink.find(by: ["address": "https://swift.org"], in: db)
        }
        #expect(throws: RecordError.unknownColumn(record: "SavedLink", column: "address")) {
            try SavedLink.exists(by: ["address": "x"], in: db)
        }
    }

    @Test func pluckReadsOneColumnIntoPlainValues() throws {
        _ = try savedLinks()
        #expect(try SavedLink.orderAsc("title").pluck("title", as: String.self, in: db) == ["Rails", "SQLite", "Swift"])
        #expect(try SavedLink.query(in: db).orderAsc("id").pluck("visits", as: Int?.self) == [3, nil, 10])
        #expect(try SavedLink.where("visits", .greaterThan, 5).pluck("url", as: URL.self, in: db)
            == [URL(string: "https://rubyonrails.org")!])

        var checkin = Record2(name: "Home", location: Record1(lat: 31.5, lon: 2))
        try checkin.save(in: db)
        #expect(try Record2.query(in: db).joining("location").pluck("location.lat", as: Double.self) == [31.5])
        #expect(try Record2.query(in: db).pluck("location", as: Int64.self) == [checkin.location!.id!])
    }

    @Test func pluckFailsOnAWrongColumnOrType() throws {
        _ = try savedLinks()
        #expect(throws: RecordError.unknownColumn(record: "SavedLink", column: "name")) {
            try SavedLink.query(in: db).pluck("name", as: String.self)
        }
        #expect(throws: ConversionError.self) { try SavedLink.query(in: db).pluck("title", as: Int.self) }
        #expect(throws: ConversionError.self, "NULL needs an optional type") {
            try SavedLink.query(in: db).pluck("visits", as: Int.self)
        }
    }

    @Test func updateAllSetsColumnsOfTheMatchingRecordsOnly() throws {
        let links = try savedLinks()
        let changed = try SavedLink.where("visits", .greaterThan, 1).updateAll(["title": "Popular", "rating": 5.0], in: db)
        #expect(changed == 2)
        #expect(try SavedLink.query(in: db).orderAsc("id").pluck("title", as: String.self) == ["Popular", "SQLite", "Popular"])
        #expect(try SavedLink.find(links[1].id!, in: db) == links[1])
        #expect(try SavedLink.query(in: db).orderDesc("visits").limit(1).updateAll(["visits": nil]) == 1)
        #expect(try SavedLink.find(links[2].id!, in: db)?.visits == nil, "limit and order choose the records")
    }

    @Test func updateAllThroughAJoinedRelation() throws {
        var home = Record2(name: "Home", location: Record1(lat: 31.5, lon: 2))
        var work = Record2(name: "Work", location: Record1(lat: 10, lon: 2))
        try home.save(in: db)
        try work.save(in: db)
        let changed = try Record2.query(in: db).joining("location").where("location.lat", .greaterThan, 30)
            .updateAll(["name": "North"])
        #expect(changed == 1)
        #expect(try Record2.query(in: db).orderAsc("uid").pluck("name", as: String.self) == ["North", "Work"])
    }

    @Test func updateAllFailsOnAnUnknownColumnOrNothingToSet() throws {
        _ = try savedLinks()
        #expect(throws: RecordError.unknownColumn(record: "SavedLink", column: "folder")) {
            try SavedLink.query(in: db).updateAll(["folder": "inbox"])
        }
        #expect(throws: QueryError.noValuesToUpdate(table: "saved_link")) { try SavedLink.query(in: db).updateAll([:]) }
        #expect(try SavedLink.query(in: db).orderAsc("id").pluck("title", as: String.self) == ["Swift", "SQLite", "Rails"])
    }

    @Test func incrementAddsToAColumnCountingNullAsZero() throws {
        let links = try savedLinks()
        #expect(try SavedLink.query(in: db).increment("visits", by: 2) == 3)
        #expect(try SavedLink.query(in: db).orderAsc("id").pluck("visits", as: Int.self) == [5, 2, 12])
        #expect(try SavedLink.where("url", links[0].url).increment("visits", in: db) == 1)
        #expect(try SavedLink.where("url", links[0].url).increment("rating", by: 0.5, in: db) == 1)
        #expect(try SavedLink.find(links[0].id!, in: db)?.visits == 6)
        #expect(try SavedLink.find(links[0].id!, in: db)?.rating == 0.5)
        #expect(try SavedLink.where("url", "nowhere").increment("visits", in: db) == 0)
        #expect(throws: RecordError.unknownColumn(record: "SavedLink", column: "clicks")) {
            try SavedLink.query(in: db).increment("clicks")
        }
    }
}

extension RecordPersistenceTests {
    @Test func forEachStepsTheRecordsInTheQuerysOrder() throws {
        let links = try savedLinks()
        var seen: [SavedLink] = []
        try SavedLink.orderDesc("title").forEach(in: db) { seen.append($0) }
        #expect(seen == [links[0], links[1], links[2]])
        var urls: [String] = []
        try SavedLink.query(in: db).where("visits", .greaterThan, 5).forEach { urls.append($0.url) }
        #expect(urls == ["https://rubyonrails.org"])
    }

    @Test func forEachLoadsRelationsInBatchesNotPerRecord() throws {
        let count = RecordFetcher.relationBatchSize * 2 + 10
        var records = (0..<count).map { Record2(name: "r\($0)", location: $0 % 3 == 0 ? nil : Record1(lat: Double($0), lon: 0)) }
        try records.save(in: db)
        let query = Record2.query(in: db).including("location").orderAsc("uid")
        let before = db.statistics.executedStatements
        var seen: [Record2] = []
        try query.forEach { seen.append($0) }
        let executed = db.statistics.executedStatements - before
        #expect(seen == records)
        #expect(executed < 12, "one statement for the rows, one per batch for the locations, not one per record (\(executed))")
    }

    @Test func forEachStopsAtTheFirstErrorOfItsBody() throws {
        _ = try savedLinks()
        struct Enough: Error {}
        var calls = 0
        #expect(throws: Enough.self) {
            try SavedLink.query(in: db).forEach { _ in
                calls += 1
                if calls == 2 { throw Enough() }
            }
        }
        #expect(calls == 2)
    }

    @Test func forEachRefusesUnknownRelationsAndWritesFromItsBody() throws {
        let links = try savedLinks()
        #expect(throws: RecordError.unknownRelation(record: "Record2", relation: "place")) {
            try Record2.query(in: db).including("place").forEach { _ in }
        }
        #expect(throws: RecordError.writeInsideRead(record: "SavedLink")) {
            try SavedLink.query(in: db).forEach { link in
                var renamed = link
                renamed.title = "renamed"
                try renamed.save(in: db)
            }
        }
        #expect(try SavedLink.query(in: db).orderAsc("id").records() == links)
    }
}

/// A record with optional timestamps.
struct StampedNote: ActiveRecord, Equatable {
    var id: Int64?
    var text: String
    var createdAt: Date?
    var updatedAt: Date?
}

/// A record with timestamps under snake_case coding keys, and children.
struct StampedPost: ActiveRecord, Equatable {
    var id: Int64?
    var title: String
    var createdAt: Date?
    var updatedAt: Date?
    var notes: [StampedNote]?

    enum CodingKeys: String, CodingKey {
        case id, title, notes
        case createdAt = "created_at"
        case updatedAt = "updated_at"
    }
}

/// Properties named like timestamps that are not optional dates: the app's to set.
struct UnstampedDates: ActiveRecord, Equatable {
    var id: Int64?
    var createdAt: Date
    var updatedAt: String?
}

extension RecordPersistenceTests {
    private func nowRange() -> ClosedRange<Date> {
        let now = Date()
        return now.addingTimeInterval(-1)...now.addingTimeInterval(60)
    }

    @Test func savesStampCreatedAtOnInsertAndUpdatedAtOnEverySave() throws {
        let range = nowRange()
        var note = StampedNote(text: "first")
        try note.save(in: db)
        let created = try #require(note.createdAt)
        #expect(range.contains(created))
        #expect(note.updatedAt == created)
        #expect(try StampedNote.find(note.id!, in: db) == note, "the saved copy holds what the row holds")

        let past = Date(timeIntervalSince1970: 1_000_000)
        note.text = "edited"
        note.updatedAt = past
        try note.save(in: db)
        #expect(note.createdAt == created, "createdAt is kept")
        #expect(try #require(note.updatedAt) > past)
        #expect(try StampedNote.find(note.id!, in: db) == note)

        try StampedNote.query(in: db).updateAll(["text": "bulk"])
        #expect(try StampedNote.find(note.id!, in: db)?.updatedAt == note.updatedAt, "bulk updates stamp nothing")
        let given = Date(timeIntervalSince1970: 1_000)
        var other = UnstampedDates(createdAt: given)
        try other.save(in: db)
        #expect(other == UnstampedDates(id: other.id, createdAt: given, updatedAt: nil), "other types are left alone")
        #expect(try UnstampedDates.find(other.id!, in: db) == other)
    }

    @Test func createdAtIsFilledWhenNilAndKeptWhenGiven() throws {
        let imported = Date(timeIntervalSince1970: 1_500_000_000)
        var kept = StampedNote(id: 7, text: "imported", createdAt: imported)
        try kept.save(in: db)
        #expect(kept.createdAt == imported)
        #expect(kept.updatedAt.map(nowRange().contains) == true)
        var filled = StampedNote(id: 8, text: "no date")
        try filled.save(in: db)
        #expect(filled.createdAt.map(nowRange().contains) == true)
        var inserted = StampedPost(title: "new", createdAt: imported)
        try inserted.insert(in: db)
        #expect(inserted.createdAt == imported)
        #expect(try StampedPost.find(inserted.id!, in: db)?.createdAt == imported)
    }

    @Test func relatedRecordsWrittenBySaveAreStampedWithTheSameTime() throws {
        var post = StampedPost(title: "post", notes: [StampedNote(text: "a")])
        try post.save(in: db)
        #expect(post.createdAt.map(nowRange().contains) == true)
        #expect(post.notes?[0].createdAt == post.createdAt)
        let reloaded = try StampedPost.query(in: db).including("notes").find(post.id!)
        #expect(reloaded == post)

        let noteStamp = post.notes?[0].updatedAt
        post.notes?.append(StampedNote(text: "b"))
        post.notes?[0].text = "not written from the post's copy"
        try post.save(in: db)
        let notes = try StampedNote.query(in: db).orderAsc("id").records()
        #expect(notes.map(\.text) == ["a", "b"])
        #expect(notes[0].updatedAt == noteStamp, "an existing related record is not written, nor stamped")
    }
}

/// An address that validates its e-mail and writes its hooks to an `audit` table.
struct AuditedContact: ActiveRecord, Equatable {
    struct InvalidEmail: Error, Equatable { let email: String }
    struct Locked: Error {}

    var id: Int64?
    var email: String
    var locked = false

    func validate() throws {
        guard email.contains("@") else { throw InvalidEmail(email: email) }
    }

    func willSave(in database: Database) throws { try audit("willSave \(email) \(id.map(String.init) ?? "new")", in: database) }
    func didSave(in database: Database) throws { try audit("didSave \(email) \(id.map(String.init) ?? "new")", in: database) }

    func willDelete(in database: Database) throws {
        if locked { throw Locked() }
        try audit("willDelete \(email)", in: database)
    }

    func didDelete(in database: Database) throws { try audit("didDelete \(email)", in: database) }

    private func audit(_ event: String, in database: Database) throws {
        try database.from("audit").set("event", event).insert()
    }
}

/// A group of contacts, saved with them.
struct AuditedGroup: ActiveRecord, Equatable {
    var id: Int64?
    var name: String
    var owner: AuditedContact?
    var members: [AuditedContact]?
}

extension RecordPersistenceTests {
    private func audit() throws -> [String] {
        try db.from("audit").orderAsc("rowid").pluck("event", as: String.self)
    }

    private func createAudit() throws {
        try db.execute("CREATE TABLE audit (event TEXT NOT NULL)")
    }

    @Test func saveHooksRunAroundEachRecordWrittenInTheSaveTransaction() throws {
        try createAudit()
        var group = AuditedGroup(
            name: "friends", owner: AuditedContact(email: "ann@example.com"), members: [AuditedContact(email: "bob@example.com")])
        try group.save(in: db)
        #expect(try audit() == [
            "willSave ann@example.com new", "didSave ann@example.com 1",
            "willSave bob@example.com new", "didSave bob@example.com 2",
        ])

        try db.execute("DELETE FROM audit")
        group.members?.append(AuditedContact(email: "cy@example.com"))
        try group.save(in: db)
        #expect(try audit() == ["willSave cy@example.com new", "didSave cy@example.com 3"],
            "related records that exist are not written, and get no hook")
        var owner = try #require(group.owner)
        owner.email = "ann@example.org"
        try owner.save(in: db)
        #expect(try audit().suffix(2) == ["willSave ann@example.org 1", "didSave ann@example.org 1"])
    }

    @Test func aValidationErrorAbortsTheSaveAndLeavesNothing() throws {
        try createAudit()
        var group = AuditedGroup(
            name: "friends", owner: AuditedContact(email: "ann@example.com"),
            members: [AuditedContact(email: "bob@example.com"), AuditedContact(email: "not an address")])
        #expect(throws: AuditedContact.InvalidEmail(email: "not an address")) { try group.save(in: db) }
        #expect(group.id == nil && group.owner?.id == nil)
        #expect(try AuditedGroup.count(in: db) == 0)
        #expect(try AuditedContact.count(in: db) == 0)
        #expect(try audit() == [], "what the hooks wrote is rolled back with the save")

        var invalid = AuditedContact(email: "nobody")
        var batch = [AuditedContact(email: "cy@example.com"), invalid]
        #expect(throws: AuditedContact.InvalidEmail(email: "nobody")) { try invalid.insert(in: db) }
        #expect(throws: AuditedContact.InvalidEmail(email: "nobody")) { try batch.save(in: db) }
        #expect(try AuditedContact.count(in: db) == 0)
        #expect(throws: AuditedContact.InvalidEmail.self) { try invalid.validate() }
    }

    @Test func deleteHooksRunInTheDeleteTransactionAndCanRefuseIt() throws {
        try createAudit()
        var ann = AuditedContact(email: "ann@example.com")
        var locked = AuditedContact(email: "root@example.com", locked: true)
        try ann.save(in: db)
        try locked.save(in: db)
        try db.execute("DELETE FROM audit")

        #expect(try ann.delete(in: db))
        #expect(try audit() == ["willDelete ann@example.com", "didDelete ann@example.com"])
        #expect(try !ann.delete(in: db))
        #expect(try audit().count == 3, "no didDelete when no row was deleted")

        #expect(throws: AuditedContact.Locked.self) { try locked.delete(in: db) }
        #expect(try AuditedContact.exists(locked.id!, in: db))
        try AuditedContact.query(in: db).deleteAll()
        #expect(try audit().count == 3, "bulk deletes call no hook")
    }
}
