import BeeStore
import Foundation
import Testing

@testable import BeeStoreServe

/// A copy of a database in a temporary directory, served by an in-process ``Browser``
/// the way `beestore serve` serves it (read-only, ATTACH refused, under a time limit);
/// the directory is removed when the value is released.
final class ServedCopy: Sendable {
    let directory: URL
    let path: String
    let browser: Browser

    /// Serves a copy of the Chinook sample, changed first by `prepare` (run with a
    /// writable connection).
    init(
        fixture: String = "chinook.sqlite", timeLimit: Duration = .seconds(1),
        prepare: (Database) throws -> Void = { _ in }
    ) throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("BeeStoreServeTests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let path = directory.appendingPathComponent(fixture).path
        self.path = path
        let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("BeeStoreTests/Fixtures")
        try FileManager.default.copyItem(atPath: fixtures.appendingPathComponent(fixture).path, toPath: path)
        try prepare(try Self.openWritable(path))
        browser = Browser(context: try Self.context(path: path, timeLimit: timeLimit), changes: ChangeBroadcaster())
    }

    /// The file at `path`, opened as `beestore serve` opens it: read-only, ATTACH refused,
    /// pages under `timeLimit`.
    static func context(path: String, timeLimit: Duration = .seconds(1)) throws -> BrowseContext {
        func open(_ limit: Duration?) throws -> Database {
            var configuration = Configuration()
            configuration.readOnly = true
            configuration.journalMode = nil
            configuration.statementTimeLimit = limit
            configuration.allowsAttach = false
            return try Database(path: path, configuration: configuration)
        }
        return BrowseContext(
            database: try open(timeLimit), counting: try open(.milliseconds(200)), exporting: try open(nil),
            displayName: URL(fileURLWithPath: path).lastPathComponent)
    }

    /// A writable connection to the copy that keeps its journal mode.
    func openWritable() throws -> Database {
        try Self.openWritable(path)
    }

    private static func openWritable(_ path: String) throws -> Database {
        var configuration = Configuration()
        configuration.journalMode = nil
        return try Database(path: path, configuration: configuration)
    }

    deinit {
        try? FileManager.default.removeItem(at: directory)
    }

    /// The response to `path` with the raw query string `query`, its body read in full.
    func get(_ path: String, _ query: String = "") async throws -> (status: Int, body: String, contentType: String) {
        try await Self.page(of: browser, at: path, query)
    }

    /// The response of `browser` to `path` with the raw query string `query`, its body read
    /// in full as text.
    static func page(of browser: Browser, at path: String, _ query: String = "") async throws
        -> (status: Int, body: String, contentType: String)
    {
        let response = try await response(of: browser, to: path, query)
        return (response.status, String(decoding: try await bytes(of: response.body), as: UTF8.self), response.contentType)
    }

    /// The response of `browser` to `path` with the raw query string `query`, its body not read.
    static func response(of browser: Browser, to path: String, _ query: String = "") async throws -> PageResponse {
        // Pages block their thread while SQLite works: on a thread of their own, as in the
        // server, not on the tests' shared ones.
        try await BlockingWork.run { browser.respond(to: path, items: QueryItems(query: query)) }
    }

    /// The response to a link the server wrote, split into its path and raw query.
    func get(_ link: (path: String, query: String)) async throws -> (status: Int, body: String, contentType: String) {
        try await get(link.path, link.query)
    }

    /// The body's bytes, read to its end.
    static func bytes(of body: PageResponse.Body) async throws -> [UInt8] {
        switch body {
        case .bytes(let bytes): return bytes
        case .stream(let chunks):
            // Reading waits for the producer: on a thread of its own, not the tests' shared ones.
            return try await BlockingWork.run { chunks.drain() }
        }
    }
}

/// The values of the attribute `name` in `html`, in order, with the HTML entities the
/// server writes decoded.
func attributeValues(_ name: String, in html: String) -> [String] {
    html.components(separatedBy: " \(name)=\"").dropFirst().compactMap { $0.split(separator: "\"", maxSplits: 1).first }
        .map { decodeEntities(String($0)) }
}

/// The href of the element with the attribute `marker` (such as `id="next-page"`).
func link(marked marker: String, in html: String) -> String? {
    guard let range = html.range(of: marker) else { return nil }
    let tagStart = html[..<range.lowerBound].range(of: "<a ", options: .backwards)?.lowerBound ?? range.lowerBound
    return attributeValues("href", in: String(html[tagStart...])).first
}

/// Text with `&amp;`, `&lt;`, `&gt;`, `&quot;` and `&#39;` decoded, scalar by scalar (an
/// entity followed by a combining mark is still an entity).
func decodeEntities(_ text: String) -> String {
    let entities: [String: Unicode.Scalar] = ["&lt;": "<", "&gt;": ">", "&quot;": "\"", "&#39;": "'", "&amp;": "&"]
    let scalars = Array(text.unicodeScalars)
    var decoded = String.UnicodeScalarView()
    var index = 0
    while index < scalars.count {
        let match = entities.first { entity, _ in
            let pattern = Array(entity.unicodeScalars)
            return scalars[index...].starts(with: pattern)
        }
        if let (entity, scalar) = match {
            decoded.append(scalar)
            index += entity.unicodeScalars.count
        } else {
            decoded.append(scalars[index])
            index += 1
        }
    }
    return String(decoded)
}

/// The path and raw query of a link the server wrote.
func split(_ link: String) -> (path: String, query: String) {
    let parts = link.split(separator: "?", maxSplits: 1)
    return (String(parts[0]), parts.count > 1 ? String(parts[1]) : "")
}

/// `name` as an SQL identifier: in double quotes, each double quote doubled, as an FTS5
/// string is written.
func quoted(_ name: String) -> String {
    FullTextQuery.quoted(name)
}
