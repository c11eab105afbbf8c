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

    @Test func withoutASharedDatabaseRecordsThrow() throws {
        Database.closeShared()
        var record = Record2(name: "nowhere", location: nil)
        #expect(throws: RecordError.noDatabase) { try record.save() }
        #expect(throws: RecordError.noDatabase) { try Record2.where("name", "x").records() }
    }
}
