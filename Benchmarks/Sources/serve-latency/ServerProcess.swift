import BenchmarkSupport
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A web server this benchmark started as a child process, and how to reach it.
final class ServerProcess {
    let name: String
    private(set) var port: UInt16
    /// Header lines every request to it carries.
    private(set) var headers: [String]
    private let pid: pid_t
    /// The read end of the server's standard output, when the benchmark reads it.
    private let outputPipe: Int32?
    private var running = true

    private init(name: String, port: UInt16, headers: [String], pid: pid_t, outputPipe: Int32?) {
        self.name = name
        self.port = port
        self.headers = headers
        self.pid = pid
        self.outputPipe = outputPipe
    }

    deinit { stop() }

    /// A new keep-alive connection to the server.
    func connection() -> HTTPConnection {
        HTTPConnection(port: port, extraHeaders: headers)
    }

    /// `beestore serve DATABASE --port 0`: its first line of output is the URL with the port
    /// and the token, which the requests send as `Authorization: Bearer TOKEN`.
    static func beestore(executable: String, database: String, logPath: String) throws -> ServerProcess {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { throw BenchmarkFailure("pipe: errno \(errno)") }
        let (readEnd, writeEnd) = (ends[0], ends[1])
        let pid: pid_t
        do {
            pid = try spawn([executable, "serve", database, "--port", "0"]) { actions in
                posix_spawn_file_actions_adddup2(&actions, writeEnd, 1)
                posix_spawn_file_actions_addclose(&actions, readEnd)
                posix_spawn_file_actions_addopen(&actions, 2, logPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
            }
        } catch {
            close(readEnd)
            close(writeEnd)
            throw error
        }
        close(writeEnd)
        let server = ServerProcess(name: "beestore serve", port: 0, headers: [], pid: pid, outputPipe: readEnd)
        let line = try server.firstOutputLine(deadline: .now + .seconds(30), logPath: logPath)
        guard let url = URLComponents(string: line), let port = url.port.flatMap(UInt16.init(exactly:)),
            let token = url.queryItems?.first(where: { $0.name == "token" })?.value
        else { throw BenchmarkFailure("beestore serve printed no URL with a port and a token: \(line)") }
        server.port = port
        server.headers = ["Authorization: Bearer \(token)"]
        try server.waitUntilAnswering("/", deadline: .now + .seconds(30), logPath: logPath)
        return server
    }

    /// `datasette serve DATABASE --port P --setting sql_time_limit_ms 1000`, on a free port.
    static func datasette(executable: String, database: String, logPath: String) throws -> ServerProcess {
        let port = try freePort()
        let pid = try spawn([
            executable, "serve", database, "--port", String(port), "--setting", "sql_time_limit_ms", "1000",
        ]) { actions in
            posix_spawn_file_actions_addopen(&actions, 1, logPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
            posix_spawn_file_actions_adddup2(&actions, 1, 2)
        }
        let server = ServerProcess(name: "Datasette", port: port, headers: [], pid: pid, outputPipe: nil)
        try server.waitUntilAnswering("/-/versions.json", deadline: .now + .seconds(60), logPath: logPath)
        return server
    }

    /// Sends SIGTERM, then SIGKILL if the server is still there 10 seconds later.
    func stop() {
        guard running else { return }
        running = false
        if let outputPipe { close(outputPipe) }
        kill(pid, SIGTERM)
        let deadline = ContinuousClock.now + .seconds(10)
        var status: Int32 = 0
        while waitpid(pid, &status, WNOHANG) == 0 {
            if ContinuousClock.now > deadline {
                kill(pid, SIGKILL)
                _ = try? waitForExit(of: pid)
                return
            }
            usleep(20_000)
        }
    }

    /// Whether the process has exited (and then it is reaped).
    private func hasExited() -> Bool {
        var status: Int32 = 0
        guard waitpid(pid, &status, WNOHANG) == pid else { return false }
        running = false
        return true
    }

    /// Polls `path` until it answers 200, the process exits, or the deadline passes.
    private func waitUntilAnswering(_ path: String, deadline: ContinuousClock.Instant, logPath: String) throws {
        let probe = connection()
        while true {
            if let response = try? probe.get(path), response.status == 200 { return }
            probe.disconnect()
            if hasExited() { throw BenchmarkFailure("\(name) exited: \(Self.tail(of: logPath))") }
            if ContinuousClock.now > deadline {
                throw BenchmarkFailure("\(name) did not answer \(path) in time: \(Self.tail(of: logPath))")
            }
            usleep(50_000)
        }
    }

    /// The first line the server writes to its standard output.
    private func firstOutputLine(deadline: ContinuousClock.Instant, logPath: String) throws -> String {
        guard let outputPipe else { throw BenchmarkFailure("\(name): its output is not read") }
        var bytes: [UInt8] = []
        while !bytes.contains(UInt8(ascii: "\n")) {
            let remaining = deadline - ContinuousClock.now
            guard remaining > .zero else { throw BenchmarkFailure("\(name) printed no URL in time: \(Self.tail(of: logPath))") }
            var poller = pollfd(fd: outputPipe, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, Int32(remaining.seconds * 1000) + 1) > 0 else { continue }
            var chunk = [UInt8](repeating: 0, count: 512)
            let count = chunk.withUnsafeMutableBytes { read(outputPipe, $0.baseAddress, $0.count) }
            guard count > 0 else { throw BenchmarkFailure("\(name) exited: \(Self.tail(of: logPath))") }
            bytes += chunk[..<count]
        }
        return String(decoding: bytes.prefix { $0 != UInt8(ascii: "\n") }, as: UTF8.self)
    }

    /// A port no one listens on now: the system's choice for a socket bound to port 0.
    private static func freePort() throws -> UInt16 {
        let descriptor = try makeTCPSocket()
        defer { close(descriptor) }
        var address = loopbackAddress(port: 0)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, length) == 0 && getsockname(descriptor, $0, &length) == 0
            }
        }
        guard bound else { throw BenchmarkFailure("cannot find a free port: errno \(errno)") }
        return UInt16(bigEndian: address.sin_port)
    }

    /// The end of a log file, for error messages.
    private static func tail(of path: String) -> String {
        let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        return String(text.suffix(2_000))
    }
}
