import Foundation
import Testing

@testable import BeeStore

enum Mood: String, Codable, Equatable {
    case happy, sad
}

/// The first case's raw value is neither empty nor zero.
enum Priority: Int, Codable, Equatable {
    case high = 7
    case low = 9
}

enum Size: String, Codable, CaseIterable, Equatable {
    case large = "L"
    case small = "S"
}

struct Address: Codable, Equatable {
    var street: String
    var zip: String?
    var tags: [String]
}

struct EveryType: ActiveRecord, Equatable {
    var id: Int64?
    var int: Int
    var int8: Int8
    var int16: Int16
    var int32: Int32
    var int64: Int64
    var uint: UInt
    var uint8: UInt8
    var uint16: UInt16
    var uint32: UInt32
    var uint64: UInt64
    var double: Double
    var float: Float
    var bool: Bool
    var string: String
    var data: Data
    var date: Date
    var uuid: UUID
    var url: URL
    var decimal: Decimal
    var mood: Mood
    var priority: Priority
    var size: Size
    var address: Address
    var addresses: [Address]
    var scores: [String: Int]
    var optionalInt: Int?
    var optionalString: String?
    var optionalDate: Date?
    var optionalMood: Mood?
    var optionalAddress: Address?
}

/// A record with a nested value stored as JSON text.
struct Resident: ActiveRecord {
    var id: Int64?
    var name: String
    var home: Address
}

/// A record whose `init(from:)` reads its optional properties in other ways than
/// `decodeIfPresent`, and one key twice.
struct OtherwiseOptional: ActiveRecord, Equatable {
    var id: Int64?
    var note: String?
    var stars: Int?
    var name: String
    var shout: String

    enum CodingKeys: String, CodingKey { case id, note, stars, name }

    init(note: String?, stars: Int?, name: String) {
        self.note = note
        self.stars = stars
        self.name = name
        self.shout = name.uppercased()
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decodeIfPresent(Int64.self, forKey: .id)
        note = try container.decodeNil(forKey: .note) ? nil : container.decode(String.self, forKey: .note)
        stars = try container.decode(Int?.self, forKey: .stars)
        name = try container.decode(String.self, forKey: .name)
        shout = try container.decode(String.self, forKey: .name).uppercased()
    }
}

struct Gadget: ActiveRecord, Equatable {
    var id: Int64?
    var name: String
    static var tableName: String { "my gadgets" }
}

struct WithShape: ActiveRecord {
    enum Shape: Codable {
        case circle(radius: Double)
        case square(side: Double)
    }

    var id: Int64?
    var shape: Shape
}

struct Picky: ActiveRecord {
    struct Even: Codable {
        let value: Int
        init(from decoder: any Decoder) throws {
            value = try decoder.singleValueContainer().decode(Int.self)
            guard value % 2 == 1 else {
                throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "must be odd"))
            }
        }
    }

    var id: Int64?
    var even: Even
}

struct Anonymous: ActiveRecord {
    var id: Int64?
    var name: String

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        id = nil
    }
}

/// A record whose columns are named in snake_case, and one whose columns keep their coding keys.
struct SnakeNote: ActiveRecord, Equatable {
    var id: Int64?
    var createdAt: Date
    var mainAuthor: Author?

    static let mapping = RecordMapping(columnNaming: .snakeCase)
}

struct CamelNote: ActiveRecord, Equatable {
    var id: Int64?
    var createdAt: Date
    var mainAuthor: Author?
}

@Suite("Records: property types and schema reflection")
struct RecordTypesTests {
    static let sample = EveryType(
        id: nil, int: -42, int8: .min, int16: .max, int32: -3, int64: .max, uint: 7, uint8: .max, uint16: 65535,
        uint32: .max, uint64: .max, double: 3.25, float: -1.5, bool: true, string: "蜂蜜 🐝 'quoted'",
        data: Data([0, 1, 255]), date: Date(timeIntervalSince1970: 1_700_000_000.5), uuid: UUID(),
        url: URL(string: "https://example.com/a?b=c")!, decimal: Decimal(string: "12345678901234567890.123")!,
        mood: .sad, priority: .low, size: .small, address: Address(street: "1 Main St", zip: nil, tags: ["x", "y"]),
        addresses: [Address(street: "A", zip: "1", tags: []), Address(street: "B", zip: nil, tags: ["z"])],
        scores: ["a": 1, "b": 2], optionalInt: nil, optionalString: "here", optionalDate: nil, optionalMood: .happy,
        optionalAddress: nil)

