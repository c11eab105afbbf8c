import ArgumentParser
import BeeStore
import BeeStoreServe
import Foundation

/// `beestore serve DB…`: browse databases in a web browser, read-only, from this machine.
struct ServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Browse databases in a web browser.",
        discussion: """
            Opens the files read-only and serves pages of their tables, rows, schema, a SQL \
            editor, a foreign-key diagram and health reports, refreshed live when another \
            process changes a file. A directory serves every SQLite file directly inside it. \
            One database is served at the root; several get a page listing them, and each its \
            pages under its name (/NAME/table?name=…). It listens on 127.0.0.1 only unless \
            told otherwise, and prints a URL with a random token that every request needs. \
            Every statement runs under a time limit, and ATTACH is refused.
            """)

    @Argument(help: "The SQLite database files, or directories whose SQLite files to serve.")
    var paths: [String]

    @Option(help: "Seconds to wait for a database another process has locked.")
    var timeout: Double = 5

    @Option(help: "The IPv4 or IPv6 address to listen on, or localhost.")
    var host = "127.0.0.1"

    @Option(help: "The port to listen on; 0 lets the system choose a free one.")
    var port: UInt16 = 8001

    @Option(name: .customLong("time-limit"), help: "The longest, in seconds, a statement may run.")
    var timeLimit: Double = 1

    @Option(name: .customLong("allow-host"), help: "Another host name requests may use (repeatable).")
    var allowedHosts: [String] = []

    @Flag(help: "Let scripts of other origins read the JSON responses (Access-Control-Allow-Origin: *); they send the token as a bearer header.")
    var cors = false

    @Option(help: "A JSON file of titles, descriptions, licenses and sources of the server, its databases and tables, and canned queries.")
    var metadata: String?

    @Flag(name: .customLong("allow-download"), help: "Let the database files be downloaded (a consistent copy of each).")
    var allowsDownload = false

    func validate() throws {
        guard !paths.isEmpty else { throw ValidationError("name a database file or a directory") }
        guard timeLimit > 0 else { throw ValidationError("--time-limit must be positive") }
    }

    func run() throws {
        let files: [DatabaseFiles.File]
        let served: ServeMetadata
        do {
            files = try DatabaseFiles.files(for: paths)
            served = try metadata.map { try ServeMetadata(contentsOfFile: $0) } ?? ServeMetadata()
            try served.check(servedNames: files.map(\.urlName))
        } catch {
            throw CommandFailure(String(describing: error))
        }
        let contexts = try files.map(openContext)
        let token = RequestGuard.makeToken()
        let changes = ChangeBroadcaster()
        let server: HTTPServer
        do {
            server = try HTTPServer(
                host: host, port: port,
                handler: BrowseHandler(
                    browser: Browser(databases: contexts, metadata: served, changes: changes),
                    requestGuard: RequestGuard(token: token, extraHosts: allowedHosts + [host]), allowsCrossOrigin: cors))
        } catch {
            throw CommandFailure(String(describing: error))
        }
        for context in contexts { changes.start(observing: context.database, interval: 0.25) }
        server.start()
        let shownHost = host.contains(":") ? "[\(host)]" : host
        try Output.write("http://\(shownHost):\(server.port)/?token=\(token)\n")
        dispatchMain()
    }

    /// The database of `file`, opened read-only three times (see ``BrowseContext``),
    /// refusing ATTACH.
    private func openContext(_ file: DatabaseFiles.File) throws -> BrowseContext {
        func open(timeLimit: Duration?) throws -> Database {
            var configuration = Configuration()
            configuration.readOnly = true
            configuration.createIfMissing = false
            configuration.journalMode = nil
            configuration.busyTimeout = timeout
            configuration.statementTimeLimit = timeLimit
            configuration.allowsAttach = false
            return try Database(path: file.path, configuration: configuration)
        }
        let limit = Duration.milliseconds(Int64(timeLimit * 1000))
        var context = BrowseContext(
            database: try open(timeLimit: limit),
            counting: try open(timeLimit: min(limit, .milliseconds(200))),
            exporting: try open(timeLimit: nil),
            displayName: URL(fileURLWithPath: file.path).lastPathComponent)
        context.urlName = file.urlName
        context.allowsDownload = allowsDownload
        return context
    }
}
