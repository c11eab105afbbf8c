import Foundation
import Testing

@testable import BeeStore

@Suite("Inspection: TSV, added columns and progress of an import")
struct ImportAlterTests {
    @Test func readsTSVWithCSVQuoting() throws {
        let inspector = Inspector(try Database.inMemory())
        let tsv = "a\tb\tc\n1\t\"tab\there, \"\"quoted\"\"\"\t\n2\tplain, with comma\t2.5\n"
        let summary = try inspector.importRows(from: Data(tsv.utf8), format: .tsv, into: "t")
        #expect(summary.rowCount == 2 && summary.createdTable)
        #expect(try inspector.database.fetchAll("SELECT a, b, c FROM t ORDER BY a").map(\.values) == [
            [.integer(1), .text("tab\there, \"quoted\""), .null], [.integer(2), .text("plain, with comma"), .real(2.5)],
        ])
        #expect(throws: ImportError.badRecord(line: 2, reason: "2 fields where the header has 3")) {
            try inspector.importRows(from: Data("a\tb\tc\n1\t2\n".utf8), format: .tsv, into: "t")
        }
    }

    @Test func addsTheColumnsATableLacksOnlyWhenAsked() throws {
        let inspector = Inspector(try Database.inMemory())
        try inspector.database.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT)")
        let csv = Data("id,name,Score,blob\n1,\"a\",7,\\x00ff\n2,\"b\",,\n".utf8)
        #expect(throws: ImportError.badRecord(line: 2, reason: "no such column: Score in t")) {
            try inspector.importRows(from: csv, format: .csv, into: "t")
        }
        let summary = try inspector.importRows(from: csv, format: .csv, into: "t", options: ImportOptions(addsMissingColumns: true))
        #expect(summary.rowCount == 2 && !summary.createdTable)
        let columns = try inspector.schema(ofTable: "t").columns
        #expect(columns.map(\.name) == ["id", "name", "Score", "blob"])
        #expect(columns.map(\.declaredType) == ["INTEGER", "TEXT", "INTEGER", "BLOB"])
        // A file that fails later adds no column.
        let bad = Data("id,other\n3,1\n4\n".utf8)
        #expect(throws: ImportError.self) {
            try inspector.importRows(from: bad, format: .csv, into: "t", options: ImportOptions(addsMissingColumns: true))
        }
        #expect(try inspector.schema(ofTable: "t").columns.count == 4)
    }

    @Test func reportsProgressInBytesOfTheFile() throws {
        let inspector = Inspector(try Database.inMemory())
        let data = Data("[{\"a\": 1}, {\"a\": 2}, {\"a\": 3}]".utf8)
        var reports: [ProgressReport] = []
        _ = try inspector.importRows(from: data, format: .json, into: "t") { reports.append($0) }
        #expect(reports.count == 3)
        #expect(reports.map(\.completedUnitCount) == reports.map(\.completedUnitCount).sorted())
        #expect(reports.allSatisfy { $0.totalUnitCount == data.count } && reports.last?.fractionCompleted == 1)
        #expect(ProgressReport(completedUnitCount: 0, totalUnitCount: 0).fractionCompleted == 1)
    }
}
