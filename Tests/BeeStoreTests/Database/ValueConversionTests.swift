import Foundation
import Testing

@testable import BeeStore

@Suite("Value conversions")
struct ValueConversionTests {
    /// Stores `value` in a real database column and reads it back through SQLite.
    private func roundTrip<T: DatabaseValueConvertible>(_ value: T, as type: T.Type = T.self) throws -> T {
        let db = try Database.inMemory()
        try db.execute("CREATE TABLE t (v)")
        try db.execute("INSERT INTO t (v) VALUES (?)", [value])
        let row = try #require(try db.fetchOne("SELECT v FROM t"))
        return try row.decode(T.self, at: 0)
    }

    @Test func booleansRoundTripAsIntegers() throws {
        #expect(true.databaseValue == .integer(1))
        #expect(false.databaseValue == .integer(0))
        #expect(try roundTrip(true) == true)
        #expect(try roundTrip(false) == false)
        #expect(try Bool(databaseValue: .integer(7)) == true)
        #expect(throws: ConversionError.self) { try Bool(databaseValue: .text("yes")) }
    }

    @Test func everyIntegerWidthRoundTripsAtItsLimits() throws {
        #expect(try roundTrip(Int.min) == Int.min)
        #expect(try roundTrip(Int.max) == Int.max)
        #expect(try roundTrip(Int8.min) == Int8.min)
        #expect(try roundTrip(Int8.max) == Int8.max)
        #expect(try roundTrip(Int16.min) == Int16.min)
        #expect(try roundTrip(Int16.max) == Int16.max)
        #expect(try roundTrip(Int32.min) == Int32.min)
        #expect(try roundTrip(Int32.max) == Int32.max)
        #expect(try roundTrip(Int64.min) == Int64.min)
        #expect(try roundTrip(Int64.max) == Int64.max)
        #expect(try roundTrip(UInt8.max) == UInt8.max)
        #expect(try roundTrip(UInt16.max) == UInt16.max)
        #expect(try roundTrip(UInt32.max) == UInt32.max)
        #expect(try roundTrip(UInt(42)) == 42)
        #expect(try roundTrip(UInt64(Int64.max)) == UInt64(Int64.max))
    }

    @Test func unsignedValuesAboveInt64MaxRoundTripAsText() throws {
        #expect(UInt64.max.databaseValue == .text("18446744073709551615"))
        #expect(try roundTrip(UInt64.max) == UInt64.max)
        #expect(try roundTrip(UInt.max) == UInt.max)
    }

