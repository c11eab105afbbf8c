import Testing

@testable import BeeStore

@Suite("Row column lookup")
struct ColumnLookupTests {
    private func index(_ name: String, in names: [String]) -> Int? {
        Row(columns: ColumnNames(names), values: names.map { _ in .null }).index(ofColumn: name)
    }

    @Test func exactMatchComesBeforeAnEarlierCaseInsensitiveOne() {
        let names = ["ID", "id", "Name"]
        #expect(index("id", in: names) == 1)
        #expect(index("ID", in: names) == 0)
        #expect(index("Id", in: names) == 0, "no exact match: the first case-insensitive one")
        #expect(index("name", in: names) == 2)
        #expect(index("missing", in: names) == nil)
    }

    @Test func theFirstOfDuplicateNamesWins() {
        let names = ["a", "b", "a", "B"]
        #expect(index("a", in: names) == 0)
        #expect(index("B", in: names) == 3)
        #expect(index("A", in: names) == 0)
    }

    @Test func namesSharingTheirFirstSevenBytesAreToldApart() {
        let names = ["created_at", "created_by", "created", "created_", "createdX", "created_at_local"]
        for (position, name) in names.enumerated() {
            #expect(index(name, in: names) == position, "\(name)")
        }
        #expect(index("created_a", in: names) == nil)
        #expect(index("created_at_", in: names) == nil)
        #expect(index("CREATED_AT_LOCAL", in: names) == 5)
    }

    @Test func namesLongerThanTheLengthKeyAreComparedInFull() {
        let long = String(repeating: "x", count: 300)
        let names = [long + "a", long, long + "b"]
        #expect(index(long, in: names) == 1)
        #expect(index(long + "b", in: names) == 2)
        #expect(index(String(repeating: "x", count: 299), in: names) == nil)
    }

    @Test func emptyAndControlCharacterNamesAreMatchedByLength() {
        let names = ["a\u{0}", "", "a"]
        #expect(index("a", in: names) == 2)
        #expect(index("", in: names) == 1)
        #expect(index("a\u{0}", in: names) == 0)
    }

    @Test func nonASCIINamesMatchByTheirBytesAsSQLiteMatchesThem() {
        let composed = "caf\u{E9}"
        let decomposed = "cafe\u{301}"
        // SQLite holds each spelling as a name of its own, and folds no letter but ASCII's.
        #expect(index(decomposed, in: ["id", composed]) == nil)
        #expect(index(composed, in: ["id", decomposed]) == nil)
        #expect(index(decomposed, in: ["id", composed, decomposed]) == 2)
        #expect(index("CAF\u{E9}", in: ["id", composed]) == 1)
        #expect(index("CAF\u{C9}", in: ["id", composed]) == nil)
    }

    @Test func anASCIINameIsNotItsCanonicalEquivalent() {
        // KELVIN SIGN is canonically equivalent to the letter K, and another name to SQLite.
        #expect(index("\u{212A}", in: ["id", "K"]) == nil)
        #expect(index("K", in: ["id", "\u{212A}"]) == nil)
        #expect(index("k", in: ["id", "K"]) == 1)
    }

    @Test func manyColumnsUseTheSameRules() {
        let names = (0..<40).map { "column\($0)" } + ["COLUMN3", "caf\u{E9}"]
        #expect(index("column39", in: names) == 39)
        #expect(index("COLUMN3", in: names) == 40)
        #expect(index("Column3", in: names) == 3)
        #expect(index("CAF\u{E9}", in: names) == 41)
        #expect(index("cafe\u{301}", in: names) == nil)
    }

    @Test func decodingByNameUsesTheLookup() throws {
        let row = Row(["ID": .integer(1), "id": .integer(2), "label": .text("x")])
        #expect(try row.decode(Int.self, column: "id") == 2)
        #expect(try row.decode(Int.self, column: "Id") == 1)
        #expect(try row.decode(String?.self, column: "LABEL") == "x")
        #expect(throws: ConversionError.missingColumn("nope", available: ["ID", "id", "label"])) {
            try row.decode(Int.self, column: "nope")
        }
        #expect(throws: ConversionError.typeMismatch(expected: "Int", value: .text("x"), column: "label")) {
            try row.decode(Int.self, column: "label")
        }
    }
}
