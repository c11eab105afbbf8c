import ArgumentParser
import BeeStore
import BeeStoreServe
import Foundation

/// `beestore serve DB`: browse a database in a web browser, read-only, from this machine.
struct ServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Browse a database in a web browser.",
        discussion: """
            Opens the file read-only and serves pages of its tables, rows, schema, a SQL editor, \
            a foreign-key diagram and health reports, refreshed live when another process \
            changes the file. It listens on 127.0.0.1 only unless told otherwise, and prints a \
            URL with a random token that every request needs. Every statement runs under a \
            time limit, and ATTACH is refused.
            """)

    @OptionGroup var database: DatabaseOptions

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

    func validate() throws {
        guard timeLimit > 0 else { throw ValidationError("--time-limit must be positive") }
    }

    func run() throws {
        let context = try openContext()
        let token = RequestGuard.makeToken()
        let changes = ChangeBroadcaster()
        let server: HTTPServer
        do {
            server = try HTTPServer(
                host: host, port: port,
                handler: BrowseHandler(
                    browser: Browser(context: context, changes: changes),
                    requestGuard: RequestGuard(token: token, extraHosts: allowedHosts + [host]), allowsCrossOrigin: cors))
        } catch {
            throw CommandFailure(String(describing: error))
        }
        changes.start(observing: context.database, interval: 0.25)
        server.start()
        let shownHost = host.contains(":") ? "[\(host)]" : host
        try Output.write("http://\(shownHost):\(server.port)/?token=\(token)\n")
        dispatchMain()
    }

    /// The database, opened read-only three times (see ``BrowseContext``), refusing ATTACH.
    private func openContext() throws -> BrowseContext {
        func open(timeLimit: Duration?) throws -> Database {
            var configuration = try database.existingFileConfiguration()
            configuration.statementTimeLimit = timeLimit
            configuration.allowsAttach = false
            return try Database(path: database.database, configuration: configuration)
        }
        let limit = Duration.milliseconds(Int64(timeLimit * 1000))
        return BrowseContext(
            database: try open(timeLimit: limit),
            counting: try open(timeLimit: min(limit, .milliseconds(200))),
            exporting: try open(timeLimit: nil),
            displayName: URL(fileURLWithPath: database.database).lastPathComponent)
    }
}
