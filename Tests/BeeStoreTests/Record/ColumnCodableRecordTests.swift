import BeeStore
import Foundation
import Testing

// MARK: - The two kinds of record

/// The type parameter that picks how a record of the shared tests codes its columns:
/// through its `Codable` conformance only (``Plain``), or by position (``Positional``,
/// which adds a hand-written `ColumnCodableRecord` conformance). The two kinds of one
/// record type have the same stored properties and table by construction.
private protocol KindMarker: Sendable {}

/// Records coded through their `Codable` conformance only.
private enum Plain: KindMarker {}

/// Records that read and write their columns by position.
private enum Positional: KindMarker {}

/// A raw-value enum stored as its text.
private enum Shade: String, Codable, Sendable {
    case teal, amber
}

/// A raw-value enum stored as its integer.
private enum Rank: Int, Codable, Sendable {
    case low = 1
    case high = 3
}

/// A nested value stored as JSON text.
private struct Dimensions: Codable, Equatable, Sendable {
    var width: Double
    var height: Double
}

// MARK: - Record types of both kinds

/// Every kind of value a record stores, each optional too.
private struct Specimen<Kind: KindMarker>: ActiveRecord, Equatable {
    var id: Int64?
    var serial: Int64
    var count: Int
    var small: Int32
    var tiny: Int8
    var byte: UInt8
    var huge: UInt64
    var flag: Bool
    var ratio: Double
    var fraction: Float
    var text: String
    var data: Data
    var date: Date
    var uuid: UUID
    var url: URL
    var decimal: Decimal
    var shade: Shade
    var rank: Rank
    var dimensions: Dimensions
    var tags: [String]
    var maybeSerial: Int64?
    var maybeCount: Int?
    var maybeSmall: Int32?
    var maybeTiny: Int8?
    var maybeByte: UInt8?
    var maybeHuge: UInt64?
    var maybeFlag: Bool?
    var maybeRatio: Double?
    var maybeFraction: Float?
    var maybeText: String?
    var maybeData: Data?
    var maybeDate: Date?
    var maybeUUID: UUID?
    var maybeURL: URL?
    var maybeDecimal: Decimal?
    var maybeShade: Shade?
    var maybeRank: Rank?
    var maybeDimensions: Dimensions?

    static var tableName: String { "specimen" }
}

extension Specimen: ColumnCodableRecord where Kind == Positional {
    static var storedProperties: [RecordProperty] {
        [
            RecordProperty("id", Int64?.self), RecordProperty("serial", Int64.self), RecordProperty("count", Int.self),
            RecordProperty("small", Int32.self), RecordProperty("tiny", Int8.self), RecordProperty("byte", UInt8.self),
            RecordProperty("huge", UInt64.self), RecordProperty("flag", Bool.self), RecordProperty("ratio", Double.self),
            RecordProperty("fraction", Float.self), RecordProperty("text", String.self),
            RecordProperty("data", Data.self), RecordProperty("date", Date.self), RecordProperty("uuid", UUID.self),
            RecordProperty("url", URL.self), RecordProperty("decimal", Decimal.self),
            RecordProperty("shade", Shade.self), RecordProperty("rank", Rank.self),
            RecordProperty("dimensions", Dimensions.self), RecordProperty("tags", [String].self),
            RecordProperty("maybeSerial", Int64?.self), RecordProperty("maybeCount", Int?.self),
            RecordProperty("maybeSmall", Int32?.self), RecordProperty("maybeTiny", Int8?.self),
            RecordProperty("maybeByte", UInt8?.self), RecordProperty("maybeHuge", UInt64?.self),
            RecordProperty("maybeFlag", Bool?.self), RecordProperty("maybeRatio", Double?.self),
            RecordProperty("maybeFraction", Float?.self), RecordProperty("maybeText", String?.self),
            RecordProperty("maybeData", Data?.self), RecordProperty("maybeDate", Date?.self),
            RecordProperty("maybeUUID", UUID?.self), RecordProperty("maybeURL", URL?.self),
            RecordProperty("maybeDecimal", Decimal?.self), RecordProperty("maybeShade", Shade?.self),
            RecordProperty("maybeRank", Rank?.self), RecordProperty("maybeDimensions", Dimensions?.self),
        ]
    }

    init(columns: inout ColumnReader) throws {
        id = try columns.read(Int64?.self)
        serial = try columns.read(Int64.self)
        count = try columns.read(Int.self)
        small = try columns.read(Int32.self)
        tiny = try columns.read(Int8.self)
        byte = try columns.read(UInt8.self)
        huge = try columns.read(UInt64.self)
        flag = try columns.read(Bool.self)
        ratio = try columns.read(Double.self)
        fraction = try columns.read(Float.self)
        text = try columns.read(String.self)
        data = try columns.read(Data.self)
        date = try columns.read(Date.self)
        uuid = try columns.read(UUID.self)
        url = try columns.read(URL.self)
        decimal = try columns.read(Decimal.self)
        shade = try columns.read(Shade.self)
        rank = try columns.read(Rank.self)
        dimensions = try columns.read(Dimensions.self)
        tags = try columns.read([String].self)
        maybeSerial = try columns.read(Int64?.self)
        maybeCount = try columns.read(Int?.self)
        maybeSmall = try columns.read(Int32?.self)
        maybeTiny = try columns.read(Int8?.self)
        maybeByte = try columns.read(UInt8?.self)
        maybeHuge = try columns.read(UInt64?.self)
        maybeFlag = try columns.read(Bool?.self)
        maybeRatio = try columns.read(Double?.self)
        maybeFraction = try columns.read(Float?.self)
        maybeText = try columns.read(String?.self)
        maybeData = try columns.read(Data?.self)
        maybeDate = try columns.read(Date?.self)
        maybeUUID = try columns.read(UUID?.self)
        maybeURL = try columns.read(URL?.self)
        maybeDecimal = try columns.read(Decimal?.self)
        maybeShade = try columns.read(Shade?.self)
        maybeRank = try columns.read(Rank?.self)
        maybeDimensions = try columns.read(Dimensions?.self)
    }

