import Foundation
import Testing

@testable import BeeStore

/// A record whose `init(from:)` asks for its keys in the reverse of their columns' order.
struct Backwards: ActiveRecord, Equatable {
    var id: Int64?
    var first: Int
    var second: String
    var third: Double?
}

extension Backwards {
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        third = try container.decodeIfPresent(Double.self, forKey: .third)
        second = try container.decode(String.self, forKey: .second)
        first = try container.decode(Int.self, forKey: .first)
        id = try container.decodeIfPresent(Int64.self, forKey: .id)
    }
}

/// A record whose `init(from:)` asks for two of its keys in an order set by the row.
struct Swayed: ActiveRecord, Equatable {
    var id: Int64?
    var flip: Bool
    var left: Int
    var right: Int
}

extension Swayed {
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decodeIfPresent(Int64.self, forKey: .id)
        flip = try container.decode(Bool.self, forKey: .flip)
        if flip {
            right = try container.decode(Int.self, forKey: .right)
            left = try container.decode(Int.self, forKey: .left)
        } else {
            left = try container.decode(Int.self, forKey: .left)
            right = try container.decode(Int.self, forKey: .right)
        }
    }
}

/// A record that reads two properties in an order set by the row, each through a key type
/// of its own: the two key types' single cases have the same (empty) bytes.
struct Either: ActiveRecord, Equatable {
    enum CodingKeys: CodingKey { case id, useRight, left, right }
    enum LeftKeys: CodingKey { case left }
    enum RightKeys: CodingKey { case right }

    var id: Int64?
    var useRight: Bool
    var left: Int
    var right: Int
}

extension Either {
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decodeIfPresent(Int64.self, forKey: .id)
        useRight = try container.decode(Bool.self, forKey: .useRight)
        if useRight {
            right = try decoder.container(keyedBy: RightKeys.self).decode(Int.self, forKey: .right)
            left = try decoder.container(keyedBy: LeftKeys.self).decode(Int.self, forKey: .left)
        } else {
            left = try decoder.container(keyedBy: LeftKeys.self).decode(Int.self, forKey: .left)
            right = try decoder.container(keyedBy: RightKeys.self).decode(Int.self, forKey: .right)
        }
    }
}

/// A record whose coding keys rename its columns.
struct Renamed: ActiveRecord, Equatable {
    enum CodingKeys: String, CodingKey {
        case id
        case title = "headline"
        case count = "n"
    }

    var id: Int64?
    var title: String
    var count: Int
}

/// A record over a table made by hand, whose columns have no type: they keep whatever
/// storage class they are given.
struct Loose: ActiveRecord, Equatable {
    var id: Int64?
    var count: Int32
    var ratio: Double
    var name: String
    var flag: Bool
    var maybe: Int?
    var big: UInt64

    static let mapping = RecordMapping(table: "loose")
    static let createSQL = "CREATE TABLE loose (id INTEGER PRIMARY KEY, count, ratio, name, flag, maybe, big)"
}

@Suite("Records: decoding rows")
struct RecordDecodingTests {
    @Test func keysAskedInAnotherOrderThanTheColumnsGetTheirOwnColumns() throws {
        let db = try Database.inMemory()
        var written: [Backwards] = []
        for index in 0..<5 {
            var record = Backwards(first: index, second: "s\(index)", third: index.isMultiple(of: 2) ? nil : Double(index) / 2)
            try record.save(in: db)
            written.append(record)
        }
        #expect(try Backwards.all(in: db) == written)
        var iterated: [Backwards] = []
        try Backwards.query(in: db).orderAsc("id").forEach { iterated.append($0) }
        #expect(iterated == written)
    }

    @Test func keysAskedInAnOrderThatChangesFromRowToRowGetTheirOwnColumns() throws {
        let db = try Database.inMemory()
        var written: [Swayed] = []
        for index in 0..<6 {
            var record = Swayed(flip: index % 3 == 1, left: index * 10, right: -index)
            try record.save(in: db)
            written.append(record)
        }
        #expect(try Swayed.all(in: db) == written)
    }