    @Test func everySupportedTypeRoundTrips() throws {
        let db = try Database.inMemory()
        var record = Self.sample
        try record.save(in: db)
        #expect(record.id == 1)
        let fetched = try #require(try EveryType.find(1, in: db))
        #expect(fetched == record)
    }

    @Test func reflectedColumnsHaveSQLiteTypesAndNullability() throws {
        let db = try Database.inMemory()
        _ = try EveryType.count(in: db)
        let columns = try db.fetchAll("SELECT name, type, \"notnull\", pk FROM pragma_table_info('every_type')")
        let byName = Dictionary(uniqueKeysWithValues: try columns.map { (try $0.decode(String.self, at: 0), $0) })
        func type(_ name: String) -> Value? { byName[name]?[1] }
        func notNull(_ name: String) -> Value? { byName[name]?[2] }
        #expect(byName["id"]?[3] == 1)
        for name in ["int", "int8", "uint32", "bool", "priority"] { #expect(type(name) == "INTEGER", "\(name)") }
        #expect(type("uint64") == "BLOB", "no affinity, so that values above Int64.max stay exact text")
        for name in ["double", "float"] { #expect(type(name) == "REAL", "\(name)") }
        for name in ["string", "date", "uuid", "url", "decimal", "mood", "size", "address", "addresses", "scores"] {
            #expect(type(name) == "TEXT", "\(name)")
        }
        #expect(type("data") == "BLOB")
        #expect(notNull("int") == 1)
        #expect(notNull("optionalInt") == 0)
        #expect(notNull("optionalAddress") == 0)
    }

    @Test func optionalsReadWithDecodeNilOrAsOptionalTypesAndKeysReadTwiceMapAsDeclared() throws {
        let db = try Database.inMemory()
        var records = [
            OtherwiseOptional(note: nil, stars: nil, name: "ann"), OtherwiseOptional(note: "hi", stars: 3, name: "bo"),
        ]
        try records.save(in: db)
        let columns = try db.fetchAll("SELECT name, type, \"notnull\" FROM pragma_table_info('otherwise_optional')")
            .map(\.values)
        #expect(columns == [["id", "INTEGER", 0], ["note", "TEXT", 0], ["stars", "INTEGER", 0], ["name", "TEXT", 1]])
        #expect(try OtherwiseOptional.all(in: db) == records)
        #expect(try OtherwiseOptional.find(records[0].id!, in: db)?.shout == "ANN")
    }

    @Test func storedValuesArePlainSQLite() throws {
        let db = try Database.inMemory()
        var record = Self.sample
        try record.save(in: db)
        let row = try #require(try db.fetchOne("SELECT mood, priority, size, address, date, bool, uint64 FROM every_type"))
        #expect(row["mood"] == "sad")
        #expect(row["priority"] == 9)
        #expect(row["size"] == "S")
        #expect(row["address"] == #"{"street":"1 Main St","tags":["x","y"]}"#)
        #expect(row["date"] == "2023-11-14 22:13:20.500")
        #expect(row["bool"] == 1)
        #expect(row["uint64"] == "18446744073709551615")
    }

    @Test func tableNamesDefaultToSnakeCaseAndCanBeOverridden() throws {
        #expect(EveryType.tableName == "every_type")
        #expect(snakeCase("URLRequest") == "url_request")
        #expect(snakeCase("BlogPost2") == "blog_post2")
        let db = try Database.inMemory()
        var gadget = Gadget(name: "drill")
        try gadget.save(in: db)
        #expect(try db.fetchValue(String.self, #"SELECT name FROM "my gadgets""#) == "drill")
    }

    @Test func unsupportedTypesGetATypedErrorNamingTheProperty() throws {
        let db = try Database.inMemory()
        let shape = try #require(throws: RecordError.self) { try WithShape.count(in: db) }
        guard case .unsupportedType(let record, let property, _, _) = shape else {
            Issue.record("unexpected \(shape)")
            return
        }
        #expect(record == "WithShape")
        #expect(property == "shape")
        let picky = try #require(throws: RecordError.self) { try Picky.count(in: db) }
        #expect(picky.description.hasPrefix("cannot store Picky.even of type Even"))
        #expect(throws: RecordError.missingPrimaryKey(record: "Anonymous")) { try Anonymous.count(in: db) }
        #expect(try db.fetchValue(Int.self, "SELECT count(*) FROM sqlite_master") == 0, "nothing was created")
    }

    @Test func wrongStoredTypeIsAConversionErrorNamingTheColumn() throws {
        let db = try Database.inMemory()
        var gadget = Gadget(name: "ok")
        try gadget.save(in: db)
        try db.execute(#"UPDATE "my gadgets" SET name = x'00ff'"#)
        #expect(throws: ConversionError.typeMismatch(expected: "String", value: .blob(Data([0, 255])), column: "name")) {
            try Gadget.all(in: db)
        }
    }

    @Test func aRawValueNoCaseHasIsAConversionErrorNamingTheColumn() throws {
        let db = try Database.inMemory()
        var record = Self.sample
        try record.save(in: db)
        try db.execute("UPDATE every_type SET mood = 'angry'")
        let error = ConversionError.invalidValue(expected: "Mood", value: "angry", column: "mood")
        #expect(throws: error) { try EveryType.all(in: db) }
        #expect(throws: error) { try EveryType.find(1, in: db) }
        struct MoodRow: Decodable { var mood: Mood }
        #expect(throws: error) { try db.fetchAll(MoodRow.self, "SELECT mood FROM every_type") }
    }

    @Test func unreadableJSONIsAnErrorNamingTheRecordAndTheColumn() throws {
        let db = try Database.inMemory()
        var resident = Resident(name: "Ann", home: Address(street: "1 Main St", zip: nil, tags: []))
        try resident.save(in: db)
        try db.execute("UPDATE resident SET home = '{not json'")
        let invalid = try #require(throws: RecordError.self) { try Resident.all(in: db) }
        guard case .invalidStoredJSON(let record, let column, let type, _) = invalid else {
            Issue.record("unexpected \(invalid)")
            return
        }
        #expect(record == "Resident" && column == "home" && type == "Address")
        #expect(invalid.description.contains("Resident"))
        #expect(invalid.description.contains(#"column "home""#))

        try db.execute(#"UPDATE resident SET home = '{"street": 5, "tags": []}'"#)
        let misshapen = try #require(throws: RecordError.self) { try Resident.find(1, in: db) }
        #expect(misshapen.description.contains("Resident"))
        #expect(misshapen.description.contains(#"column "home""#))
        #expect(misshapen.description.contains("street"), "the reason names the part of the value that is wrong")
    }

    @Test func jsonConstructorsDecodeRecordsAndTheirRelations() throws {
        let gadget = try Gadget(jsonString: #"{"id": 3, "name": "saw"}"#)
        #expect(gadget == Gadget(id: 3, name: "saw"))
        let fromDictionary = try Gadget(dictionary: ["name": "hammer"])
        #expect(fromDictionary == Gadget(id: nil, name: "hammer"))
        let many = try Gadget.records(fromArray: [["name": "a"], ["id": 9, "name": "b"]])
        #expect(many == [Gadget(id: nil, name: "a"), Gadget(id: 9, name: "b")])
        let array = try [Gadget](json: Data(#"[{"name":"c"}]"#.utf8))
        #expect(array == [Gadget(id: nil, name: "c")])
        #expect(String(decoding: try gadget.jsonData(), as: UTF8.self) == #"{"id":3,"name":"saw"}"#)
        #expect(throws: RecordError.self) { try Gadget(dictionary: ["name": Date()]) }
        #expect(throws: RecordError.self) { try Gadget(jsonString: #"{"id": "x"}"#) }
    }

    @Test func columnNamingIsChosenPerTypeAndRelationColumnsFollowIt() throws {
        let db = try Database.inMemory()
        let when = Date(timeIntervalSince1970: 1_700_000_000)
        var snake = SnakeNote(createdAt: when, mainAuthor: Author(name: "Ann"))
        var camel = CamelNote(createdAt: when, mainAuthor: Author(name: "Ben"))
        try snake.save(in: db)
        try camel.save(in: db)
        let columns = { (table: String) in
            try db.fetchAll("SELECT name FROM pragma_table_info(?)", [table]).map { try $0.decode(String.self, at: 0) }
        }
        #expect(try columns("snake_note") == ["id", "created_at", "main_author_id"])
        #expect(try columns("camel_note") == ["id", "createdAt", "mainAuthor_id"])
        // Either way, a record query names a column by its property too.
        #expect(try SnakeNote.query(in: db).where("createdAt", when).count() == 1)
        #expect(try SnakeNote.query(in: db).where("created_at", when).count() == 1)
        #expect(try SnakeNote.query(in: db).where("mainAuthor", snake.mainAuthor?.id).including("mainAuthor").first() == snake)
        #expect(try CamelNote.query(in: db).where("mainAuthor", camel.mainAuthor?.id).count() == 1)
        #expect(throws: RecordError.unknownColumn(record: "SnakeNote", column: "author")) {
            try SnakeNote.query(in: db).where("author", 1).count()
        }
    }
}

// MARK: - Infinities and NaN

/// Reals in a column of their own, optional, and inside a JSON value.
struct SensorReading: ActiveRecord, Equatable {
    var id: Int64?
    var value: Double
    var previous: Double?
    var samples: [Double]
}

extension RecordTypesTests {
    @Test func infinitiesAreStoredExactly() throws {
        let db = try Database.inMemory()
        var reading = SensorReading(value: .infinity, previous: -.infinity, samples: [1.5])
        try reading.save(in: db)
        #expect(try SensorReading.find(reading.id, in: db) == reading)
        #expect(try db.fetchValue(Double.self, "SELECT value FROM sensor_reading") == .infinity)
    }

    @Test(arguments: [
        (SensorReading(value: .nan, previous: nil, samples: []), "value"),
        (SensorReading(value: 1, previous: .nan, samples: []), "previous"),
    ])
    func nanIsAConversionErrorNamingItsColumn(reading: SensorReading, column: String) throws {
        let db = try Database.inMemory()
        var reading = reading
        let error = try #require(throws: ConversionError.self) { try reading.save(in: db) }
        guard case .invalidValue(_, .real(let value), column?) = error else {
            Issue.record("unexpected error \(error)")
            return
        }
        #expect(value.isNaN)
        #expect(try SensorReading.count(in: db) == 0, "nothing saved")
    }

    @Test(arguments: [Double.nan, .infinity, -.infinity])
    func aValueJSONCannotHoldIsARecordErrorNamingItsProperty(sample: Double) throws {
        let db = try Database.inMemory()
        var reading = SensorReading(value: 1, previous: nil, samples: [1, sample])
        let error = try #require(throws: RecordError.self) { try reading.save(in: db) }
        guard case .unencodableJSON("SensorReading", "samples", _) = error else {
            Issue.record("unexpected error \(error)")
            return
        }
        #expect(throws: RecordError.self) { try reading.jsonData() }
        #expect(try SensorReading.count(in: db) == 0, "nothing saved")
    }

    @Test func jsonConstructorsThrowRecordErrors() throws {
        for text in ["{", #"{"value": "high", "samples": []}"#, #"{"samples": []}"#, "[]"] {
            let error = try #require(throws: RecordError.self) { try SensorReading(jsonString: text) }
            guard case .invalidJSON("SensorReading", _) = error else {
                Issue.record("unexpected error \(error) for \(text)")
                continue
            }
        }
        #expect(throws: RecordError.self) { try SensorReading(dictionary: ["value": "x", "samples": []]) }
        #expect(throws: RecordError.self) { try [SensorReading](json: Data(#"[{"value": 1}]"#.utf8)) }
        #expect(try SensorReading(jsonString: #"{"value": 2, "samples": [3]}"#) == SensorReading(value: 2, previous: nil, samples: [3]))
    }
}
