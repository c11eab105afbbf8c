import Foundation

/// A temporary directory for the run's database and cache files, removed at the end.
final class Scratch {
    let url: URL
    private var counter = 0

    init() throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("beestore-benchmarks-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// The path of a named file in the directory.
    func path(_ name: String) -> String {
        url.appendingPathComponent(name).path
    }

    /// The path of a new, not yet existing database file.
    func freshPath(_ prefix: String) -> String {
        counter += 1
        return path("\(prefix)-\(counter).sqlite")
    }

    /// A new, empty directory.
    func freshDirectory(_ prefix: String) throws -> URL {
        counter += 1
        let directory = url.appendingPathComponent("\(prefix)-\(counter)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    /// Deletes a database file with its WAL and shared-memory files.
    func remove(database path: String) {
        for suffix in ["", "-wal", "-shm"] {
            try? FileManager.default.removeItem(atPath: path + suffix)
        }
    }

    func removeAll() {
        try? FileManager.default.removeItem(at: url)
    }
}
