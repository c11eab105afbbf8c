import Foundation

#if canImport(Darwin)
import Darwin
#endif

/// The process's resident memory now, in bytes.
enum ResidentMemory {
    static func current() throws -> Int {
        #if os(Linux)
        // The second field of /proc/self/statm: resident pages.
        let statm = try String(contentsOfFile: "/proc/self/statm", encoding: .utf8)
        let fields = statm.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { throw CheckFailure("unreadable /proc/self/statm: \(statm)") }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
        #elseif canImport(Darwin)
        var info = mach_task_basic_info()
        var count = mach_msg_type_number_t(MemoryLayout<mach_task_basic_info>.size / MemoryLayout<natural_t>.size)
        let result = withUnsafeMutablePointer(to: &info) { pointer in
            pointer.withMemoryRebound(to: integer_t.self, capacity: Int(count)) {
                task_info(mach_task_self_, task_flavor_t(MACH_TASK_BASIC_INFO), $0, &count)
            }
        }
        guard result == KERN_SUCCESS else { throw CheckFailure("task_info failed: \(result)") }
        return Int(info.resident_size)
        #else
        throw CheckFailure("resident memory is not measured on this platform")
        #endif
    }

    /// The process's peak resident memory since it started or since ``resetPeak()``, in
    /// bytes (Linux: `VmHWM` of /proc/self/status).
    static func peak() throws -> Int {
        #if os(Linux)
        let status = try String(contentsOfFile: "/proc/self/status", encoding: .utf8)
        guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
            let kilobytes = line.split(separator: " ").dropFirst().first.flatMap({ Int($0) })
        else { throw CheckFailure("no VmHWM in /proc/self/status") }
        return kilobytes * 1024
        #else
        throw CheckFailure("peak resident memory is measured on Linux only")
        #endif
    }

    /// Sets the peak back to the resident memory of the moment (Linux: writing 5 to /proc/self/clear_refs).
    static func resetPeak() throws {
        #if os(Linux)
        try "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)
        #else
        throw CheckFailure("peak resident memory is measured on Linux only")
        #endif
    }

    /// `bytes` in MB, one decimal.
    static func megabytes(_ bytes: Int) -> String {
        String(format: "%.1f MB", Double(bytes) / 1_048_576)
    }
}
