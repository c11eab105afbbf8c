#if PostgreSQL
import BeeStore
import BeeStorePostgreSQL
import Foundation
import Testing

/// Swift values through both backends and back, in records and in rows.
@Suite struct SharedValueTests {
    struct Measure: Codable, Equatable {
        var unit: String
        var values: [Double]
        var nested: [String: Int]?
    }

    struct Sample: ActiveRecord, Equatable {
        var id: UUID
        var whole: Int64
        var small: Int
        var ratio: Double
        var flag: Bool
        var label: String
        var bytes: Data
        var moment: Date
        var amount: Decimal
        var measure: Measure
        var note: String?
        var missing: Int?
    }

    /// Quotes, a backslash, accents both precomposed and combining, CJK and an emoji (NUL-free).
    static let hostileText = "l'été \"quoted\" back\\slash e\u{301} 中文 🐝 👩‍👩‍👧 '; DROP TABLE sample; --"
    static let moment = Date(timeIntervalSince1970: 1_700_000_000.123)
    static let amount = Decimal(string: "12345678901234567890.123456789")!

    private static func sample() -> Sample {
        Sample(
            id: UUID(), whole: Int64.max, small: -42, ratio: 0.1, flag: true, label: hostileText,
            bytes: Data([0, 1, 0xFF, 0x5C, 0x27]), moment: moment, amount: amount,
            measure: Measure(unit: "°C", values: [21.5, -3], nested: ["a": 1]), note: nil, missing: nil)
    }

    @Test(arguments: Backend.allCases)
    func everyTypeRoundTripsThroughARecord(_ backend: Backend) throws {
        let db = try BackendDatabase.fresh(backend)
        var sample = Self.sample()
        try db.save(&sample)
        #expect(try db.find(Sample.self, sample.id) == sample)
        var other = Self.sample()
        other.flag = false
        other.whole = Int64.min
        other.note = "set"
        other.missing = 0
        other.ratio = -0.0
        other.measure = Measure(unit: "", values: [], nested: nil)
        try db.save(&other)
        #expect(try db.find(Sample.self, other.id) == other)
        #expect(try db.count(Sample.query().where("flag", true)) == 1)
        #expect(try db.count(Sample.query().where("note", nil)) == 1)
        #expect(try db.first(Sample.query().where("label", Self.hostileText).where("flag", false))?.id == other.id)
    }

    @Test(arguments: Backend.allCases)
    func aRecordsRowHoldsTheSameValuesOnBoth(_ backend: Backend) throws {
        let db = try BackendDatabase.fresh(backend)
        var sample = Self.sample()
        try db.save(&sample)
        let row = try #require(try db.fetchOne("SELECT * FROM sample"))
        // Rows come back in the same forms on both: a Bool as the integer 1 (PostgreSQL's
        // BOOLEAN column converted so), a UUID as its text, a date as BeeStore's UTC text.
        #expect(row["flag"] == .integer(1))
        #expect(row["whole"] == .integer(Int64.max))
        #expect(row["id"] == .text(sample.id.uuidString))
        #expect(row["moment"] == Self.moment.databaseValue)
        #expect(row["bytes"] == .blob(Data([0, 1, 0xFF, 0x5C, 0x27])))
        #expect(row["note"] == .null)
        #expect(try row.decode(Decimal.self, column: "amount") == Self.amount)
        let measure = try JSONDecoder().decode(Measure.self, from: Data(try row.decode(String.self, column: "measure").utf8))
        #expect(measure == sample.measure)
    }

    @Test(arguments: Backend.allCases)
    func valuesRoundTripThroughRowsOfABuiltTable(_ backend: Backend) throws {
        let db = try BackendDatabase.fresh(backend)
        try db.create(db.table("cell")
            .field("whole", .integer).field("ratio", .real).field("label", .text).field("bytes", .blob)
            .field("moment", .text).field("reference", .text).field("amount", .text).field("flag", .integer))
        let reference = UUID()
        let arguments: StatementArguments = [Int64.min, 1e-300, Self.hostileText, Data([0xFF, 0]), Self.moment, reference, Self.amount, true]
        try db.execute("INSERT INTO cell VALUES (?, ?, ?, ?, ?, ?, ?, ?)", arguments)
        try db.execute("INSERT INTO cell VALUES (?, ?, ?, ?, ?, ?, ?, ?)", [nil, nil, nil, nil, nil, nil, nil, nil])
        let rows = try db.fetchAll("SELECT * FROM cell ORDER BY whole")
        try #require(rows.count == 2)
        let filled: Int
        switch backend {
        case .sqlite: filled = 1       // SQLite sorts NULL first in ascending order,
        case .postgresql: filled = 0   // PostgreSQL last (NULLS LAST is its default)
        }
        let row = rows[filled], empty = rows[1 - filled]
        #expect(try row.decode(Int64.self, column: "whole") == Int64.min)
        #expect(try row.decode(Double.self, column: "ratio") == 1e-300)
        #expect(try row.decode(String.self, column: "label") == Self.hostileText)
        #expect(try row.decode(Data.self, column: "bytes") == Data([0xFF, 0]))
        #expect(try row.decode(Date.self, column: "moment") == Self.moment)
        #expect(try row.decode(UUID.self, column: "reference") == reference)
        #expect(try row.decode(Decimal.self, column: "amount") == Self.amount)
        #expect(try row.decode(Bool.self, column: "flag"))
        #expect(try empty.decode(Int?.self, column: "whole") == nil)
        #expect(try empty.decode(String?.self, column: "label") == nil)
        #expect(try empty.decode(Data?.self, column: "bytes") == nil)
        #expect(try db.fetchValue(String.self, "SELECT label FROM cell WHERE label = ?", [Self.hostileText]) == Self.hostileText)
    }

    @Test(arguments: Backend.allCases)
    func theColumnTypesOfACreatedTableAreEachBackendsOwn(_ backend: Backend) throws {
        let db = try BackendDatabase.fresh(backend)
        var sample = Self.sample()
        try db.save(&sample)
        // The one place the backends are meant to differ: each creates a record's table in
        // its own types (SQLite's affinities; PostgreSQL's native types).
        switch backend {
        case .sqlite:
            let types = try db.fetchAll("SELECT name, type FROM pragma_table_info('sample') ORDER BY cid")
                .map { "\(try $0.decode(String.self, at: 0)) \(try $0.decode(String.self, at: 1))" }
            #expect(types.count == 12)
            #expect(types.contains("whole INTEGER") && types.contains("ratio REAL") && types.contains("bytes BLOB"))
        case .postgresql:
            let types = try db.fetchAll("""
                SELECT column_name, data_type FROM information_schema.columns WHERE table_name = ? ORDER BY ordinal_position
                """, ["sample"]).map { "\(try $0.decode(String.self, at: 0)) \(try $0.decode(String.self, at: 1))" }
            #expect(types == [
                "id uuid", "whole bigint", "small bigint", "ratio double precision", "flag boolean", "label text",
                "bytes bytea", "moment timestamp with time zone", "amount numeric", "measure jsonb", "note text",
                "missing bigint",
            ])
        }
    }
}
#endif
