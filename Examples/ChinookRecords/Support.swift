import Foundation

/// A copy of the repository's Chinook sample in a temporary directory.
struct SampleCopy {
    /// The sample, found from this source file's place in the repository.
    static let sample = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Tests/BeeStoreTests/Fixtures/chinook.sqlite")

    let directory: URL
    /// The copy's path.
    var path: String { directory.appendingPathComponent("chinook.sqlite").path }

    init() throws {
        guard FileManager.default.fileExists(atPath: Self.sample.path) else {
            throw ChinookError.noSample(Self.sample.path)
        }
        directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("ChinookRecords-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Self.sample.path, toPath: path)
    }

    /// Removes the copy.
    func remove() {
        try? FileManager.default.removeItem(at: directory)
    }
}

/// Why the example cannot run.
enum ChinookError: Error, CustomStringConvertible {
    case usage
    case noSample(String)
    case noDatabase(String)
    case missing(String)
    case postgreSQLTraitOff
    case otherTables([String])
    case unsupported(String)

    var description: String {
        switch self {
        case .usage: "usage: ChinookRecords [path of a Chinook database | --postgres postgres://USER@HOST:PORT/DB]"
        case .noSample(let path): "the Chinook sample is not at \(path): pass the path of a copy"
        case .noDatabase(let path): "no database at \(path)"
        case .missing(let what): "\(what) was not found"
        case .postgreSQLTraitOff:
            "--postgres needs the PostgreSQL backend: turn its trait on (swift run --traits PostgreSQL ChinookRecords --postgres URL)"
        case .otherTables(let names):
            "the database has tables but not Chinook's (\(names.joined(separator: ", "))): give an empty database or one loaded with Chinook"
        case .unsupported(let what): "\(what) cannot be loaded into PostgreSQL"
        }
    }
}
