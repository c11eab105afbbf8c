import BeeStore
import Foundation

@testable import BeeStoreServe

/// A server of several databases in a temporary directory, found there as `beestore serve
/// DIR` finds them: a copy of the Chinook sample and a small database whose file name is
/// markup, quotes, spaces and accents. The directory is removed when the value is released.
final class ServedSite: Sendable {
    /// The file name of the second database: every character a name can hold that HTML or
    /// a URL gives a meaning to.
    static let hostileFileName = "it's \"<i>notes\" & ü ?#%+.db"
    /// Its URL name: the file name without its extension.
    static let hostileName = "it's \"<i>notes\" & ü ?#%+"

    let directory: URL
    let browser: Browser

    /// Serves the directory's databases with `metadata`, downloads allowed when `allowsDownload`.
    init(metadata: ServeMetadata = ServeMetadata(), allowsDownload: Bool = false) throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("BeeStoreServeSite-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("BeeStoreTests/Fixtures")
        try FileManager.default.copyItem(
            atPath: fixtures.appendingPathComponent("chinook.sqlite").path,
            toPath: directory.appendingPathComponent("chinook.sqlite").path)
        var rollbackJournal = Configuration()
        rollbackJournal.journalMode = nil
        let notes = try Database(path: directory.appendingPathComponent(Self.hostileFileName).path, configuration: rollbackJournal)
        try notes.execute(script: """
            CREATE TABLE note (id INTEGER PRIMARY KEY, body TEXT);
            INSERT INTO note (body) VALUES ('<script>alert(1)</script>'), ('plain');
            """)
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("folder.db"), withIntermediateDirectories: false)
        try Data("not a database".utf8).write(to: directory.appendingPathComponent("readme.db"))
        let contexts = try DatabaseFiles.files(for: [directory.path]).map { file in
            var context = try ServedCopy.context(path: file.path)
            context.urlName = file.urlName
            context.allowsDownload = allowsDownload
            return context
        }
        browser = Browser(databases: contexts, metadata: metadata, changes: ChangeBroadcaster())
    }

    deinit {
        try? FileManager.default.removeItem(at: directory)
    }

    /// The response to `path` with the raw query string `query`, its body read in full.
    func get(_ path: String, _ query: String = "") async throws -> (status: Int, body: String, contentType: String) {
        try await ServedCopy.page(of: browser, at: path, query)
    }

    /// A writable connection to the served file `fileName` that keeps its journal mode.
    func database(_ fileName: String = "chinook.sqlite") throws -> Database {
        var configuration = Configuration()
        configuration.journalMode = nil
        return try Database(path: directory.appendingPathComponent(fileName).path, configuration: configuration)
    }

    /// The path of the pages of the database named `name`.
    static func path(of name: String) -> String {
        "/" + PageURL.encode(name)
    }
}
