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

/// A record whose `init(from:)` fetches other records between two reads of its own
/// container, from the database ``lookups`` gives.
struct Annotated: ActiveRecord, Equatable {
    @TaskLocal static var lookups: Database?

    var id: Int64?
    var label: String
    var count: Int
    var renamedSeen: Int = 0

    enum CodingKeys: String, CodingKey { case id, label, count }

    init(label: String, count: Int) {
        self.label = label
        self.count = count
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decodeIfPresent(Int64.self, forKey: .id)
        if let db = Self.lookups { renamedSeen = try Renamed.all(in: db).map(\.count).reduce(0, +) }
        label = try container.decode(String.self, forKey: .label)
        count = try container.decode(Int.self, forKey: .count)
    }
}

/// A record whose `init(from:)` hands its container to ``kept`` (when set), or uses it
/// on another thread (when ``onAnotherThread`` is set).
struct Leaky: ActiveRecord {
    @TaskLocal static var kept: ContainerBox?
    @TaskLocal static var onAnotherThread: ContainerBox?

    var id: Int64?
    var value: Int

    enum CodingKeys: String, CodingKey { case id, value }

    init(value: Int) {
        self.value = value
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decodeIfPresent(Int64.self, forKey: .id)
        value = try container.decode(Int.self, forKey: .value)
        Self.kept?.container = container
        if let box = Self.onAnotherThread {
            box.container = container
            box.useOnAnotherThread()
        }
    }

    /// Holds a container past the `init(from:)` that made it.
    // @unchecked Sendable: each test uses its box from one thread at a time (the other
    // thread's use is over before `useOnAnotherThread` returns).
    final class ContainerBox: @unchecked Sendable {
        var container: KeyedDecodingContainer<CodingKeys>?
        var otherThreadResult: Result<Int, any Error>?

        /// Decodes `value` through the container on a thread of its own, and waits for it.
        func useOnAnotherThread() {
            let done = DispatchSemaphore(value: 0)
            let thread = Thread { [self] in
                otherThreadResult = Result { try container!.decode(Int.self, forKey: .value) }
                done.signal()
            }
            thread.start()
            done.wait()
        }
    }
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

    @Test func aFetchInsideInitFromLeavesTheOuterContainerWorking() throws {
        let db = try Database.inMemory()
        var renamed = Renamed(title: "one", count: 5)
        try renamed.save(in: db)
        var written = [Annotated(label: "a", count: 1), Annotated(label: "b", count: 2)]
        try written.save(in: db)
        let fetched = try Annotated.$lookups.withValue(db) { try Annotated.query(in: db).orderAsc("id").records() }
        #expect(fetched.map(\.label) == ["a", "b"])
        #expect(fetched.map(\.count) == [1, 2])
        #expect(fetched.map(\.renamedSeen) == [5, 5])
        #expect(fetched.map(\.id) == written.map(\.id))
        let found = try #require(try Annotated.$lookups.withValue(db) { try Annotated.find(written[1].id!, in: db) })
        #expect(found.label == "b" && found.renamedSeen == 5)
    }

    @Test func aContainerKeptPastInitFromIsAnErrorNotACrash() throws {
        let db = try Database.inMemory()
        var record = Leaky(value: 7)
        try record.save(in: db)
        let box = Leaky.ContainerBox()
        let fetched = try Leaky.$kept.withValue(box) { try Leaky.all(in: db) }
        #expect(fetched.map(\.value) == [7])
        let container = try #require(box.container)
        let error = #expect(throws: RecordError.self) { try container.decode(Int.self, forKey: .value) }
        guard case .unsupportedType(_, let property, let type, _) = error else {
            Issue.record("unexpected \(String(describing: error))")
            return
        }
        #expect(property == "value" && type == "decoding container")
        #expect(throws: RecordError.self) { try container.decodeNil(forKey: .id) }
        #expect(throws: RecordError.self) { try container.superDecoder() }
        #expect(!container.contains(.value))
        #expect(container.allKeys.isEmpty)
        // Used during another fetch of the same type (a new decoder, perhaps at the same address).
        let again = try Leaky.all(in: db)
        #expect(again.map(\.value) == [7])
        #expect(throws: RecordError.self) { try container.decode(Int.self, forKey: .value) }
    }

    @Test func aContainerUsedOnAnotherThreadIsAnError() throws {
        let db = try Database.inMemory()
        var record = Leaky(value: 3)
        try record.save(in: db)
        let box = Leaky.ContainerBox()
        let fetched = try Leaky.$onAnotherThread.withValue(box) { try Leaky.all(in: db) }
        #expect(fetched.map(\.value) == [3])
        let result = try #require(box.otherThreadResult)
        #expect(throws: RecordError.self) { try result.get() }
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
