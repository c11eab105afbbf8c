import Foundation
import Testing

@testable import BeeStore

@Suite("CLI: full-text search")
struct CLISearchTests {
    @Test func enablesSearchesAndDisablesAFullTextIndexOfChinook() throws {
        let directory = try TemporaryDirectory()
        let chinook = try Fixtures.copy("chinook.sqlite", into: directory)
        #expect(try beestore("enable-fts", chinook, "track", "Name,Composer", "--tokenizer", "porter", "--create-triggers").output
            == "Made the full-text index Track_fts of track.\n")
        let loves = try beestore("search", chinook, "Track", "loving", "--limit", "3", "--format", "csv")
        #expect(loves.status == 0, "\(loves.error)")
        let lines = loves.output.split(separator: "\r\n")
        #expect(lines.first == "\"TrackId\",\"Name\",\"AlbumId\",\"MediaTypeId\",\"GenreId\",\"Composer\",\"Milliseconds\",\"Bytes\",\"UnitPrice\"")
        #expect(lines.count == 4 && lines.dropFirst().allSatisfy { $0.lowercased().contains("lov") })
        // The triggers keep the index in step with the table.
        _ = try beestore("query", chinook, "--write", "INSERT INTO Track (Name, MediaTypeId, Milliseconds, UnitPrice) VALUES ('Zyzzyva Loving', 1, 1, 0.99)")
        #expect(try beestore("search", chinook, "Track", "zyzzyva", "--format", "csv").output.contains("\"Zyzzyva Loving\""))
        // Text that would be FTS5 syntax is searched for as words, and never an error.
        for text in ["\"", "love\" OR", "-love", "lov*", "NEAR(love", "(love", "love)", "AND", "", "   ", "'; DROP TABLE Track; --"] {
            let result = try beestore("search", chinook, "Track", text, "--format", "json")
            #expect(result.status == 0 && result.error.isEmpty, "\(text): \(result.error)")
        }
        #expect(try beestore("search", chinook, "Track", "\"", "--format", "csv").output.split(separator: "\r\n").count == 1)
        #expect(try beestore("disable-fts", chinook, "Track").output == "Dropped the full-text index of Track.\n")
        #expect(try beestore("triggers", chinook, "--format", "csv").output == "\"name\",\"table\",\"sql\"\r\n")
        try expectFailureLeavesFileAsItWas(
            chinook, ["search", chinook, "Track", "love"], message: "Track has no full-text index: make one with enable-fts")
        try expectFailureLeavesFileAsItWas(
            chinook, ["disable-fts", chinook, "Track"], message: "Track has no full-text index: make one with enable-fts")
        try expectFailureLeavesFileAsItWas(chinook, ["enable-fts", chinook, "Track", "Nope"], message: "no such column: Nope in Track")
        expectFailure(
            try beestore("enable-fts", chinook, "Track", "Name", "--tokenizer", "klingon"), status: 2,
            message: "The value 'klingon' is invalid for '--tokenizer <tokenizer>'. Please provide one of 'porter', 'unicode61' or 'trigram'. (see 'beestore help')")
        #expect(try beestore("check", chinook).status == 0)
    }

    @Test func indexesHostileNamesWithoutTriggersUntilRebuilt() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("hostile.sqlite")
        let column = hostile + "\""
        let quoted = column.replacingOccurrences(of: "\"", with: "\"\"")
        let csv = try file("h.csv", Data("\"\(quoted)\",rowid\n\"crème brûlée\",\"x\"\n\"日本語のテキスト\",\"y\"\n".utf8), in: directory)
        #expect(try beestore("insert", path, hostile, csv).status == 0)
        #expect(try beestore("enable-fts", path, hostile, "\"\(quoted)\"", "--tokenizer", "trigram").output
            == "Made the full-text index \(hostile)_fts of \(hostile).\n")
        #expect(try beestore("search", path, hostile, "brûl", "--format", "csv").output
            == "\"\(quoted)\",\"rowid\"\r\n\"crème brûlée\",\"x\"\r\n")
        #expect(try beestore("search", path, hostile, "本語の", "--format", "csv").output.contains("日本語のテキスト"))
        #expect(try beestore("search", path, hostile, "ab", "--format", "csv").output.split(separator: "\r\n").count == 1)
        // Without triggers, rows written later are not found.
        _ = try beestore("query", path, "--write", "INSERT INTO \"\(hostile.replacingOccurrences(of: "\"", with: "\"\""))\" VALUES ('brûlure', 'z')")
        #expect(try beestore("search", path, hostile, "brûl", "--format", "csv").output.split(separator: "\r\n").count == 2)
        #expect(try beestore("triggers", path, "--format", "csv").output == "\"name\",\"table\",\"sql\"\r\n")
    }
}
