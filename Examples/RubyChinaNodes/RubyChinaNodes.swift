import BeeStore
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Reads RubyChina's forum nodes, saves them as `Section` records with their `Node`s,
/// and shows them through a model that follows the database: printed as its observer
/// receives them, then again when one node is edited.
@main
struct RubyChinaNodes {
    static func main() {
        do {
            try run(Options(arguments: Array(CommandLine.arguments.dropFirst())))
        } catch let error as UsageError {
            if let message = error.message {
                printError("RubyChinaNodes: \(message)\n\(Options.usage)")
                exit(2)
            }
            print(Options.usage)
        } catch {
            printError("RubyChinaNodes: \(error)")
            exit(1)
        }
    }

    static func run(_ options: Options) throws {
        let nodes = try loadNodes(from: options.url)
        let sections = Section.grouping(nodes)
        print("Read \(nodes.count) nodes in \(sections.count) sections from \(options.url?.absoluteString ?? "the bundled nodes.json").")

        let location = try DatabaseLocation(path: options.databasePath)
        defer { location.removeTemporaryFiles() }
        let db = try Database(path: location.path)
        defer { db.close() }

        // A model of every section with its nodes, refreshed after each commit that
        // changes them; its observers are called on `queue`.
        let queue = DispatchQueue(label: "RubyChinaNodes.observer")
        let model = try RecordsModel(Section.query(in: db).orderAsc("id"), notifyOn: queue)
        defer { model.stopObserving() }
        let printer = SectionsPrinter()
        model.addObserver(printer) { printer, change in printer.show(change) }
        print("The model starts with \(model.state.count) sections.")

        print("Saving the sections and their nodes in one transaction.")
        print("")
        var saved = sections
        try saved.save(in: db)
        try printer.waitForNotification()

        guard var busiest = try Node.query(in: db).orderDesc("topics_count").first() else {
            throw ExampleError("no nodes were saved")
        }
        print("A new topic is posted in \(busiest.name): saving the node with \(busiest.topicsCount + 1) topics.")
        print("")
        busiest.topicsCount += 1
        try busiest.save(in: db)
        try printer.waitForNotification()

        if options.databasePath != nil {
            print("The database is in \(location.path); list its tables with: swift run beestore tables \(location.path)")
        }
        print("Done.")
    }

    /// The nodes at `url`, or those of the bundled sample.
    static func loadNodes(from url: URL?) throws -> [Node] {
        let source: URL
        if let url {
            source = url
        } else {
            guard let bundled = Bundle.module.url(forResource: "nodes", withExtension: "json") else {
                throw ExampleError("the bundled nodes.json is missing")
            }
            source = bundled
        }
        let data: Data
        do {
            data = try Data(contentsOf: source)
        } catch {
            throw ExampleError("cannot read \(source.absoluteString): \(error.localizedDescription)")
        }
        do {
            return try JSONDecoder().decode(NodesResponse.self, from: data).nodes
        } catch {
            throw ExampleError("\(source.lastPathComponent) is not a nodes response ({\"nodes\": [...]}): \(error)")
        }
    }
}

/// The database file: a new file at the path given, or one in a temporary directory
/// that is removed at the end.
struct DatabaseLocation {
    let path: String
    private let temporaryDirectory: URL?

    init(path: String?) throws {
        if let path {
            guard !FileManager.default.fileExists(atPath: path) else {
                throw ExampleError("\(path) already exists: give the path of a new file")
            }
            self.path = path
            temporaryDirectory = nil
        } else {
            let directory = FileManager.default.temporaryDirectory
                .appendingPathComponent("RubyChinaNodes-\(UUID().uuidString)", isDirectory: true)
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            self.path = directory.appendingPathComponent("nodes.sqlite").path
            temporaryDirectory = directory
        }
    }

    func removeTemporaryFiles() {
        if let temporaryDirectory {
            try? FileManager.default.removeItem(at: temporaryDirectory)
        }
    }
}

/// Writes `message` and a newline to standard error.
func printError(_ message: String) {
    FileHandle.standardError.write(Data((message + "\n").utf8))
}
