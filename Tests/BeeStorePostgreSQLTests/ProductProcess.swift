#if PostgreSQL
import Foundation
import Testing

/// A run of an executable the package builds, found beside the test bundle (`swift build
/// --build-tests` builds the products, and the executables the tests depend on, along
/// with the tests). Its output and errors go to temporary files, so that a chatty run
/// never stalls on a full pipe; a run still going at its deadline is terminated.
final class ProductProcess {
    /// What a finished run produced.
    struct Run {
        let status: Int32
        let output: String
        let error: String
        /// Whether the run was terminated at its deadline.
        let timedOut: Bool
    }

    private let process = Process()
    private let exited = DispatchSemaphore(value: 0)
    private let outputFile: URL
    private let errorFile: URL

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
        process.terminationHandler = { [exited] _ in exited.signal() }
        try process.run()
    }

    deinit {
        try? FileManager.default.removeItem(at: outputFile)
        try? FileManager.default.removeItem(at: errorFile)
    }

    /// Waits for the run to end, terminating it at `deadline`, and returns what it produced.
    func finish(by deadline: Date) throws -> Run {
        let timedOut = exited.wait(timeout: .now() + max(0, deadline.timeIntervalSinceNow)) == .timedOut
        if timedOut {
            process.terminate()
            exited.wait()
        }
        return Run(
            status: process.terminationStatus,
            output: try String(contentsOf: outputFile, encoding: .utf8),
            error: try String(contentsOf: errorFile, encoding: .utf8),
            timedOut: timedOut)
    }
}
#endif
