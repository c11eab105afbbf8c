#if PostgreSQL
import Foundation
import Synchronization
import TestProcessSupport
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A run of an executable the package builds, found beside the test bundle (`swift build
/// --build-tests` builds the products, and the executables the tests depend on, along
/// with the tests). Its output and errors go to temporary files, so that a chatty run
/// never stalls on a full pipe; a run still going at its deadline is killed.
///
/// Runs start one at a time, and each is reaped by a thread of its own (see
/// `ProcessLaunch`).
final class ProductProcess {
    /// What a finished run produced.
    struct Run {
        let status: Int32
        let output: String
        let error: String
        /// Whether the run was killed at its deadline.
        let timedOut: Bool
    }

    private let process = Process()
    private let ending = Ending()
    private let outputFile: URL
    private let errorFile: URL

    /// The run's end, as the thread that reaps it sees it.
    private final class Ending: Sendable {
        /// Signalled once the run exited.
        let signal = DispatchSemaphore(value: 0)
        /// Its exit code, or the number of the signal that ended it: set before ``signal``.
        let status = Mutex<Int32>(0)
    }

    /// Starts the built executable `name` with `arguments`.
    init(_ name: String, arguments: [String]) throws {
        let testBundle = Bundle.allBundles.first { $0.bundleURL.pathExtension == "xctest" }
        let products = try #require(
            testBundle?.bundleURL.deletingLastPathComponent() ?? Bundle.main.executableURL?.deletingLastPathComponent())
        let executable = products.appendingPathComponent(name)
        try #require(FileManager.default.isExecutableFile(atPath: executable.path), "build \(name) first")
        let folder = FileManager.default.temporaryDirectory
        outputFile = folder.appendingPathComponent("beestore-\(name)-\(UUID().uuidString).out")
        errorFile = folder.appendingPathComponent("beestore-\(name)-\(UUID().uuidString).err")
        for file in [outputFile, errorFile] {
            try #require(FileManager.default.createFile(atPath: file.path, contents: nil), "cannot create \(file.path)")
        }
        process.executableURL = executable
        process.arguments = arguments
        process.standardOutput = try FileHandle(forWritingTo: outputFile)
        process.standardError = try FileHandle(forWritingTo: errorFile)
        try ProcessLaunch.start { try process.run() }
        Thread.detachNewThread { [process, ending] in
            let status = ProcessLaunch.waitForExit(process)
            ending.status.withLock { $0 = status }
            ending.signal.signal()
        }
    }

    deinit {
        try? FileManager.default.removeItem(at: outputFile)
        try? FileManager.default.removeItem(at: errorFile)
    }

    /// Waits for the run to end, killing it at `deadline`, and returns what it produced.
    func finish(by deadline: Date) throws -> Run {
        let timedOut = ending.signal.wait(timeout: .now() + max(0, deadline.timeIntervalSinceNow)) == .timedOut
        if timedOut {
            // SIGKILL: the threads that run tests block SIGTERM, and a child inherits that mask.
            kill(process.processIdentifier, SIGKILL)
            ending.signal.wait()
        }
        return Run(
            status: ending.status.withLock { $0 },
            output: try String(contentsOf: outputFile, encoding: .utf8),
            error: try String(contentsOf: errorFile, encoding: .utf8),
            timedOut: timedOut)
    }
}
#endif
