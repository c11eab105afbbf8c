import ArgumentParser
import BeeStore
import Foundation

/// `beestore demo [PATH]`: builds a sample database through the library, then shows what
/// `tables`, `schema` and `rows` print for it.
struct DemoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Build a sample database with BeeStore, then inspect it.",
        discussion: """
            Applies the example app's migrations (built into beestore, or those of --dir), saves forum sections and nodes as records (each \
            node belongs to its section), keeps settings in a key-value store in the same \
            file, then prints what the tables, schema and rows commands show for it. A \
            previous demo database at PATH is replaced; any other existing file is left alone.
            """)

    static let defaultPath = "beestore-demo.sqlite"
    private static let markerKey = "beestore.demo"

    @Argument(help: "Where to create the demo database.")
    var path: String = Self.defaultPath

    @Option(
        name: .customLong("dir"),
        help: "A directory of SQL migrations to apply instead of the example app's, files named like 0001_create_nodes.sql.")
    var directory: String?

    func run() throws {
        guard path != DatabaseOptions.inMemory else {
            throw CommandFailure(
                "the demo database is inspected after it is built: give a file, not :memory:", status: CommandFailure.usageStatus)
        }
        try removePreviousDemo()
        let options = try DatabaseOptions.parse([path])
        let migrations = directory.map(MigrationSource.directory) ?? .builtIn
        let migrator = try migrations.migrator(opening: options.openCreatingIfMissing)
        let db = migrator.database
        let applied = try migrator.migrate()
        let (sectionCount, nodeCount) = try saveRecords(in: db)
        let settings = try KeyValueStore(database: db)
        try settings.setValue(BeeStoreVersion.current, forKey: Self.markerKey)
        try settings.inNamespace("forum").setValue(["Ruby", "Rails"], forKey: "favorites")
        db.close()

        let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
        try Output.write("""
            Built \(path)\(path == absolute ? "" : " (\(absolute))") with BeeStore:
              \(applied.count) migrations applied from \(migrations.description): \(applied.joined(separator: ", "))
              \(sectionCount) sections and \(nodeCount) nodes saved as records (each node belongs to its section)
              2 settings kept in a key-value store (table key_value_store)

            """)
        let inspector = try options.inspector()
        try show("tables", QueryResult(try inspector.tables()).formatted(as: .table))
        try show("schema \(DemoNode.tableName)", String(describing: try inspector.schema(ofTable: DemoNode.tableName)))
        var selection = RowSelection()
        selection.columns = ["id", "name", "section_name", "topics_count"]
        selection.ordering = [RowOrdering(column: "section_id"), RowOrdering(column: "sort")]
        selection.limit = 5
        try show(
            "rows \(DemoNode.tableName) --columns id,name,section_name,topics_count --order section_id,sort --limit 5",
            try inspector.rows(of: DemoNode.tableName, matching: selection).formatted(as: .table))
        try Output.write("Explore it further: swift run beestore --help\n")
    }

    /// Writes the command line a reader would type, then what it prints.
    private func show(_ command: String, _ output: String) throws {
        try Output.write("$ beestore \(insertingPath(into: command))\n\(output)\n")
    }

    /// `tables` → `tables PATH`; `rows nodes --limit 5` → `rows PATH nodes --limit 5`.
    private func insertingPath(into command: String) -> String {
        var words = command.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        words.insert(path, at: 1)
        return words.joined(separator: " ")
    }

    /// Saves the sample sections, then their nodes, in one transaction.
    private func saveRecords(in db: Database) throws -> (sections: Int, nodes: Int) {
        try db.write { _ in
            var nodes: [DemoNode] = []
            for (position, sample) in DemoData.sections.enumerated() {
                var section = DemoSection(name: sample.name, sort: position)
                try section.save(in: db)
                for (sort, node) in sample.nodes.enumerated() {
                    nodes.append(DemoNode(
                        name: node.name, summary: node.summary, section: section, sort: sort,
                        topicsCount: node.topics, sectionName: section.name))
                }
            }
            try nodes.save(in: db)
            return (DemoData.sections.count, nodes.count)
        }
    }

    /// Whether the file at `path` is a database the demo built (its settings hold the
    /// demo's marker); false for anything else, a file that is not a database included.
    static func isDemoDatabase(atPath path: String) -> Bool {
        guard FileKind(atPath: path) == .file, let database = try? DatabaseOptions.parse([path]).openExisting() else {
            return false
        }
        defer { database.close() }
        return (try? database.from("key_value_store").where("key", markerKey).exists()) == true
    }

    /// Deletes a database an earlier demo built at `path`; refuses any other existing file.
    private func removePreviousDemo() throws {
        switch FileKind(atPath: path) {
        case .missing:
            return
        case .directory:
            throw CommandFailure("not a file: \(path)")
        case .file:
            guard Self.isDemoDatabase(atPath: path) else {
                throw CommandFailure("\(path) exists and is not a BeeStore demo database: give another path")
            }
            for suffix in ["", "-wal", "-shm"] where FileManager.default.fileExists(atPath: path + suffix) {
                try FileManager.default.removeItem(atPath: path + suffix)
            }
        }
    }
}
