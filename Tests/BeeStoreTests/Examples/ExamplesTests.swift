import Foundation
import Testing

/// Runs each example executable (built by `swift test` with every other product) and
/// compares what it prints with its `Examples/<Name>/expected-output.txt`, which the
/// README quotes.
@Suite("Examples")
struct ExamplesTests {
    static let examples = ["RubyChinaNodes", "Blog", "Caching", "ChinookRecords"]

    /// The package's root folder.
    static var root: URL {
        Repository.root
    }

    static func expectedOutput(of example: String) throws -> String {
        let url = root.appendingPathComponent("Examples/\(example)/expected-output.txt")
        return try String(contentsOf: url, encoding: .utf8)
    }

    @Test(arguments: examples)
    func printsItsExpectedOutput(example: String) throws {
        let result = try runProduct(example)
        #expect(result.status == 0)
        #expect(result.error.isEmpty)
        let expected = try Self.expectedOutput(of: example)
        #expect(result.output == expected)
        if result.output != expected {
            // Name the first line that differs: a whole-output comparison is hard to read.
            let got = result.output.components(separatedBy: "\n")
            let want = expected.components(separatedBy: "\n")
            if let line = zip(got, want).enumerated().first(where: { $0.element.0 != $0.element.1 }) {
                Issue.record("line \(line.offset + 1): got \"\(line.element.0)\", expected \"\(line.element.1)\"")
            }
        }
    }

    /// ChinookRecords, given the path of a copy of the sample, prints the same and
    /// changes rows only: the tables it maps are never altered.
    @Test func chinookRecordsChangesRowsOnly() throws {
        let chinook = try ChinookCopy()
        let result = try runProduct("ChinookRecords", [chinook.path])
        #expect(result.status == 0)
        #expect(result.error.isEmpty)
        #expect(result.output == (try Self.expectedOutput(of: "ChinookRecords")))
        try chinook.expectSchemaUnchanged()
        #expect(try chinook.db.fetchValue(Int.self, "SELECT count(*) FROM Track WHERE AlbumId = 348") == 2)
    }

    /// Each output block of the READMEs, marked `<!-- output: Name -->`, is the beginning
    /// of that example's expected output.
    @Test(arguments: ["README.md", "Examples/README.md"])
    func readmeShowsTheBeginningOfEachOutput(readmePath: String) throws {
        let readme = try String(contentsOf: Self.root.appendingPathComponent(readmePath), encoding: .utf8)
        let lines = readme.components(separatedBy: "\n")
        var shown: [String: [String]] = [:]
        for (index, line) in lines.enumerated() where line.hasPrefix("<!-- output: ") {
            let name = line.dropFirst("<!-- output: ".count).replacingOccurrences(of: " -->", with: "")
            let block = lines[(index + 2)...].prefix { $0 != "```" }
            shown[name] = block.filter { $0 != "…" }
        }
        #expect(Set(shown.keys) == Set(Self.examples))
        for (name, block) in shown {
            let expected = try Self.expectedOutput(of: name).components(separatedBy: "\n")
            #expect(!block.isEmpty && Array(expected.prefix(block.count)) == block, "the README's output of \(name)")
        }
    }
}
