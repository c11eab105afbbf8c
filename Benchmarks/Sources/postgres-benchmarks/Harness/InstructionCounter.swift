import BenchmarkSupport
import Foundation

/// Counts with valgrind's callgrind the client process's instructions for one trial of a
/// workload with one library. The libraries do their work on SwiftNIO's event loop threads
/// as well as the caller's, so every thread is counted: this executable runs itself under
/// valgrind twice, on that workload and library alone, once with one trial and once with
/// two (`--trials N`, setup included both times); the difference is one trial. What the
/// server does is in another process and is not counted.
struct InstructionCounter {
    private let valgrind: String
    private let executable: String
    private let arguments: [String]
    private let directory: URL

    /// `arguments`: the connection and scale options each run repeats.
    init(arguments: [String], directory: URL) throws {
        let searchPath = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        let candidates = searchPath.split(separator: ":").map { String($0) + "/valgrind" }
        guard let valgrind = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            throw BenchmarkFailure("--instructions needs valgrind on the PATH")
        }
        guard let executable = Bundle.main.executablePath else {
            throw BenchmarkFailure("--instructions cannot find the path of this executable")
        }
        (self.valgrind, self.executable, self.arguments, self.directory) = (valgrind, executable, arguments, directory)
    }

    /// The instructions of one trial of workload `number` with `library`, every check passed.
    func count(workload number: String, library: Library) throws -> Int {
        let one = try total(workload: number, library: library, trials: 1)
        let two = try total(workload: number, library: library, trials: 2)
        return max(two - one, 0)
    }

    /// The instructions of the whole process run with `trials` trials.
    private func total(workload number: String, library: Library, trials: Int) throws -> Int {
        let name = "callgrind-\(number)-\(library.option)-\(trials)"
        let output = directory.appendingPathComponent(name + ".out").path
        let log = directory.appendingPathComponent(name + ".log").path
        let command = [
            valgrind, "--tool=callgrind", "--callgrind-out-file=\(output)", "--log-file=\(log)",
            executable, "--trials", "\(trials)", "--only", number, "--libraries", library.option,
        ] + arguments
        let status = try waitForExit(of: try spawn(command))
        guard status == 0 else {
            let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
            throw BenchmarkFailure(
                "\(number), \(library.rawValue) under callgrind exited with status \(status):\n"
                    + text.split(separator: "\n").suffix(20).joined(separator: "\n"))
        }
        let text = try String(contentsOfFile: output, encoding: .utf8)
        for line in text.split(separator: "\n") where line.hasPrefix("totals:") || line.hasPrefix("summary:") {
            if let field = line.split(separator: " ").dropFirst().first, let total = Int(field) { return total }
        }
        throw BenchmarkFailure("\(output) has no totals: line")
    }
}
