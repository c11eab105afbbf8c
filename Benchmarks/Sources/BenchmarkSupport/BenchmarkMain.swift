import Foundation

/// Runs a benchmark in a fresh temporary directory named after `name`, removed afterwards,
/// and prints the lines of the report it returns; prints the failure instead when it
/// throws. Returns the process's exit status.
public func runBenchmark(_ name: String, _ body: (_ directory: URL) throws -> [String]) -> Int32 {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("\(name)-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    do {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let report = try body(directory)
        print()
        print(report.joined(separator: "\n"))
        return 0
    } catch {
        print("FAILED: \(error)")
        return 1
    }
}
