import Foundation
import Testing

/// SQL text is produced by the query layer's grammar, or in files that say in their header
/// why they are an island of one dialect ("SQLite island: …", "PostgreSQL island: …").
/// A file outside the grammar (`Query/Grammar/`) that gains SQL text fails here, unless it
/// is one of the few islands listed below.
@Suite("SQL text lives in the grammar and the declared islands")
struct SQLIslandTests {
    /// The files that hold SQL text outside the query layer's grammar, each an island of
    /// one dialect by nature: the list grows only by a deliberate decision.
    private static let islands: Set<String> = [
        "BeeStore/Cache/FileCacheManifest.swift",
        "BeeStore/Database/Connection+ReadRegion.swift",
        "BeeStore/Database/Connection+Settings.swift",
        "BeeStore/Database/Connection.swift",
        "BeeStore/Database/Database.swift",
        "BeeStore/Database/SQLDialect.swift",
        "BeeStore/Inspection/Inspector+Dump.swift",
        "BeeStore/Inspection/Inspector+Maintenance.swift",
        "BeeStore/Migration/TableRebuild.swift",
        "BeeStore/Query/Catalog/SQLiteSchemaCatalog+Storage.swift",
        "BeeStore/Query/Catalog/SQLiteSchemaCatalog.swift",
        "BeeStorePostgreSQL/ServerStatements.swift",
    ]

    private static let sources = Repository.folder("Sources")

    /// String literals that start an SQL statement: `"SELECT `, `"PRAGMA `, ….
    private static let statementStarts = [
        "SELECT", "INSERT", "UPDATE", "DELETE", "CREATE", "ALTER", "DROP", "BEGIN", "COMMIT", "ROLLBACK",
        "SAVEPOINT", "RELEASE", "PRAGMA", "WITH", "REPLACE",
    ].map { "\"" + $0 + " " }

    /// Whether `line` is a switch case naming a label (`case .createIndex: "CREATE INDEX"`):
    /// text shown to people, not SQL that runs.
    private static func isCaseLabel(_ line: Substring) -> Bool {
        line.trimmingCharacters(in: .whitespaces).hasPrefix("case .") && line.hasSuffix("\"")
    }

    /// The Swift files under `Sources/` holding SQL text outside comments, by path below `Sources/`.
    private func filesWithSQLText() throws -> Set<String> {
        var found: Set<String> = []
        let enumerator = FileManager.default.enumerator(at: Self.sources, includingPropertiesForKeys: nil)
        while let url = enumerator?.nextObject() as? URL {
            guard url.pathExtension == "swift" else { continue }
            let text = try String(contentsOf: url, encoding: .utf8)
            let code = text.split(separator: "\n").filter {
                !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") && !Self.isCaseLabel($0)
            }
            if code.contains(where: { line in Self.statementStarts.contains { line.contains($0) } }) {
                found.insert(String(url.path.dropFirst(Self.sources.path.count + 1)))
            }
        }
        return found
    }

    /// Whether the file's header declares it an island of a dialect.
    private func isIsland(_ path: String) throws -> Bool {
        let text = try String(contentsOf: Self.sources.appendingPathComponent(path), encoding: .utf8)
        let header = text.split(separator: "\n").prefix(15).joined(separator: "\n").lowercased()
        return header.contains("sqlite island:") || header.contains("postgresql island")
    }

    @Test func sqlTextOutsideTheGrammarIsInADeclaredIsland() throws {
        let files = try filesWithSQLText()
        #expect(files.contains { $0.hasPrefix("BeeStore/Query/Grammar/") }, "the scan finds the grammar's own SQL text")
        let outside = files.filter { !$0.hasPrefix("BeeStore/Query/Grammar/") }
        #expect(outside.subtracting(Self.islands).sorted() == [], "SQL text outside the grammar and the islands")
    }

    @Test func everyIslandSaysWhyInItsHeader() throws {
        for path in Self.islands.sorted() {
            #expect(try isIsland(path), "\(path) does not say in its header which dialect's island it is, and why")
        }
    }
}
