import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

import TestProcessSupport

@testable import BeeStore

/// A child process that failed to start or to announce itself.
struct ChildProcessError: Error, CustomStringConvertible {
    let description: String
}

/// A long-running child process (a server, a driver) whose standard output and error are
/// collected as they arrive; it is killed by `terminate()` or, as a backstop when a test
/// fails before that, when released.
final class ChildProcess: Sendable {
    /// The executable's file name, for messages.
    let name: String
    private let process: Process
    private let output = Protected(Data())
    private let errorOutput = Protected(Data())

    /// Starts `executable` with `arguments`.
    init(_ executable: URL, _ arguments: [String]) throws {
        name = executable.lastPathComponent
        process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.standardInput = FileHandle.nullDevice
        try ProcessLaunch.start { [process, output, errorOutput] in
            process.standardOutput = Self.collecting(into: output)
            process.standardError = Self.collecting(into: errorOutput)
            do {
                try process.run()
            } catch {
                throw ChildProcessError(description: "cannot start \(executable.path): \(error)")
            }
        }
    }

    deinit {
        terminate()
    }

    /// A pipe whose bytes are appended to `buffer` as they arrive, read by a thread of its
    /// own until the process closes its end. Not a `readabilityHandler`: on Linux its
    /// dispatch source outlives the handle, and once the handle's descriptor is closed and
    /// its number reused, the dispatch event loop can crash the test process.
    private static func collecting(into buffer: Protected<Data>) -> Pipe {
        let pipe = Pipe()
        let reading = pipe.fileHandleForReading
        let thread = Thread {
            while case let data = reading.availableData, !data.isEmpty {
                buffer.withLock { $0.append(data) }
            }
        }
        thread.name = "child process output"
        thread.start()
        return pipe
    }

    /// What the process wrote to standard error so far.
    var standardError: String {
        String(decoding: errorOutput.value, as: UTF8.self)
    }

    /// The first complete line of standard output that `transform` turns into a value, waiting
    /// for it until `timeout`; fails early, quoting standard error, when the process exits.
    func firstLine<T>(
        _ description: String, timeout: Duration = .seconds(20), _ transform: @escaping (String) -> T?
    ) async throws -> T {
        try await waitFor("\(name) to print \(description)", timeout: timeout) {
            let lines = String(decoding: output.value, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
            // The last item is an unfinished line, or empty after a final newline.
            if let value = lines.dropLast().lazy.compactMap({ transform(String($0)) }).first { return value }
            guard process.isRunning else {
                throw ChildProcessError(
                    description: "\(name) exited with status \(process.terminationStatus) before printing \(description); "
                        + "standard output: \(String(decoding: output.value, as: UTF8.self).debugDescription), "
                        + "standard error: \(standardError.debugDescription)")
            }
            return nil
        }
    }

    /// Whether ``terminate()`` reaped the process: its identifier may belong to another
    /// process since, which must not be killed.
    private let reaped = Protected(false)

    /// Kills the process when it still runs, and waits for it to exit (see
    /// ``ProcessLaunch``). SIGKILL, because the threads that run tests block SIGTERM and
    /// SIGINT and a child inherits that mask.
    func terminate() {
        // A process that never started has no identifier, and nothing to wait for.
        guard process.processIdentifier != 0 else { return }
        reaped.withLock { reaped in
            guard !reaped else { return }
            if process.isRunning {
                kill(process.processIdentifier, SIGKILL)
            }
            _ = ProcessLaunch.reap(process)
            reaped = true
        }
    }

    /// Whether the process still runs.
    var isRunning: Bool { process.isRunning }
}