    @Test func keysOfDifferentTypesWithTheSameBytesGetTheirOwnColumns() throws {
        let db = try Database.inMemory()
        var written: [Either] = []
        for index in 1...4 {
            let useRight = index.isMultiple(of: 2)
            var record = Either(useRight: useRight, left: index, right: 100 + index)
            try record.save(in: db)
            written.append(record)
        }
        #expect(try Either.all(in: db) == written)
    }

    @Test func customCodingKeysNameTheColumns() throws {
        let db = try Database.inMemory()
        var first = Renamed(title: "one", count: 1)
        var second = Renamed(title: "two", count: 2)
        try first.save(in: db)
        try second.save(in: db)
        let row = try #require(try db.fetchOne("SELECT headline, n FROM renamed WHERE id = 2"))
        #expect(row["headline"] == "two")
        #expect(row["n"] == 2)
        #expect(try Renamed.all(in: db) == [first, second])
    }

    @Test func valuesOfAnotherStorageClassConvertAsBefore() throws {
        let db = try Database.inMemory()
        try db.execute(Loose.createSQL)
        try db.execute(
            "INSERT INTO loose VALUES (1, 7, 0.5, 'plain', 1, NULL, 3), (2, 8.0, 2, CAST(x'41FF42' AS TEXT), 0.0, 4, '18446744073709551615')")
        let records = try Loose.all(in: db)
        #expect(records == [
            Loose(id: 1, count: 7, ratio: 0.5, name: "plain", flag: true, maybe: nil, big: 3),
            Loose(id: 2, count: 8, ratio: 2, name: "A\u{FFFD}B", flag: false, maybe: 4, big: .max),
        ])
    }

    @Test func valuesThatDoNotConvertNameTheirColumnAfterRowsThatDid() throws {
        let db = try Database.inMemory()
        try db.execute(Loose.createSQL)
        try db.execute("INSERT INTO loose VALUES (1, 7, 0.5, 'plain', 1, NULL, 3), (2, 8, 1.5, 'x', 0, 4, 5)")
        func expectSecondRow(_ assignment: String, throws error: ConversionError) throws {
            try db.execute("UPDATE loose SET \(assignment) WHERE id = 2")
            #expect(throws: error, "\(assignment)") { try Loose.all(in: db) }
            #expect(throws: error, "\(assignment)") { try Loose.query(in: db).orderAsc("id").forEach { _ in } }
            try db.execute("UPDATE loose SET count = 8, ratio = 1.5, name = 'x', flag = 0, maybe = 4, big = 5 WHERE id = 2")
        }
        try expectSecondRow("count = NULL", throws: .typeMismatch(expected: "Int32", value: .null, column: "count"))
        try expectSecondRow("count = 'abc'", throws: .typeMismatch(expected: "Int32", value: .text("abc"), column: "count"))
        try expectSecondRow(
            "count = 4294967296", throws: .invalidValue(expected: "Int32", value: .integer(4_294_967_296), column: "count"))
        try expectSecondRow("count = 2.5", throws: .invalidValue(expected: "Int32", value: .real(2.5), column: "count"))
        try expectSecondRow("ratio = 'high'", throws: .typeMismatch(expected: "Double", value: .text("high"), column: "ratio"))
        try expectSecondRow("name = 12", throws: .typeMismatch(expected: "String", value: .integer(12), column: "name"))
        try expectSecondRow("flag = 'yes'", throws: .typeMismatch(expected: "Bool", value: .text("yes"), column: "flag"))
        try expectSecondRow("maybe = 'four'", throws: .typeMismatch(expected: "Int", value: .text("four"), column: "maybe"))
        try expectSecondRow("big = -1", throws: .invalidValue(expected: "UInt64", value: .integer(-1), column: "big"))
        #expect(try Loose.all(in: db).count == 2)
    }

    @Test func rowsDecodeAfterTheTableChanged() throws {
        let db = try Database.inMemory()
        var first = Renamed(title: "one", count: 1)
        try first.save(in: db)
        #expect(try Renamed.all(in: db) == [first])
        try db.execute("ALTER TABLE renamed ADD COLUMN note TEXT")
        try db.execute("UPDATE renamed SET note = 'added'")
        var second = Renamed(title: "two", count: 2)
        try second.save(in: db)
        #expect(try Renamed.all(in: db) == [first, second])
    }
}
