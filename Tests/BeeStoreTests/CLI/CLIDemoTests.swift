import Foundation
import Testing

@testable import BeeStore

@Suite("beestore demo")
struct CLIDemoTests {
    @Test func buildsASampleDatabaseAndInspectsIt() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("demo.sqlite")
        let result = try beestore(["demo", path], in: Repository.root)
        #expect(result.status == 0)
        #expect(result.error.isEmpty)
        let lines = result.output.components(separatedBy: "\n")
        #expect(lines.first == "Built \(path) with BeeStore:")
        #expect(lines.contains("  4 migrations applied from the example migrations built into beestore: 0001_create_sections, 0002_create_nodes, 0003_index_nodes_on_section, 0004_backfill_node_section_names"))
        #expect(lines.contains("  3 sections and 9 nodes saved as records (each node belongs to its section)"))
        #expect(lines.contains("$ beestore tables \(path)"))
        #expect(lines.contains("$ beestore schema \(path) nodes"))
        #expect(lines.contains("nodes               | table |    9"))
        #expect(lines.contains(" 4 | Rails         | Rails        |         8731"))

        // What the demo wrote is ordinary data the library reads back.
        let db = try Database(path: path)
        #expect(try db.fetchValue(Int.self, "SELECT count(*) FROM nodes WHERE section_name = 'Community'") == 3)
        #expect(try KeyValueStore(database: db).inNamespace("forum").value(forKey: "favorites", as: [String].self) == ["Ruby", "Rails"])
        #expect(try Inspector(db).checkIntegrity().isHealthy)
    }

    @Test func replacesAPreviousDemoButNoOtherFile() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("demo.sqlite")
        #expect(try beestore(["demo", path], in: Repository.root).status == 0)
        #expect(try beestore(["demo", path], in: Repository.root).status == 0, "a second run rebuilds it")
        #expect(try Database(path: path).fetchValue(Int.self, "SELECT count(*) FROM nodes") == 9)

        let precious = directory.path("precious.sqlite")
        try Database(path: precious).execute("CREATE TABLE keep (x)")
        let refused = try beestore(["demo", precious], in: Repository.root)
        expectFailure(refused, status: 1, message: "\(precious) exists and is not a BeeStore demo database: give another path")
        #expect(try Database(path: precious).fetchValue(Int.self, "SELECT count(*) FROM sqlite_master WHERE name = 'keep'") == 1)
    }

    @Test func usesADefaultFileInTheCurrentDirectory() throws {
        let directory = try TemporaryDirectory()
        let migrations = Repository.root.appendingPathComponent("Migrations").path
        let result = try beestore(["demo", "--dir", migrations], in: directory.url)
        #expect(result.status == 0)
        #expect(result.output.hasPrefix("Built beestore-demo.sqlite ("))
        #expect(FileManager.default.fileExists(atPath: directory.path("beestore-demo.sqlite")))
    }

    @Test func missingMigrationsDirectoryIsAClearError() throws {
        let directory = try TemporaryDirectory()
        let result = try beestore(["demo", "--dir", "nowhere"], in: directory.url)
        expectFailure(result, status: 1, message: "no such migrations directory: nowhere")
        #expect(!FileManager.default.fileExists(atPath: directory.path("beestore-demo.sqlite")))
    }

    @Test func buildsTheDemoFromAnyDirectory() throws {
        let directory = try TemporaryDirectory()
        let result = try beestore(["demo"], in: directory.url)
        #expect(result.status == 0 && result.error.isEmpty, "\(result.error)")
        #expect(result.output.contains("  4 migrations applied from the example migrations built into beestore: "))
        #expect(try Database(path: directory.path("beestore-demo.sqlite")).fetchValue(Int.self, "SELECT count(*) FROM nodes") == 9)
    }
}
