import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What one run of a command cost.
public struct ProcessMeasurement {
    /// Wall-clock time from the spawn to the exit.
    public let duration: Duration
    /// The command's peak resident memory, in kibibytes.
    public let peakResidentKiB: Int
}

/// Runs `arguments` (the executable's path first) with its standard output sent to
/// `outputPath`, and measures it; a non-zero exit is an error.
///
/// The peak resident memory is the one GNU `time` (at `timeTool`) reports for the
/// command: a child's `ru_maxrss` starts from what its parent held when it spawned it,
/// so the command runs under `time`, a small process, rather than directly under this one.
public func measure(_ arguments: [String], timeTool: String, outputPath: String = "/dev/null") throws -> ProcessMeasurement {
    let report = FileManager.default.temporaryDirectory.appendingPathComponent("rss-\(UUID().uuidString)").path
    defer { try? FileManager.default.removeItem(atPath: report) }
    let command = [timeTool, "-f", "%M", "-o", report] + arguments
    let clock = ContinuousClock()
    let start = clock.now
    let pid = try spawn(command) { actions in
        posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    }
    let status = try waitForExit(of: pid)
    let duration = clock.now - start
    guard status == 0 else { throw BenchmarkFailure("\(arguments.joined(separator: " ")) failed with status \(status)") }
    let text = (try? String(contentsOfFile: report, encoding: .utf8)) ?? ""
    guard let kibibytes = Int(text.trimmingCharacters(in: .whitespacesAndNewlines)) else {
        throw BenchmarkFailure("\(timeTool) reported no peak memory: \(text)")
    }
    return ProcessMeasurement(duration: duration, peakResidentKiB: kibibytes)
}
