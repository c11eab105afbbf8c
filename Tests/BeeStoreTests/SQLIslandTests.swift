import Foundation
import Testing

/// SQL text is produced by the query layer's grammar, or in files that say in their header
/// why they are an island of one dialect ("SQLite island: …", "PostgreSQL island: …").
/// The files listed in `stillToMove` hold SQL text that is to move into the grammar: the
/// list only shrinks, and a file that gains SQL text outside the grammar fails here.
@Suite("SQL text lives in the grammar and the declared islands")
struct SQLIslandTests {
    /// Files with SQL text that is still to move into the grammar.
    private static let stillToMove: Set<String> = [
        "BeeStore/Cache/KeyValueTable.swift",
        "BeeStore/Database/ForeignKeyViolation.swift",
        "BeeStore/Inspection/ColumnSchema.swift",
        "BeeStore/Inspection/ForeignKeySchema.swift",
        "BeeStore/Inspection/IndexSchema.swift",
        "BeeStore/Inspection/Inspector+Integrity.swift",
        "BeeStore/Inspection/Inspector+Schema.swift",
        "BeeStore/Inspection/Inspector+Storage.swift",
        "BeeStore/Inspection/Inspector+Tables.swift",
        "BeeStore/Inspection/SQLRenderer+Inspection.swift",
        "BeeStore/Inspection/SchemaEntry.swift",
        "BeeStore/Inspection/TableSchema+Description.swift",
        "BeeStore/Inspection/TableSummary.swift",
        "BeeStore/Migration/ForeignKeyCheck.swift",
        "BeeStore/Migration/MigrationLedger.swift",
        "BeeStore/Migration/TableRebuild.swift",
        "BeeStore/Model/DatabaseObserver.swift",
        "BeeStore/Record/RecordQuery+ColumnCheck.swift",
        "BeeStore/Record/SchemaReflector.swift",
        "BeeStore/Record/SchemaSynchronizer.swift",
        "BeeStoreCLI/DemoCommand.swift",
    ]

    private static let sources = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources", isDirectory: true)

    /// String literals that start an SQL statement: `"SELECT `, `"PRAGMA `, ….
    private static let statementStarts = [
        "SELECT", "INSERT", "UPDATE", "DELETE", "CREATE", "ALTER", "DROP", "BEGIN", "COMMIT", "ROLLBACK",
        "SAVEPOINT", "RELEASE", "PRAGMA", "WITH", "REPLACE",
    ].map { "\"" + $0 + " " }

    /// The Swift files under `Sources/` holding SQL text outside comments, by path below `Sources/`.
    private func filesWithSQLText() throws -> Set<String> {
        var found: Set<String> = []
        let enumerator = FileManager.default.enumerator(at: Self.sources, includingPropertiesForKeys: nil)
        while let url = enumerator?.nextObject() as? URL {
            guard url.pathExtension == "swift" else { continue }
            let text = try String(contentsOf: url, encoding: .utf8)
            let code = text.split(separator: "\n").filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }
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
        #expect(!files.isEmpty, "the scan finds the grammar's own SQL text")
        var outside: Set<String> = []
        for path in files where !path.hasPrefix("BeeStore/Query/") {
            if try !isIsland(path) { outside.insert(path) }
        }
        let unexpected = outside.subtracting(Self.stillToMove).sorted()
        #expect(unexpected.isEmpty, "SQL text outside the grammar and the islands: \(unexpected)")
        let moved = Self.stillToMove.subtracting(outside).sorted()
        #expect(moved.isEmpty, "no SQL text left: take these off the list: \(moved)")
    }
}
