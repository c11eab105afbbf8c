import Foundation
import TestProcessSupport

@testable import BeeStore

/// A fresh directory under the system's temporary directory, removed when released.
final class TemporaryDirectory: @unchecked Sendable {
    let url: URL

    init(_ name: String = "BeeStoreTests") throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("\(name)-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }

    /// The path of a file inside the directory.
    func path(_ name: String) -> String {
        url.appendingPathComponent(name).path
    }
}

/// The package's repository, found from this file's place in it
/// (`Tests/BeeStoreTests/Support/`).
enum Repository {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // Support
        .deletingLastPathComponent()  // BeeStoreTests
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()  // repository

    /// The folder at `path` below the repository's root.
    static func folder(_ path: String) -> URL {
        root.appendingPathComponent(path, isDirectory: true)
    }
}

/// The test fixtures kept in the repository (`Tests/BeeStoreTests/Fixtures`).
enum Fixtures {
    static var directory: URL {
        Repository.folder("Tests/BeeStoreTests/Fixtures")
    }

    /// A writable copy of a fixture database in `directory`.
    static func copy(_ name: String, into directory: TemporaryDirectory) throws -> String {
        let destination = directory.path(name)
        try FileManager.default.copyItem(
            atPath: Fixtures.directory.appendingPathComponent(name).path, toPath: destination)
        return destination
    }
}

/// The `sqlite3` command-line tool, when the machine has it.
enum SQLiteTool {
    static var path: String? {
        ["/usr/bin/sqlite3", "/usr/local/bin/sqlite3", "/opt/homebrew/bin/sqlite3"]
            .first(where: FileManager.default.isExecutableFile(atPath:))
    }

    /// Whether the tool is installed: the condition of the tests that need it, so that a
    /// machine without it reports them as skipped instead of passing them silently.
    static var isInstalled: Bool {
        path != nil
    }

    /// Runs `sql` on the database at `database` with the tool at `tool`; returns what it
    /// printed, or nil when it failed.
    static func run(_ tool: String, database: String, sql: String) throws -> String? {
        try run(tool, [database, sql])
    }

    /// Replays `sql` into the database at `database` as `sqlite3 database < file.sql` does:
    /// the tool reads it from standard input, line by line; returns what it printed, or
    /// nil when a statement failed.
    static func replay(_ tool: String, database: String, sql: String) throws -> String? {
        let directory = try TemporaryDirectory("SQLiteToolInput")
        let file = directory.url.appendingPathComponent("input.sql")
        try Data(sql.utf8).write(to: file)
        return try run(tool, [database], standardInput: try FileHandle(forReadingFrom: file))
    }

    private static func run(_ tool: String, _ arguments: [String], standardInput: FileHandle? = nil) throws -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        if let standardInput { process.standardInput = standardInput }
        let pipe = try ProcessLaunch.start {
            let pipe = Pipe()
            process.standardOutput = pipe
            try process.run()
            return pipe
        }
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        return ProcessLaunch.waitForExit(process) == 0 ? String(decoding: output, as: UTF8.self) : nil
    }
}