    @Test func integersOutOfRangeThrowInsteadOfTrapping() throws {
        #expect(throws: ConversionError.invalidValue(expected: "Int8", value: .integer(300), column: nil)) {
            try Int8(databaseValue: .integer(300))
        }
        #expect(throws: ConversionError.invalidValue(expected: "UInt8", value: .integer(-1), column: nil)) {
            try UInt8(databaseValue: .integer(-1))
        }
        #expect(throws: ConversionError.invalidValue(expected: "Int", value: .real(1.5), column: nil)) {
            try Int(databaseValue: .real(1.5))
        }
        #expect(try Int(databaseValue: .real(3.0)) == 3)
    }

    @Test func integersRefuseTextAndBlobs() throws {
        #expect(throws: ConversionError.typeMismatch(expected: "Int", value: .text("12"), column: nil)) {
            try Int(databaseValue: .text("12"))
        }
        #expect(throws: ConversionError.self) { try Int32(databaseValue: .blob(Data([1]))) }
        #expect(throws: ConversionError.self) { try Int64(databaseValue: .null) }
        #expect(throws: ConversionError.self) { try UInt64(databaseValue: .text("not a number")) }
    }

    @Test func floatingPointRoundTrips() throws {
        #expect(try roundTrip(3.141592653589793) == 3.141592653589793)
        #expect(try roundTrip(-0.5 as Float) == -0.5)
        #expect(try roundTrip(Double.greatestFiniteMagnitude) == Double.greatestFiniteMagnitude)
        #expect(try Double(databaseValue: .integer(2)) == 2)
        #expect(throws: ConversionError.self) { try Double(databaseValue: .text("2.5")) }
        #expect(throws: ConversionError.self) { try Float(databaseValue: .null) }
    }

    @Test func stringsRoundTripIncludingUnicodeAndEmptyText() throws {
        let samples = ["", "plain", "it's \"quoted\"", "中文字符", "emoji 🐝🍯👩‍👩‍👧", "Ünïcödé", "nul\u{0}inside", "line\nbreak"]
        for sample in samples {
            #expect(try roundTrip(sample) == sample)
        }
        #expect(throws: ConversionError.typeMismatch(expected: "String", value: .integer(1), column: nil)) {
            try String(databaseValue: .integer(1))
        }
    }

    @Test func emptyStringIsNotNull() throws {
        let db = try Database.inMemory()
        #expect(try db.fetchValue(String.self, "SELECT typeof(?)", [""]) == "text")
        #expect(try db.fetchValue(String.self, "SELECT typeof(?)", [Data()]) == "blob")
    }

    @Test func dataRoundTripsAsBlob() throws {
        let bytes = Data((0...255).map { UInt8($0) })
        #expect(try roundTrip(bytes) == bytes)
        #expect(try roundTrip(Data()) == Data())
        #expect(try Data(databaseValue: .text("abc")) == Data("abc".utf8))
        #expect(throws: ConversionError.self) { try Data(databaseValue: .integer(1)) }
    }

    @Test func datesRoundTripAsUTCTextWithMilliseconds() throws {
        let date = Date(timeIntervalSince1970: 1_700_000_000.123)
        #expect(date.databaseValue == .text("2023-11-14 22:13:20.123"))
        let back = try roundTrip(date)
        #expect(abs(back.timeIntervalSince1970 - date.timeIntervalSince1970) < 0.001)
        let epoch = Date(timeIntervalSince1970: 0)
        #expect(epoch.databaseValue == .text("1970-01-01 00:00:00.000"))
        let old = Date(timeIntervalSince1970: -86_400 * 365.25 * 100)
        #expect(try roundTrip(old).timeIntervalSince1970 == old.timeIntervalSince1970)
    }

    @Test func wholeMillisecondDatesRoundTripExactly() throws {
        let db = try Database.inMemory()
        #expect(Date(timeIntervalSince1970: 1.234).databaseValue == .text("1970-01-01 00:00:01.234"))
        var random = QueryPropertyTests.SplitMix64(state: 0xDA7E)
        // Years 0000 to 9999, the range stored as text.
        let range: ClosedRange<Int64> = -62_167_219_200_000...253_402_300_799_999
        for _ in 0..<2_000 {
            let milliseconds = range.lowerBound + Int64(random.next() % UInt64(range.count))
            let date = Date(timeIntervalSince1970: TimeInterval(milliseconds) / 1000)
            let stored = try #require(try db.fetchValue(String.self, "SELECT ?", [date]))
            let expectedFraction = String((milliseconds % 1000 + 1000) % 1000)
            #expect(stored.hasSuffix("." + String(repeating: "0", count: 3 - expectedFraction.count) + expectedFraction), "\(milliseconds)")
            #expect(try db.fetchValue(Date.self, "SELECT ?", [date]) == date, "\(milliseconds) stored as \(stored)")
        }
    }

    @Test func datesAreReadableBySQLiteDateFunctions() throws {
        let db = try Database.inMemory()
        let date = Date(timeIntervalSince1970: 1_700_000_000)
        #expect(try db.fetchValue(String.self, "SELECT date(?)", [date]) == "2023-11-14")
        #expect(try db.fetchValue(Int.self, "SELECT CAST(strftime('%s', ?) AS INTEGER)", [date]) == 1_700_000_000)
    }

    @Test func datesParseCommonTextFormatsAndNumbers() throws {
        let expected = Date(timeIntervalSince1970: 1_700_000_000)
        for text in ["2023-11-14 22:13:20", "2023-11-14T22:13:20Z", "2023-11-14T23:13:20+01:00", "2023-11-14 22:13:20.000"] {
            #expect(try Date(databaseValue: .text(text)) == expected, "\(text)")
        }
        #expect(try Date(databaseValue: .text("2023-11-14")) == Date(timeIntervalSince1970: 1_699_920_000))
        #expect(try Date(databaseValue: .integer(1_700_000_000)) == expected)
        #expect(try Date(databaseValue: .real(1_700_000_000)) == expected)
        for bad in ["yesterday", "2023-13-01", "2023-02-30", "2023-11-14 25:00", "2023-11-14 22:13:20 trailing"] {
            #expect(throws: ConversionError.invalidValue(expected: "Date", value: .text(bad), column: nil)) {
                try Date(databaseValue: .text(bad))
            }
        }
        #expect(throws: ConversionError.self) { try Date(databaseValue: .blob(Data())) }
    }

    @Test func uuidsRoundTripAsTextAndReadSixteenByteBlobs() throws {
        let uuid = UUID()
        #expect(uuid.databaseValue == .text(uuid.uuidString))
        #expect(try roundTrip(uuid) == uuid)
        #expect(try UUID(databaseValue: .text(uuid.uuidString.lowercased())) == uuid)
        let raw = withUnsafeBytes(of: uuid.uuid) { Data($0) }
        #expect(try UUID(databaseValue: .blob(raw)) == uuid)
        #expect(throws: ConversionError.self) { try UUID(databaseValue: .text("not-a-uuid")) }
        #expect(throws: ConversionError.self) { try UUID(databaseValue: .blob(Data([1, 2, 3]))) }
        #expect(throws: ConversionError.self) { try UUID(databaseValue: .integer(1)) }
    }

    @Test func urlsRoundTripAsText() throws {
        let url = try #require(URL(string: "https://example.com/path?q=1#frag"))
        #expect(try roundTrip(url) == url)
        #expect(throws: ConversionError.self) { try URL(databaseValue: .integer(1)) }
        #expect(throws: ConversionError.self) { try URL(databaseValue: .text("")) }
    }

    @Test func optionalsMapNullToNil() throws {
        let none: Int? = nil
        #expect(none.databaseValue == .null)
        #expect(try Int?(databaseValue: .null) == nil)
        #expect(try Int?(databaseValue: .integer(5)) == 5)
        #expect(try roundTrip(Optional("x")) == "x")
        #expect(try roundTrip(String?.none) == nil)
        // A wrong type is an error, not nil.
        #expect(throws: ConversionError.self) { try String?(databaseValue: .integer(1)) }
    }
}
