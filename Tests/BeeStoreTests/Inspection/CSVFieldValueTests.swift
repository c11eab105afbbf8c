import Foundation
import Testing

@testable import BeeStore

/// How CSV import reads fields: reals read exactly on either of its two paths, the
/// others staying text, and UTF-8 checked whatever the run of ASCII before a bad byte.
@Suite("CSV field values")
struct CSVFieldValueTests {
    /// The value each field of a one-record CSV file imports as, in order.
    private func importedValues(of fields: [String]) throws -> [Value] {
        let inspector = Inspector(try Database.inMemory())
        let csv = fields.indices.map { "c\($0)" }.joined(separator: ",") + "\n" + fields.joined(separator: ",") + "\n"
        _ = try inspector.importRows(from: Data(csv.utf8), format: .csv, into: "t")
        return try #require(try inspector.execute("SELECT * FROM t").rows.first)
    }

    /// Doubles of every kind: few digits (read by one exact operation), 16 and 17 digits,
    /// tiny and huge exponents, subnormals (read by the C library).
    private func sampleDoubles() -> [Double] {
        var generator = SystemRandomNumberGenerator()
        var doubles: [Double] = [0.1, 0.142857142857143, 123456789012345.6, 9007199254740993.0, 1e22, 1e23, .leastNonzeroMagnitude, .greatestFiniteMagnitude]
        for _ in 0..<300 {
            doubles.append(Double(bitPattern: generator.next() & ~(0x7FF << 52) | (UInt64.random(in: 1...0x7FE) << 52)))
            doubles.append(Double(Int64.random(in: -999_999_999_999_999...999_999_999_999_999)) / pow(10, Double(Int.random(in: 1...22))))
            doubles.append(Double(Int.random(in: 1...99_999)) * pow(10, Double(Int.random(in: -30...30))))
        }
        return doubles
    }

    @Test func everyDoubleWrittenAsSwiftWritesItImportsAsThatDouble() throws {
        let doubles = sampleDoubles()
        let values = try importedValues(of: doubles.map(\.description))
        for (double, value) in zip(doubles, values) {
            guard case .real(let read) = value else {
                Issue.record("\(double) imported as \(value)")
                continue
            }
            #expect(read.bitPattern == double.bitPattern, "\(double)")
        }
    }

    @Test func aDoubleWrittenWithAnExtraZeroOrAnotherExponentStaysText() throws {
        let texts = sampleDoubles().compactMap { double -> String? in
            let text = double.description
            if text.contains("e") { return text.replacingOccurrences(of: "e", with: "E") }
            return text + "0"
        }
        #expect(try importedValues(of: texts) == texts.map { Value.text($0) })
    }

    @Test func fieldsThatLookLikeRealsButAreNotStayText() throws {
        let texts = ["1.2.3", "1e", "1e+", "-", "-.", "1e5000000000000000000", "0x1p3", "1.5e-05x", "1,5", "0.1.", "1e-0-5"]
        let quoted = texts.map { "\"\($0)\"" }
        #expect(try importedValues(of: quoted) == texts.map { Value.text($0) })
        #expect(try importedValues(of: texts.filter { !$0.contains(",") }) == texts.filter { !$0.contains(",") }.map { Value.text($0) })
    }

    @Test func utf8IsCheckedWhateverTheRunOfASCIIBeforeABadByte() {
        for length in 0..<40 {
            for offset in 0...length {
                var bytes = Array(repeating: UInt8(ascii: "a"), count: length)
                #expect(bytes.withUnsafeBufferPointer(isValidUTF8))
                bytes.insert(0xFF, at: offset)
                #expect(!bytes.withUnsafeBufferPointer(isValidUTF8), "a bad byte at \(offset) of \(length + 1)")
                bytes[offset] = 0xC3
                bytes.insert(0xA9, at: offset + 1)
                #expect(bytes.withUnsafeBufferPointer(isValidUTF8), "é at \(offset)")
                bytes.remove(at: offset + 1)
                #expect(!bytes.withUnsafeBufferPointer(isValidUTF8), "a truncated sequence at \(offset)")
            }
        }
    }

    @Test func aRecordWithABadByteInOneFieldKeepsTheOthersAsText() throws {
        let inspector = Inspector(try Database.inMemory())
        var csv = Array("a,b,c\nplain text here,".utf8)
        csv += Array("long ascii run ".utf8) + [0xFF] + Array(" then more,1.5\n".utf8)
        var options = ImportOptions()
        options.invalidUTF8 = .blob
        _ = try inspector.importRows(from: Data(csv), format: .csv, into: "t", options: options)
        let row = try #require(try inspector.execute("SELECT * FROM t").rows.first)
        #expect(row == ["plain text here", .blob(Data(Array("long ascii run ".utf8) + [0xFF] + Array(" then more".utf8))), .real(1.5)])
        #expect(throws: ImportError.invalidUTF8(line: 2, column: "b")) {
            try Inspector(try Database.inMemory()).importRows(from: Data(csv), format: .csv, into: "t")
        }
    }
}
