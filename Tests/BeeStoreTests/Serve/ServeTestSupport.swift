import Foundation

@testable import BeeStore

/// A served database that could not be set up or addressed.
struct ServeSetupError: Error, CustomStringConvertible {
    let description: String
}

/// A `beestore serve` process over a copy of a fixture database in a temporary directory.
/// Use `ServedDatabase.serve` so that the process ends with the test.
final class ServedDatabase: Sendable {
    /// The temporary directory holding the copy; other files a test needs can go there too.
    let directory: TemporaryDirectory
    /// The path of the served copy.
    let databasePath: String
    /// `http://127.0.0.1:PORT`.
    let baseURL: URL
    /// The access token the server printed.
    let token: String
    /// The URL the server printed: the base URL with the token as query item.
    let launchURL: URL
    /// The name of the cookie that carries the token, which the server chooses.
    let cookieName: String
    private let process: ChildProcess

    /// Copies `fixture` into a new temporary directory, lets `prepare` change the copy (given
    /// its path) and return more arguments, and starts `beestore serve COPY --port 0` with
    /// `arguments` and those added.
    private init(fixture: String, arguments: [String], prepare: (String) throws -> [String]) async throws {
        directory = try TemporaryDirectory("BeeStoreServe")
        databasePath = try Fixtures.copy(fixture, into: directory)
        let added = try prepare(databasePath)
        process = try ChildProcess(try productURL("beestore"), ["serve", databasePath, "--port", "0"] + arguments + added)
        (launchURL, token) = try await process.firstLine("the URL to open", Self.launchURL(in:))
        guard let base = URL(string: "/", relativeTo: launchURL)?.absoluteURL else {
            throw ServeSetupError(description: "no base URL in \(launchURL)")
        }
        baseURL = base
        let launch = try await HTTPTestClient().get(launchURL)
        guard let cookie = launch.header("Set-Cookie"), let name = cookie.split(separator: "=").first else {
            throw ServeSetupError(description: "no cookie set by \(launchURL)")
        }
        cookieName = String(name)
    }

    /// Runs `body` with a server over a prepared copy of `fixture`, then stops the server, also
    /// when `body` throws.
    static func serve<T>(
        _ fixture: String = "chinook.sqlite", arguments: [String] = [], prepare: (String) throws -> Void = { _ in },
        _ body: (ServedDatabase) async throws -> T
    ) async throws -> T {
        try await serve(fixture, arguments: arguments, preparingArguments: { try prepare($0); return [] }, body)
    }

    /// Runs `body` with a server over a copy of `fixture`, given the arguments `prepare`
    /// returns (made beside the copy, whose path it is given), then stops the server, also
    /// when `body` throws.
    static func serve<T>(
        _ fixture: String = "chinook.sqlite", arguments: [String] = [], preparingArguments prepare: (String) throws -> [String],
        _ body: (ServedDatabase) async throws -> T
    ) async throws -> T {
        let served = try await ServedDatabase(fixture: fixture, arguments: arguments, prepare: prepare)
        defer { served.process.terminate() }
        return try await body(served)
    }

    /// The URL and token of a line of the form `http://127.0.0.1:PORT/?token=TOKEN` (32 lowercase
    /// hexadecimal digits), or nil for any other line.
    static func launchURL(in line: String) -> (URL, String)? {
        guard let components = URLComponents(string: line), components.scheme == "http",
            components.host == "127.0.0.1", let port = components.port, port > 0, components.path == "/",
            let items = components.queryItems, items.count == 1, items[0].name == "token",
            let token = items[0].value, token.utf8.count == 32,
            token.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains($0) }),
            let url = components.url
        else { return nil }
        return (url, token)
    }

    /// The server's URL for `path` with `items` as query, percent-encoded the way the server
    /// reads them (`+` and every other reserved byte escaped, so that `+` never turns into a space).
    func url(_ path: String, _ items: KeyValuePairs<String, String> = [:]) throws -> URL {
        let query = items.map { "\(Self.formEncoded($0.key))=\(Self.formEncoded($0.value))" }.joined(separator: "&")
        let relative = query.isEmpty ? path : "\(path)?\(query)"
        guard let url = URL(string: relative, relativeTo: baseURL) else {
            throw ServeSetupError(description: "not a URL path: \(relative)")
        }
        return url.absoluteURL
    }

    /// `text` with every byte but ASCII letters, digits and `-._~` percent-encoded.
    static func formEncoded(_ text: String) -> String {
        var encoded = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                encoded.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                encoded += String(format: "%%%02X", byte)
            }
        }
        return encoded
    }

    /// The header field that authenticates a request with the token cookie.
    var cookieHeader: [String: String] { ["Cookie": "\(cookieName)=\(token)"] }

    /// The header field that authenticates a script's request.
    var bearerHeader: [String: String] { ["Authorization": "Bearer \(token)"] }

    /// The bytes of the served file, with the names of any journal files beside it: what
    /// must not change while the server only reads.
    func fileState() throws -> FileState {
        let contents = try Data(contentsOf: URL(fileURLWithPath: databasePath))
        let journals = ["-wal", "-journal", "-shm"].filter { FileManager.default.fileExists(atPath: databasePath + $0) }
        return FileState(contents: contents, journalSuffixes: journals)
    }
}

/// A database file's content and the journal files present beside it.
struct FileState: Equatable, CustomStringConvertible {
    let contents: Data
    let journalSuffixes: [String]

    var description: String { "\(contents.count) bytes (CRC-32C \(ValueChecksum.crc32c(contents))), journals: \(journalSuffixes)" }
}