    func encode(to columns: inout ColumnWriter) throws {
        try columns.write(id)
        try columns.write(serial)
        try columns.write(count)
        try columns.write(small)
        try columns.write(tiny)
        try columns.write(byte)
        try columns.write(huge)
        try columns.write(flag)
        try columns.write(ratio)
        try columns.write(fraction)
        try columns.write(text)
        try columns.write(data)
        try columns.write(date)
        try columns.write(uuid)
        try columns.write(url)
        try columns.write(decimal)
        try columns.write(shade)
        try columns.write(rank)
        try columns.write(dimensions)
        try columns.write(tags)
        try columns.write(maybeSerial)
        try columns.write(maybeCount)
        try columns.write(maybeSmall)
        try columns.write(maybeTiny)
        try columns.write(maybeByte)
        try columns.write(maybeHuge)
        try columns.write(maybeFlag)
        try columns.write(maybeRatio)
        try columns.write(maybeFraction)
        try columns.write(maybeText)
        try columns.write(maybeData)
        try columns.write(maybeDate)
        try columns.write(maybeUUID)
        try columns.write(maybeURL)
        try columns.write(maybeDecimal)
        try columns.write(maybeShade)
        try columns.write(maybeRank)
        try columns.write(maybeDimensions)
    }
}

/// The target of belongs-to relations.
private struct Keeper<Kind: KindMarker>: ActiveRecord, Equatable {
    var id: Int64?
    var name: String
    var level: Int

    static var tableName: String { "keeper" }
}

extension Keeper: ColumnCodableRecord where Kind == Positional {
    static var storedProperties: [RecordProperty] {
        [RecordProperty("id", Int64?.self), RecordProperty("name", String.self), RecordProperty("level", Int.self)]
    }

    init(columns: inout ColumnReader) throws {
        id = try columns.read(Int64?.self)
        name = try columns.read(String.self)
        level = try columns.read(Int.self)
    }

    func encode(to columns: inout ColumnWriter) throws {
        try columns.write(id)
        try columns.write(name)
        try columns.write(level)
    }
}

/// A child of has-many relations.
private struct Part<Kind: KindMarker>: ActiveRecord, Equatable {
    var id: Int64?
    var label: String
    var weight: Double?

    static var tableName: String { "part" }
}

extension Part: ColumnCodableRecord where Kind == Positional {
    static var storedProperties: [RecordProperty] {
        [RecordProperty("id", Int64?.self), RecordProperty("label", String.self), RecordProperty("weight", Double?.self)]
    }

    init(columns: inout ColumnReader) throws {
        id = try columns.read(Int64?.self)
        label = try columns.read(String.self)
        weight = try columns.read(Double?.self)
    }

    func encode(to columns: inout ColumnWriter) throws {
        try columns.write(id)
        try columns.write(label)
        try columns.write(weight)
    }
}

/// The child of a has-one relation.
private struct Badge<Kind: KindMarker>: ActiveRecord, Equatable {
    var id: Int64?
    var title: String

    static var tableName: String { "badge" }
}

extension Badge: ColumnCodableRecord where Kind == Positional {
    static var storedProperties: [RecordProperty] {
        [RecordProperty("id", Int64?.self), RecordProperty("title", String.self)]
    }

    init(columns: inout ColumnReader) throws {
        id = try columns.read(Int64?.self)
        title = try columns.read(String.self)
    }

    func encode(to columns: inout ColumnWriter) throws {
        try columns.write(id)
        try columns.write(title)
    }
}

/// A record with every kind of relation: belongs-to (required and optional), has-many
/// (required and optional) and an optional has-one.
private struct Rack<Kind: KindMarker>: ActiveRecord, Equatable {
    var id: Int64?
    var name: String
    var owner: Keeper<Kind>
    var backup: Keeper<Kind>?
    var parts: [Part<Kind>]
    var spares: [Part<Kind>]?
    var badge: Badge<Kind>?

    static var tableName: String { "rack" }
    static var mapping: RecordMapping { RecordMapping().hasMany("spares", foreignKey: "spare_rack_id").hasOne("badge") }

    /// The rack as a fetch that includes none of its optional relations loads it.
    var withRequiredRelations: Rack {
        var rack = self
        rack.backup = nil
        rack.spares = nil
        rack.badge = nil
        return rack
    }
}

extension Rack: ColumnCodableRecord where Kind == Positional {
    static var storedProperties: [RecordProperty] {
        [
            RecordProperty("id", Int64?.self), RecordProperty("name", String.self),
            RecordProperty("owner", Keeper<Kind>.self), RecordProperty("backup", Keeper<Kind>?.self),
            RecordProperty("parts", [Part<Kind>].self), RecordProperty("spares", [Part<Kind>]?.self),
            RecordProperty("badge", Badge<Kind>?.self),
        ]
    }

    init(columns: inout ColumnReader) throws {
        id = try columns.read(Int64?.self)
        name = try columns.read(String.self)
        owner = try columns.read(Keeper<Kind>.self)
        backup = try columns.read(Keeper<Kind>?.self)
        parts = try columns.read([Part<Kind>].self)
        spares = try columns.read([Part<Kind>]?.self)
        badge = try columns.read(Badge<Kind>?.self)
    }

    func encode(to columns: inout ColumnWriter) throws {
        try columns.write(id)
        try columns.write(name)
        try columns.write(owner)
        try columns.write(backup)
        try columns.write(parts)
        try columns.write(spares)
        try columns.write(badge)
    }
}

/// A record with a required has-one relation.
private struct Locker<Kind: KindMarker>: ActiveRecord, Equatable {
    var id: Int64?
    var name: String
    var badge: Badge<Kind>

    static var tableName: String { "locker" }
    static var mapping: RecordMapping { RecordMapping().hasOne("badge") }
}

