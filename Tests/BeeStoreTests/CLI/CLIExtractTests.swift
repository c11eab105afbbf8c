import Foundation
import Testing

@testable import BeeStore

@Suite("CLI: extract")
struct CLIExtractTests {
    @Test func extractsColumnsOfChinookIntoLookupTables() throws {
        let directory = try TemporaryDirectory()
        let chinook = try Fixtures.copy("chinook.sqlite", into: directory)
        let composers = "SELECT Composer FROM Track ORDER BY TrackId"
        let before = try beestore("query", chinook, composers, "--format", "csv").output
        #expect(try beestore("extract", chinook, "track", "composer").output
            == "Extracted Track into Composer (table created) through Composer_id; 853 rows added to Composer.\n")
        let joined = "SELECT c.Composer FROM Track LEFT JOIN Composer c ON c.id = Composer_id ORDER BY TrackId"
        #expect(try beestore("query", chinook, joined, "--format", "csv").output == before)
        // Two columns, a lookup table and a reference of one's own naming, a column renamed in it.
        #expect(try beestore(
            "extract", chinook, "Invoice", "BillingCity,BillingCountry", "--table", "Place", "--fk-column", "PlaceId",
            "--rename", "BillingCity=City"
        ).output == "Extracted Invoice into Place (table created) through PlaceId; 53 rows added to Place.\n")
        #expect(try beestore("query", chinook, "SELECT City, BillingCountry FROM Place WHERE id = 1", "--format", "csv").output
            == "\"City\",\"BillingCountry\"\r\n\"Amsterdam\",\"Netherlands\"\r\n")
        #expect(try beestore("schema", chinook, "Invoice").output.contains("PlaceId"))
        #expect(try beestore("check", chinook).status == 0)
    }

    @Test func aFailedExtractLeavesTheFileAsItWas() throws {
        let directory = try TemporaryDirectory()
        let chinook = try Fixtures.copy("chinook.sqlite", into: directory)
        try expectFailureLeavesFileAsItWas(
            chinook, ["extract", chinook, "Track", "TrackId"], message: "TrackId is part of a key of Track: it cannot be extracted")
        try expectFailureLeavesFileAsItWas(
            chinook, ["extract", chinook, "Track", "Composer", "--fk-column", "Name"], message: "Track has a column named Name already")
        try expectFailureLeavesFileAsItWas(chinook, ["extract", chinook, "Track", "Nope"], message: "no such column: Nope in Track")
        try expectFailureLeavesFileAsItWas(chinook, ["extract", chinook, "Nope", "x"], message: "no such table: Nope")
        _ = try beestore("query", chinook, "--write", "CREATE TABLE m (v); INSERT INTO m VALUES (1), (1.0)")
        try expectFailureLeavesFileAsItWas(
            chinook, ["extract", chinook, "m", "v"],
            message: "1 row of m hold values that v would not keep exactly (such as 1 and 1.0 in one column): nothing was changed")
        expectFailure(try beestore("extract", chinook, "Track"), status: 2, message: "Missing expected argument '<columns> ...' (see 'beestore help')")
    }

    @Test func extractsHostileNamesAndInput() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("hostile.sqlite")
        let column = hostile + "\""
        let quoted = column.replacingOccurrences(of: "\"", with: "\"\"")
        // Ragged quoting, a huge value and text that is not UTF-8, kept as a blob.
        let huge = String(repeating: "ė", count: 500_000)
        let csv = try file(
            "h.csv", Data("\"\(quoted)\",n\n\"\(huge)\",1\n\"\(huge)\",2\n,3\n\"a\"\"b\",4\n\"".utf8) + Data([0xFF, 0xFE])
                + Data("\",5\n".utf8), in: directory)
        #expect(try beestore("insert", path, hostile, csv, "--invalid-utf8", "blob").output
            == "Imported 5 rows into \(hostile) (table created).\n")
        let result = try beestore("extract", path, hostile, "\"\(quoted)\"", "--table", hostile + ".lookup")
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output
            == "Extracted \(hostile) into \(hostile).lookup (table created) through \(hostile).lookup_id; 3 rows added to \(hostile).lookup.\n")
        let query = "SELECT typeof(l.\"\(quoted)\"), length(l.\"\(quoted)\") FROM \"\(hostile.replacingOccurrences(of: "\"", with: "\"\""))\" t "
            + "LEFT JOIN \"\(hostile.replacingOccurrences(of: "\"", with: "\"\"")).lookup\" l ON l.id = t.\"\(hostile.replacingOccurrences(of: "\"", with: "\"\"")).lookup_id\" ORDER BY n"
        #expect(try beestore("query", path, query, "--format", "csv").output.split(separator: "\r\n").dropFirst()
            == ["\"text\",500000", "\"text\",500000", "\"null\",", "\"text\",3", "\"blob\",2"])
    }
}
