import Foundation

/// Counts with valgrind's callgrind the instructions of one timed trial of a workload
/// with one library. Swift cannot issue callgrind's client requests, so this executable
/// runs itself under valgrind as a child process, on that workload and library alone
/// (`--measure-once`: setup, one untimed warm-up trial, one timed trial, the checks),
/// with collection off except inside ``MeasuredRegion``: the count is the timed part's
/// alone. Callgrind switches collection per thread, so it counts the thread that runs the
/// trial; every library does its database work on that thread (GRDB's `read` and `write`
/// run their block with `DispatchQueue.sync`, on the calling thread).
struct InstructionCounter {
    private let valgrind: String
    private let executable: String
    private let scale: Double
    private let scratch: Scratch

    init(scale: Double, scratch: Scratch) throws {
        let searchPath = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        let candidates = searchPath.split(separator: ":").map { String($0) + "/valgrind" }
        guard let valgrind = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            throw CheckFailure("--instructions needs valgrind on the PATH")
        }
        guard let executable = Bundle.main.executablePath else {
            throw CheckFailure("--instructions cannot find the path of this executable")
        }
        self.valgrind = valgrind
        self.executable = executable
        self.scale = scale
        self.scratch = scratch
    }

    /// The instructions of one timed trial of `workload` with `library`, every check passed.
    func count(_ workload: any Workload, library: Library) throws -> Int {
        let name = "callgrind-\(workload.number)-\(library.option)"
        let output = scratch.path(name + ".out")
        let log = scratch.path(name + ".log")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: valgrind)
        process.arguments = [
            "--tool=callgrind", "--callgrind-out-file=\(output)",
            "--collect-atstart=no", "--toggle-collect=\(MeasuredRegion.callgrindPattern)",
            executable, "--measure-once", "--only", workload.number, "--libraries", library.option,
            "--scale", "\(scale)",
        ]
        guard FileManager.default.createFile(atPath: log, contents: nil) else { throw CheckFailure("cannot write \(log)") }
        let logHandle = try FileHandle(forWritingTo: URL(fileURLWithPath: log))
        defer { try? logHandle.close() }
        process.standardOutput = logHandle
        process.standardError = logHandle
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
            throw CheckFailure(
                "\(workload.number), \(library.rawValue) under callgrind exited with status \(process.terminationStatus):\n"
                    + text.split(separator: "\n").suffix(20).joined(separator: "\n"))
        }
        let count = try Self.totalInstructions(in: String(contentsOfFile: output, encoding: .utf8), file: output)
        guard count > 0 else { throw CheckFailure("\(output): nothing collected inside the measured region") }
        return count
    }

    /// The event total of a callgrind output file, run with the default event (`Ir`,
    /// instructions): its `totals:` line, or its `summary:` line.
    static func totalInstructions(in text: String, file: String) throws -> Int {
        for prefix in ["totals:", "summary:"] {
            for line in text.split(separator: "\n") where line.hasPrefix(prefix) {
                let fields = line.dropFirst(prefix.count).split(separator: " ")
                guard let first = fields.first, let total = Int(first) else { break }
                return total
            }
        }
        throw CheckFailure("\(file) has no totals: or summary: line")
    }
}