extension Locker: ColumnCodableRecord where Kind == Positional {
    static var storedProperties: [RecordProperty] {
        [RecordProperty("id", Int64?.self), RecordProperty("name", String.self), RecordProperty("badge", Badge<Kind>.self)]
    }

    init(columns: inout ColumnReader) throws {
        id = try columns.read(Int64?.self)
        name = try columns.read(String.self)
        badge = try columns.read(Badge<Kind>.self)
    }

    func encode(to columns: inout ColumnWriter) throws {
        try columns.write(id)
        try columns.write(name)
        try columns.write(badge)
    }
}

// MARK: - What both kinds write

/// What ``Catalog/write(in:)`` saved, as the saves returned it.
private struct Written<Kind: KindMarker> {
    let specimens: [Specimen<Kind>]
    let keepers: [Keeper<Kind>]
    let racks: [Rack<Kind>]
}

/// The records the shared tests write: the same values for both kinds.
private enum Catalog<Kind: KindMarker> {
    /// A specimen holding a value in every property, and one leaving every optional nil.
    static func specimens() throws -> [Specimen<Kind>] {
        let filled = Specimen<Kind>(
            serial: 9_007_199_254_740_993, count: -42, small: .min, tiny: .min, byte: .max, huge: .max, flag: true,
            ratio: 0.1, fraction: 0.1,
            text: "O'Brien said \"e\u{301}t\u{E9}\" \u{1F41D} \u{1F469}\u{200D}\u{1F469}\u{200D}\u{1F467}",
            data: Data([0, 1, 0xFE, 0xFF]), date: Date(timeIntervalSince1970: 1_700_000_000.25),
            uuid: try #require(UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")),
            url: try #require(URL(string: "https://example.com/a%20b?q=1&r=%C3%A9#top")),
            decimal: try #require(Decimal(string: "12345678901234567890.0123456789")),
            shade: .amber, rank: .high, dimensions: Dimensions(width: 1.5, height: -2), tags: ["a", "b'c", ""],
            maybeSerial: .min, maybeCount: .max, maybeSmall: -1, maybeTiny: .max, maybeByte: 0,
            maybeHuge: UInt64(Int64.max) + 1, maybeFlag: false, maybeRatio: -1e300,
            maybeFraction: .greatestFiniteMagnitude, maybeText: "", maybeData: Data(),
            maybeDate: Date(timeIntervalSince1970: 86_400.5),
            maybeUUID: UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1)),
            maybeURL: URL(filePath: "/tmp/x y"), maybeDecimal: -0.5,
            maybeShade: .teal, maybeRank: .low, maybeDimensions: Dimensions(width: 0, height: 0))
        let sparse = Specimen<Kind>(
            serial: 0, count: 0, small: 0, tiny: 0, byte: 0, huge: 0, flag: false, ratio: -2.5, fraction: 0, text: "",
            data: Data(), date: Date(timeIntervalSince1970: 0),
            uuid: try #require(UUID(uuidString: "FFFFFFFF-0000-4000-8000-000000000000")),
            url: try #require(URL(string: "https://example.org")), decimal: 0, shade: .teal, rank: .low,
            dimensions: Dimensions(width: 0, height: 0), tags: [])
        return [filled, sparse]
    }

    /// Writes every way a record is written: the specimens twice (inserts), then the
    /// first copy of each edited by an update and by a save with a key (an upsert), and
    /// racks with their relations (a keeper saved and updated before, related
    /// records inserted with the racks).
    static func write(in db: Database) throws -> Written<Kind> {
        let samples = try specimens()
        var specimens = samples + samples
        try specimens.save(in: db)
        specimens[2].text = "edited"
        specimens[2].huge = 1
        specimens[2].maybeText = nil
        specimens[2].maybeDimensions = nil
        try specimens[2].update(in: db)
        specimens[3].count = -1
        specimens[3].maybeHuge = .max
        specimens[3].maybeShade = .amber
        specimens[3].maybeDate = Date(timeIntervalSince1970: 2.5)
        try specimens[3].save(in: db)

        var keeper = Keeper<Kind>(name: "Ada", level: 3)
        try keeper.save(in: db)
        keeper.level = 4
        try keeper.update(in: db)
        var racks = [
            Rack<Kind>(
                name: "top", owner: keeper, backup: Keeper(name: "Grace", level: 1),
                parts: [Part(label: "bolt", weight: 1.5), Part(label: "nut", weight: nil)],
                spares: [Part(label: "washer", weight: 0.25)], badge: Badge(title: "gold")),
            Rack<Kind>(name: "bottom", owner: Keeper(name: "Linus", level: 0), backup: nil, parts: [], spares: [], badge: nil),
        ]
        try racks.save(in: db)
        return Written(
            specimens: specimens, keepers: [keeper, try #require(racks[0].backup), racks[1].owner], racks: racks)
    }
}

// MARK: - Records that never go through Codable

/// What a record's `Codable` conformance throws when a read or a write goes through it.
private enum CodableConformanceUsed: Error, Equatable {
    case encoding, decoding
}

/// A record whose `Codable` conformance throws: only its positional reads and writes work.
private struct Sealed: ActiveRecord, Equatable {
    var id: Int64?
    var label: String
    var grade: Int8
    var stamp: Date?
}

extension Sealed: ColumnCodableRecord {
    static let storedProperties = [
        RecordProperty("id", Int64?.self), RecordProperty("label", String.self), RecordProperty("grade", Int8.self),
        RecordProperty("stamp", Date?.self),
    ]

    init(from decoder: any Decoder) throws {
        throw CodableConformanceUsed.decoding
    }

    func encode(to encoder: any Encoder) throws {
        throw CodableConformanceUsed.encoding
    }

    init(columns: inout ColumnReader) throws {
        id = try columns.read(Int64?.self)
        label = try columns.read(String.self)
        grade = try columns.read(Int8.self)
        stamp = try columns.read(Date?.self)
    }

    func encode(to columns: inout ColumnWriter) throws {
        try columns.write(id)
        try columns.write(label)
        try columns.write(grade)
        try columns.write(stamp)
    }
}

/// A positional record whose relations lead to records that never go through `Codable`.
private struct Crate: ActiveRecord, Equatable {
    var id: Int64?
    var name: String
    var holder: Sealed
    var spare: Sealed?
    var contents: [Sealed]
}

extension Crate: ColumnCodableRecord {
    static let storedProperties = [
        RecordProperty("id", Int64?.self), RecordProperty("name", String.self), RecordProperty("holder", Sealed.self),
        RecordProperty("spare", Sealed?.self), RecordProperty("contents", [Sealed].self),
    ]

    init(columns: inout ColumnReader) throws {
        id = try columns.read(Int64?.self)
        name = try columns.read(String.self)
        holder = try columns.read(Sealed.self)
        spare = try columns.read(Sealed?.self)
        contents = try columns.read([Sealed].self)
    }

    func encode(to columns: inout ColumnWriter) throws {
        try columns.write(id)
        try columns.write(name)
        try columns.write(holder)
        try columns.write(spare)
        try columns.write(contents)
    }
}

// MARK: - Positional coding gone wrong

/// A record whose positional coding goes past the properties it lists: it left
/// `nickname` out of them.
private struct Overreader: ActiveRecord {
    var id: Int64?
    var name: String
    var nickname: String?
}

extension Overreader: ColumnCodableRecord {
    static let storedProperties = [RecordProperty("id", Int64?.self), RecordProperty("name", String.self)]

    init(columns: inout ColumnReader) throws {
        id = try columns.read(Int64?.self)
        name = try columns.read(String.self)
        nickname = try columns.read(String?.self)
    }

    func encode(to columns: inout ColumnWriter) throws {
        try columns.write(id)
        try columns.write(name)
        try columns.write(nickname)
    }
}

/// A record whose `encode(to:)` writes its last property only when it has one.
private struct Underwriter: ActiveRecord, Equatable {
    var id: Int64?
    var name: String
    var nickname: String?
}

extension Underwriter: ColumnCodableRecord {
    static let storedProperties = [
        RecordProperty("id", Int64?.self), RecordProperty("name", String.self), RecordProperty("nickname", String?.self),
    ]

    init(columns: inout ColumnReader) throws {
        id = try columns.read(Int64?.self)
        name = try columns.read(String.self)
        nickname = try columns.read(String?.self)
    }

    func encode(to columns: inout ColumnWriter) throws {
        try columns.write(id)
        try columns.write(name)
        if let nickname { try columns.write(nickname) }
    }
}

/// A positional record whose key is neither its first nor its last column.
private struct Midkey: ActiveRecord, Equatable {
    var name: String
    var id: Int64?
    var score: Int
}

extension Midkey: ColumnCodableRecord {
    static let storedProperties = [
        RecordProperty("name", String.self), RecordProperty("id", Int64?.self), RecordProperty("score", Int.self),
    ]

    init(columns: inout ColumnReader) throws {
        name = try columns.read(String.self)
        id = try columns.read(Int64?.self)
        score = try columns.read(Int.self)
    }

    func encode(to columns: inout ColumnWriter) throws {
        try columns.write(name)
        try columns.write(id)
        try columns.write(score)
    }
}

/// A record whose `init(columns:)` reads one of its relations as another type than the
/// one its stored properties list.
private protocol Misreader: ColumnCodableRecord {
    /// The relation read as another type.
    static var relation: String { get }
    /// The type `init(columns:)` reads the relation as.
    static var misreadType: Any.Type { get }
    /// The SQL inserting a record with its relation.
    static var rows: String { get }
}

/// The rows of a misreader whose misread relation is to parts.
private let misreaderWithParts = """
    INSERT INTO misreader (id) VALUES (1);
    INSERT INTO part (label, weight, misreader_id) VALUES ('bolt', 1.5, 1);
    """

/// Reads its has-many relation to parts as keepers.
private struct PartsReadAsKeepers: Misreader {
    var id: Int64?
    var parts: [Keeper<Positional>]

    static let tableName = "misreader"
    static let storedProperties = [RecordProperty("id", Int64?.self), RecordProperty("parts", [Part<Positional>].self)]
    static let relation = "parts"
    static var misreadType: Any.Type { [Keeper<Positional>].self }
    static let rows = misreaderWithParts

    init(columns: inout ColumnReader) throws {
        id = try columns.read(Int64?.self)
        parts = try columns.read([Keeper<Positional>].self)
    }

    func encode(to columns: inout ColumnWriter) throws {
        try columns.write(id)
        try columns.write(parts)
    }
}

/// Reads its has-many relation to parts as an integer.
private struct PartsReadAsCount: Misreader {
    var id: Int64?
    var parts: Int

    static let tableName = "misreader"
    static let storedProperties = [RecordProperty("id", Int64?.self), RecordProperty("parts", [Part<Positional>].self)]
    static let relation = "parts"
    static var misreadType: Any.Type { Int.self }
    static let rows = misreaderWithParts

    init(columns: inout ColumnReader) throws {
        id = try columns.read(Int64?.self)
        parts = try columns.read(Int.self)
    }

    func encode(to columns: inout ColumnWriter) throws {
        try columns.write(id)
        try columns.write(parts)
    }
}

/// Reads its optional has-many relation to parts as keepers.
private struct SparesReadAsKeepers: Misreader {
    var id: Int64?
    var spares: [Keeper<Positional>]?

    static let tableName = "misreader"
    static let storedProperties = [RecordProperty("id", Int64?.self), RecordProperty("spares", [Part<Positional>]?.self)]
    static let relation = "spares"
    static var misreadType: Any.Type { [Keeper<Positional>]?.self }
    static let rows = misreaderWithParts

    init(columns: inout ColumnReader) throws {
        id = try columns.read(Int64?.self)
        spares = try columns.read([Keeper<Positional>]?.self)
    }

    func encode(to columns: inout ColumnWriter) throws {
        try columns.write(id)
        try columns.write(spares)
    }
}

/// Reads its optional belongs-to relation to a keeper as a badge.
private struct BackupReadAsBadge: Misreader {
    var id: Int64?
    var backup: Badge<Positional>?

    static let tableName = "misreader"
    static let storedProperties = [RecordProperty("id", Int64?.self), RecordProperty("backup", Keeper<Positional>?.self)]
    static let relation = "backup"
    static var misreadType: Any.Type { Badge<Positional>?.self }
    static let rows = """
        INSERT INTO keeper (id, name, level) VALUES (1, 'Ada', 3);
        INSERT INTO misreader (id, backup_id) VALUES (1, 1);
        """

    init(columns: inout ColumnReader) throws {
        id = try columns.read(Int64?.self)
        backup = try columns.read(Badge<Positional>?.self)
    }

    func encode(to columns: inout ColumnWriter) throws {
        try columns.write(id)
        try columns.write(backup)
    }
}

// MARK: - Tests

@Suite("Column-codable records")
struct ColumnCodableRecordTests {
    /// The two kinds of record the shared tests run over.
    enum RecordKind: CaseIterable, Sendable {
        case codable, columnCodable

        fileprivate var marker: any KindMarker.Type {
            switch self {
            case .codable: Plain.self
            case .columnCodable: Positional.self
            }
        }
    }

    /// Ways a hand-written `init(columns:)` reads a relation as another type than it is.
    enum Misreading: CaseIterable, Sendable {
        case recordsOfAnotherType, integer, optionalRecordsOfAnotherType, optionalRecordOfAnotherType

        fileprivate var record: any Misreader.Type {
            switch self {
            case .recordsOfAnotherType: PartsReadAsKeepers.self
            case .integer: PartsReadAsCount.self
            case .optionalRecordsOfAnotherType: SparesReadAsKeepers.self
            case .optionalRecordOfAnotherType: BackupReadAsBadge.self
            }
        }
    }

    @Test(
        "Records written by either kind store the same rows as Codable records and read back the same values through every read path",
        arguments: RecordKind.allCases, RecordKind.allCases)
    func roundTrip(writtenAs writer: RecordKind, readAs reader: RecordKind) throws {
        try Self.roundTrip(writer.marker, reader.marker)
    }

    @Test("first() keeps a limit of zero, and honours an offset", arguments: RecordKind.allCases)
    func firstWithLimitAndOffset(kind: RecordKind) throws {
        try Self.expectFirstWithLimitAndOffset(kind.marker)
    }

    @Test("Text in an integer or real column is a conversion error naming the column", arguments: RecordKind.allCases)
    func textInANumberColumn(kind: RecordKind) throws {
        try Self.expectTextInNumberColumnsRefused(kind.marker)
    }

    @Test(
        "A fetch of any number of rows returns every record once and in order, and a row that does not convert fails the whole fetch wherever it is",
        arguments: RecordKind.allCases)
    func fetchesOfEverySize(kind: RecordKind) throws {
        try Self.expectFetchesOfEverySize(kind.marker)
    }

    @Test("NULL in a required column is the conversion error a Codable record gives, naming the column")
    func nullInARequiredColumn() throws {
        let db = try Database(path: ":memory:")
        var specimens = try Catalog<Plain>.specimens()
        try specimens.save(in: db)
        // Both kinds check the table before its constraints go.
        #expect(try Specimen<Positional>.count(in: db) == 2)
        let required = try db.fetchAll(
            "SELECT name FROM pragma_table_info('specimen') WHERE \"notnull\" AND NOT pk ORDER BY cid"
        ).map { try $0.decode(String.self, at: 0) }
        #expect(required == [
            "serial", "count", "small", "tiny", "byte", "huge", "flag", "ratio", "fraction", "text", "data", "date",
            "uuid", "url", "decimal", "shade", "rank", "dimensions", "tags",
        ])
        // The same columns without their constraints, as another program may have left them.
        try db.execute(script: """
            ALTER TABLE specimen RENAME TO strict_specimen;
            CREATE TABLE specimen AS SELECT * FROM strict_specimen;
            DROP TABLE strict_specimen;
            """)
        for (offset, column) in required.enumerated() {
            let id = Int64(100 + offset)
            try db.execute("INSERT INTO specimen SELECT * FROM specimen WHERE id = 1")
            try db.execute("UPDATE specimen SET id = ?, \"\(column)\" = NULL WHERE rowid = last_insert_rowid()", [id])
            let codable = #expect(throws: ConversionError.self) { try Specimen<Plain>.find(id, in: db) }
            let positional = #expect(throws: ConversionError.self) { try Specimen<Positional>.find(id, in: db) }
            #expect(positional == codable, "\(column)")
            #expect(positional.flatMap(Self.column(of:)) == column)
        }
    }

    @Test("A required has-one relation without its record is the error a Codable record gives", arguments: RecordKind.allCases)
    func requiredHasOneWithoutItsRecord(kind: RecordKind) throws {
        try Self.expectRequiredHasOneWithoutItsRecordRefused(kind.marker)
    }

    @Test("A positional record's lookup kept on its connection reads each row afresh, after a missing row and after a row that did not convert")
    func keptPositionalLookupsReadEachRowAfresh() throws {
        typealias Meter = Keeper<Positional>
        let db = try Database.inMemory()
        var meters = [Meter(name: "gas", level: 12), Meter(name: "water", level: 7), Meter(name: "power", level: 40)]
        try meters.save(in: db)
        let ids = meters.compactMap(\.id)
        #expect(ids.count == 3)
        // In one read: every lookup takes the connection's kept statement and reader.
        try db.read { _ throws in
            for (meter, id) in zip(meters + meters.reversed(), ids + ids.reversed()) {
                #expect(try Meter.find(id, in: db) == meter)
                #expect(try Meter.where("id", id).first(in: db) == meter)
            }
            #expect(try Meter.find((ids.max() ?? 0) + 1, in: db) == nil)
            #expect(try Meter.find(ids[1], in: db) == meters[1], "after a missing row")
        }
        try db.execute("UPDATE keeper SET level = 'high' WHERE id = ?", [ids[0]])
        #expect(throws: ConversionError.self) { try Meter.find(ids[0], in: db) }
        #expect(try Meter.find(ids[2], in: db) == meters[2], "after a row that did not convert")
    }

    @Test("A positional record is saved, updated and read without its Codable conformance, alone and as a relation")
    func positionalRecordsBypassCodable() throws {
        let sample = Sealed(label: "a", grade: -3, stamp: Date(timeIntervalSince1970: 5.5))
        #expect(throws: CodableConformanceUsed.encoding) { try JSONEncoder().encode(sample) }
        #expect(throws: CodableConformanceUsed.decoding) { try JSONDecoder().decode(Sealed.self, from: Data("{}".utf8)) }

        let db = try Database(path: ":memory:")
        var first = sample
        try first.save(in: db)
        var second = Sealed(label: "b", grade: 7, stamp: nil)
        try second.insert(in: db)
        second.grade = 8
        try second.update(in: db)
        first.label = "A"
        try first.save(in: db)
        #expect(try Sealed.all(in: db) == [first, second])
        #expect(try Sealed.find(2, in: db) == second)
        #expect(try Sealed.first(in: db) == first)
        #expect(try Sealed.last(in: db) == second)
        #expect(try Sealed.query(in: db).where("label", "b").records() == [second])
        #expect(try Sealed.query(in: db).orderAsc("id").offset(1).first() == second)
        var iterated: [Sealed] = []
        try Sealed.query(in: db).orderAsc("id").forEach { iterated.append($0) }
        #expect(iterated == [first, second])

        var crate = Crate(
            name: "box", holder: first, spare: Sealed(label: "spare", grade: 0, stamp: nil),
            contents: [Sealed(label: "c1", grade: 1, stamp: nil), Sealed(label: "c2", grade: 2, stamp: Date(timeIntervalSince1970: 1))])
        try crate.save(in: db)
        let crateID = try #require(crate.id)
        var withoutSpare = crate
        withoutSpare.spare = nil
        #expect(try Crate.all(in: db) == [withoutSpare])
        #expect(try Crate.find(crateID, in: db) == withoutSpare)
        let withSpare = Crate.query(in: db).including("spare")
        #expect(try withSpare.records() == [crate])
        #expect(try withSpare.first() == crate)
        #expect(try withSpare.find(crateID) == crate)
        var iteratedCrates: [Crate] = []
        try withSpare.forEach { iteratedCrates.append($0) }
        #expect(iteratedCrates == [crate])
    }

    @Test("Reading or writing more properties than storedProperties lists is a record error")
    func codingPastTheStoredProperties() throws {
        let db = try Database(path: ":memory:")
        var record = Overreader(name: "Ada", nickname: "A")
        let writeError = #expect(throws: RecordError.self) { try record.save(in: db) }
        #expect(writeError.flatMap(Self.unsupported) == ["Overreader", "#3", "ColumnWriter"])

        try db.execute("INSERT INTO overreader (id, name) VALUES (1, 'Ada')")
        let readError = try #require(#expect(throws: RecordError.self) { try Overreader.find(1, in: db) })
        #expect(Self.unsupported(readError) == ["Overreader", "#3", "ColumnReader"])
        #expect(throws: readError) { try Overreader.all(in: db) }
        #expect(throws: readError) { try Overreader.first(in: db) }
        #expect(throws: readError) { try Overreader.query(in: db).where("name", "Ada").records() }
    }

    @Test(
        "NaN in a real property is the conversion error a Codable record gives, naming the column, and nothing of the batch is saved",
        arguments: RecordKind.allCases)
    func notANumber(kind: RecordKind) throws {
        try Self.expectNotANumberRefused(kind.marker)
    }

    @Test("Properties an encode(to:) leaves unwritten are NULL, never the previous record's values")
    func unwrittenPropertiesAreNull() throws {
        let db = try Database(path: ":memory:")
        var batch = [
            Underwriter(name: "Ada", nickname: "A"), Underwriter(name: "Grace"), Underwriter(name: "Alan", nickname: "T"),
            Underwriter(name: "Edsger"),
        ]
        try batch.save(in: db)
        #expect(batch.map(\.id) == [1, 2, 3, 4])
        let nicknames = try db.fetchAll("SELECT nickname FROM underwriter ORDER BY id").map { $0["nickname"] }
        #expect(nicknames == [.text("A"), .null, .text("T"), .null])
        #expect(try Underwriter.all(in: db) == batch)
    }

    @Test("A positional record's key in the middle of its columns is bound where each row statement wants it")
    func keyInTheMiddle() throws {
        let db = try Database(path: ":memory:")
        var batch = [Midkey(name: "a", score: 1), Midkey(name: "b", id: 7, score: 2), Midkey(name: "c", score: 3)]
        try batch.save(in: db)
        #expect(batch.map(\.id) == [1, 7, 8])
        batch[0].score = 10
        try batch[0].update(in: db)
        batch[2].name = "c2"
        try batch.save(in: db)
        #expect(try Midkey.query(in: db).orderAsc("id").records() == [batch[0], batch[1], batch[2]])
        let rows = try db.fetchAll("SELECT id, name, score FROM midkey ORDER BY id").map { [$0["id"], $0["name"], $0["score"]] }
        #expect(rows == [[.integer(1), .text("a"), .integer(10)], [.integer(7), .text("b"), .integer(2)], [.integer(8), .text("c2"), .integer(3)]])
        let ghost = Midkey(name: "ghost", id: 9, score: 0)
        #expect(throws: RecordError.notFound(record: "Midkey", id: 9)) { try ghost.update(in: db) }
    }

    @Test("Reading a relation as another type is a record error naming it", arguments: Misreading.allCases)
    func relationReadAsAnotherType(misreading: Misreading) throws {
        try Self.expectMisreadRefused(misreading.record)
    }

    // MARK: Shared checks

    /// Writes the catalog as `Writer` records, and as Codable ones in a database of
    /// reference; reads it back as `Reader` records through every read path, expecting
    /// the values written; then expects both databases to hold the same tables and rows.
    private static func roundTrip<Writer: KindMarker, Reader: KindMarker>(_ writer: Writer.Type, _ reader: Reader.Type) throws {
        let db = try Database(path: ":memory:")
        let written = try Catalog<Writer>.write(in: db)
        try expectReads(of: written, as: reader, in: db)
        let reference = try Database(path: ":memory:")
        _ = try Catalog<Plain>.write(in: reference)
        try expectSameStorage(db, as: reference)
    }

    /// Reads what `written` saved as `Reader` records through every read path, expecting
    /// the twins of the values saved.
    private static func expectReads<Writer: KindMarker, Reader: KindMarker>(
        of written: Written<Writer>, as reader: Reader.Type, in db: Database
    ) throws {
        let specimens = written.specimens
        try expectTwins(Specimen<Reader>.all(in: db), specimens)
        try expectTwins(Specimen<Reader>.first(in: db), specimens.first)
        try expectTwins(Specimen<Reader>.last(in: db), specimens.last)
        try expectTwins(Specimen<Reader>.query(in: db).orderDesc("id").records(), Array(specimens.reversed()))
        for specimen in specimens {
            let id = try #require(specimen.id)
            try expectTwins(Specimen<Reader>.find(id, in: db), specimen)
            try expectTwins(Specimen<Reader>.query(in: db).find(id), specimen)
            try expectTwins(Specimen<Reader>.find(by: ["serial": specimen.serial, "id": id], in: db), specimen)
            try expectTwins(
                Specimen<Reader>.query(in: db).where("text", specimen.text).orderAsc("id").records(),
                specimens.filter { $0.text == specimen.text })
        }
        var iterated: [Specimen<Reader>] = []
        try Specimen<Reader>.query(in: db).orderAsc("id").forEach { iterated.append($0) }
        try expectTwins(iterated, specimens)

        try expectTwins(Keeper<Reader>.all(in: db), written.keepers)
        var parts: [Part<Writer>] = written.racks.flatMap { rack in rack.parts + (rack.spares ?? []) }
        parts.sort { ($0.id ?? 0) < ($1.id ?? 0) }
        try expectTwins(Part<Reader>.all(in: db), parts)

        let racks = written.racks
        let required = racks.map(\.withRequiredRelations)
        let included = Rack<Reader>.query(in: db).including("backup", "spares", "badge")
        try expectTwins(Rack<Reader>.all(in: db), required)
        try expectTwins(Rack<Reader>.first(in: db), required.first)
        try expectTwins(included.records(), racks)
        try expectTwins(included.first(), racks.first)
        try expectTwins(included.where("name", "bottom").records(), [racks[1]])
        for (rack, requiredOnly) in zip(racks, required) {
            let id = try #require(rack.id)
            try expectTwins(Rack<Reader>.find(id, in: db), requiredOnly)
            try expectTwins(included.find(id), rack)
        }
        var iteratedRacks: [Rack<Reader>] = []
        try included.forEach { iteratedRacks.append($0) }
        try expectTwins(iteratedRacks, racks)
    }

    /// Expects `read` to be the twin of `written`: the same value, of the other kind or not
    /// (twins encode to the same JSON).
    private static func expectTwins<Read: Encodable, Saved: Encodable>(
        _ read: Read, _ written: Saved, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let readJSON = String(decoding: try encoder.encode(read), as: UTF8.self)
        let writtenJSON = String(decoding: try encoder.encode(written), as: UTF8.self)
        #expect(readJSON == writtenJSON, sourceLocation: sourceLocation)
    }

    /// Expects `db` to hold what `reference` holds: the same tables and indexes, and the
    /// same rows in each table.
    private static func expectSameStorage(_ db: Database, as reference: Database) throws {
        let schema = "SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY name"
        #expect(try db.fetchAll(schema) == reference.fetchAll(schema))
        let tables = try reference.fetchAll("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
            .map { try $0.decode(String.self, at: 0) }
        #expect(tables == ["badge", "keeper", "part", "rack", "specimen"])
        for table in tables {
            let select = "SELECT * FROM \"\(table)\" ORDER BY rowid"
            let rows = try db.fetchAll(select)
            let expected = try reference.fetchAll(select)
            #expect(rows.count == expected.count, "\(table)")
            for (row, expectedRow) in zip(rows, expected) {
                #expect(row == expectedRow, "\(table)")
            }
        }
    }

    /// Expects `first()` to return nothing under a limit of zero, and the record after
    /// those an offset skips.
    private static func expectFirstWithLimitAndOffset<Kind: KindMarker>(_ kind: Kind.Type) throws {
        let db = try Database(path: ":memory:")
        let written = try Catalog<Kind>.write(in: db)
        let specimens = Specimen<Kind>.query(in: db).orderAsc("id")
        #expect(try specimens.limit(0).first() == nil)
        #expect(try specimens.offset(1).first() == written.specimens[1])
        #expect(try specimens.limit(3).offset(1).first() == written.specimens[1])
        #expect(try specimens.offset(4).first() == nil)
        let racks = Rack<Kind>.query(in: db).including("backup", "spares", "badge").orderAsc("id")
        #expect(try racks.limit(0).first() == nil)
        #expect(try racks.offset(1).first() == written.racks[1])
    }

    /// Expects text where a record reads a number, in its own table and in those of its
    /// relations, to be a ``ConversionError`` naming the column.
    private static func expectTextInNumberColumnsRefused<Kind: KindMarker>(_ kind: Kind.Type) throws {
        let db = try Database(path: ":memory:")
        _ = try Catalog<Kind>.write(in: db)
        try db.execute("UPDATE specimen SET count = 'abc' WHERE id = 2")
        let count = ConversionError.typeMismatch(expected: "Int", value: .text("abc"), column: "count")
        #expect(throws: count) { try Specimen<Kind>.all(in: db) }
        #expect(throws: count) { try Specimen<Kind>.find(2, in: db) }
        #expect(throws: count) { try Specimen<Kind>.query(in: db).orderAsc("id").offset(1).first() }
        #expect(throws: count) { try Specimen<Kind>.query(in: db).forEach { _ in } }

        try db.execute("UPDATE keeper SET level = 'abc' WHERE id = 1")
        #expect(throws: ConversionError.typeMismatch(expected: "Int", value: .text("abc"), column: "level")) {
            try Rack<Kind>.all(in: db)
        }
        try db.execute("UPDATE keeper SET level = 4 WHERE id = 1")
        try db.execute("UPDATE part SET weight = 'heavy' WHERE id = 1")
        #expect(throws: ConversionError.typeMismatch(expected: "Double", value: .text("heavy"), column: "weight")) {
            try Rack<Kind>.all(in: db)
        }
    }

    /// Expects a specimen whose required or optional double is NaN to be refused with
    /// the column's error, in a batch whose other records come before it and after it,
    /// and none of them to be saved.
    private static func expectNotANumberRefused<Kind: KindMarker>(_ kind: Kind.Type) throws {
        let db = try Database(path: ":memory:")
        let samples = try Catalog<Kind>.specimens()
        for (edit, column) in [({ $0.ratio = .nan }, "ratio"), ({ $0.maybeRatio = .nan }, "maybeRatio")]
            as [((inout Specimen<Kind>) -> Void, String)]
        {
            var batch = samples + samples
            edit(&batch[1])
            let error = try #require(throws: ConversionError.self) { try batch.save(in: db) }
            guard case .invalidValue(_, .real(let value), column) = error else {
                Issue.record("unexpected error \(error) for \(column)")
                continue
            }
            #expect(value.isNaN)
            #expect(try Specimen<Kind>.count(in: db) == 0, "nothing of the batch saved")
            #expect(batch.map(\.id) == [nil, nil, nil, nil], "no record given a key")
        }
    }

    /// Expects `all` to return every keeper once and in order for row counts on both sides
    /// of each time the array of records grows, and to fail with the column's error, not
    /// to return the rows before it, when one row does not convert.
    private static func expectFetchesOfEverySize<Kind: KindMarker>(_ kind: Kind.Type) throws {
        let db = try Database(path: ":memory:")
        try db.execute("CREATE TABLE keeper (id INTEGER PRIMARY KEY, name TEXT NOT NULL, level INTEGER NOT NULL)")
        var written = 0
        for count in [0, 1, 2, 3, 4, 5, 8, 9, 16, 17, 100, 1_000] {
            var added = (written..<count).map { Keeper<Kind>(name: "keeper \($0)", level: $0) }
            try added.save(in: db)
            written = count
            let keepers = try Keeper<Kind>.all(in: db)
            #expect(keepers.map(\.level) == Array(0..<count), "\(count) rows")
            #expect(keepers.map(\.name) == (0..<count).map { "keeper \($0)" }, "\(count) rows")
            #expect(keepers.map(\.id) == (0..<count).map { Int64($0 + 1) }, "\(count) rows")
        }
        for badRow in [1, 2, 4, 5, 9, 500, 1_000] {
            try db.execute("UPDATE keeper SET level = 'high' WHERE id = ?", [badRow])
            #expect(throws: ConversionError.typeMismatch(expected: "Int", value: .text("high"), column: "level"), "row \(badRow)") {
                try Keeper<Kind>.all(in: db)
            }
            try db.execute("UPDATE keeper SET level = ? WHERE id = ?", [badRow - 1, badRow])
        }
        #expect(try Keeper<Kind>.all(in: db).map(\.level) == Array(0..<1_000))
    }

    /// Expects a locker whose badge is gone to fail to read as a Codable record does.
    private static func expectRequiredHasOneWithoutItsRecordRefused<Kind: KindMarker>(_ kind: Kind.Type) throws {
        let db = try Database(path: ":memory:")
        var locker = Locker<Kind>(name: "emptied", badge: Badge(title: "lost"))
        try locker.save(in: db)
        let lockerID = try #require(locker.id)
        #expect(try Locker<Kind>.find(lockerID, in: db) == locker)
        try db.execute("DELETE FROM badge")
        let missing = ConversionError.missingColumn("badge", available: ["id", "name"])
        #expect(throws: missing) { try Locker<Kind>.all(in: db) }
        #expect(throws: missing) { try Locker<Kind>.find(lockerID, in: db) }
    }

    /// Expects reading a misreader's relation to be a ``RecordError`` naming the record,
    /// the relation and the type it was read as.
    private static func expectMisreadRefused<Record: Misreader>(_ type: Record.Type) throws {
        let db = try Database(path: ":memory:")
        _ = try Record.count(in: db)
        try db.execute(script: Record.rows)
        let error = #expect(throws: RecordError.self) { try Record.query(in: db).including(Record.relation).records() }
        #expect(
            error.flatMap(unsupported)
                == [String(describing: Record.self), Record.relation, String(describing: Record.misreadType)])
    }

    /// The record, the property and the type an unsupported-type error names.
    private static func unsupported(_ error: RecordError) -> [String]? {
        guard case .unsupportedType(let record, let property, let type, _) = error else { return nil }
        return [record, property, type]
    }

    /// The column a conversion error names.
    private static func column(of error: ConversionError) -> String? {
        switch error {
        case .typeMismatch(_, _, let column), .invalidValue(_, _, let column): column
        case .missingColumn, .columnIndexOutOfRange: nil
        }
    }
}
