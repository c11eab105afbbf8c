import BeeStore
import BenchmarkSupport
import Foundation
import GRDB

/// Not a timed workload: how much each library adds to the process's peak resident memory
/// to fetch every row of a table of `count` items into an array. Each library runs in a
/// process of its own (this executable, `--peak-memory N --memory-fixture FILE
/// --libraries L`): memory that one library's fetch freed, and that the allocator kept,
/// would otherwise serve the next one. The child opens its connection and fetches a row
/// first, then resets the process's peak (Linux' `clear_refs`), fetches, and reports its
/// peak less its resident memory before the fetch.
enum PeakMemory {
    static let libraries: [Library] = [.raw, .grdbCodable, .grdbHandWritten, .beeStore, .beeStoreColumnCodable]

    /// Builds the table, measures each library in a child process, and returns the report.
    static func run(count: Int, libraries: [Library], scratch: Scratch) throws -> String {
        let fixture = ItemFixture(count: count, name: "peak-memory")
        let path = try fixture.path(in: scratch)
        guard let executable = Bundle.main.executablePath else { throw CheckFailure("cannot find this executable") }
        var growth: [Library: Int] = [:]
        for library in Self.libraries where libraries.contains(library) {
            let process = Process()
            let output = Pipe()
            process.executableURL = URL(fileURLWithPath: executable)
            process.arguments = ["--peak-memory", String(count), "--memory-fixture", path, "--libraries", library.option]
            process.standardOutput = output
            try process.run()
            let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            guard process.terminationStatus == 0, let bytes = Int(text.trimmingCharacters(in: .whitespacesAndNewlines)) else {
                throw CheckFailure("peak memory of \(library.rawValue): \(text)")
            }
            growth[library] = bytes
        }
        let peer = Library.peers.compactMap { growth[$0] }.min()
        var lines = ["peak resident memory added by fetching \(grouped(count)) items (11 integer columns) into an array:"]
        for library in Self.libraries {
            guard let bytes = growth[library] else { continue }
            let ratio = peer.map { " (" + format(Double(bytes) / Double($0)) + "× GRDB's least)" } ?? ""
            lines.append("  \(library.rawValue): \(ResidentMemory.megabytes(bytes))\(ratio)")
        }
        return lines.joined(separator: "\n")
    }

    /// In the child: the peak memory `library` adds to fetch the `count` items of the file at `path`.
    static func measure(library: Library, path: String, count: Int) throws -> Int {
        let expected = ItemDigest((1...Int64(count)).lazy.map(Item.sample))
        let fetch: () throws -> ItemDigest
        switch library {
        case .raw:
            let raw = try RawDatabase(path: path)
            let statement = try raw.prepare("SELECT \(Item.columnsSQL) FROM item ORDER BY id")
            _ = try raw.integers("SELECT count(*) FROM item")
            fetch = { ItemDigest(try raw.fetchItems(statement)) }
        case .grdbCodable, .grdbHandWritten:
            let pool = try DatabasePool(path: path)
            _ = try pool.read { db in try Item.fetchOne(db) }
            fetch = library == .grdbCodable
                ? { ItemDigest(try pool.read { db in try Item.fetchAll(db) }) }
                : { ItemDigest(try pool.read { db in try GRDBHandWrittenItem.fetchAll(db) }.lazy.map(\.item)) }
        case .beeStore, .beeStoreColumnCodable:
            let bee = try BeeStore.Database(path: path)
            _ = try Item.first(in: bee)
            _ = try ColumnCodableItem.first(in: bee)
            fetch = library == .beeStore
                ? { ItemDigest(try Item.all(in: bee)) }
                : { ItemDigest(try ColumnCodableItem.all(in: bee).lazy.map(\.item)) }
        case .foundation:
            throw CheckFailure.notCompared(library)
        }
        try ResidentMemory.resetPeak()
        let baseline = try ResidentMemory.current()
        let digest = try fetch()
        let peak = try ResidentMemory.peak()
        try expectEqual(digest, expected, "items fetched")
        return peak - baseline
    }
}
