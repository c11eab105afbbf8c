import BeeStore
import Foundation

/// A file given to a command that imports it: its bytes and its format.
enum ImportFile {
    /// The bytes of `path`, or of standard input for `-`: a regular file is mapped, a pipe
    /// (`<(…)`, a FIFO) read to its end, once.
    static func read(_ path: String) throws -> Data {
        if path == "-" { return FileHandle.standardInput.readDataToEndOfFile() }
        switch FileKind(atPath: path) {
        case .missing: throw CommandFailure("no such file: \(path)")
        case .directory: throw CommandFailure("not a file: \(path)")
        case .file: break
        }
        let url = URL(fileURLWithPath: path)
        do {
            if isRegularFile(path) { return try Data(contentsOf: url, options: .alwaysMapped) }
            return try FileHandle(forReadingFrom: url).readToEnd() ?? Data()
        } catch {
            throw CommandFailure("cannot read \(path): \(CommandFailure.reason(for: error))")
        }
    }

    /// Whether `path` names a regular file (not `-`, a pipe or a directory).
    static func isRegularFile(_ path: String) -> Bool {
        path != "-" && (try? FileManager.default.attributesOfItem(atPath: path)[.type] as? FileAttributeType) == .typeRegular
    }

    /// The format of `path` by its extension (`.csv`; `.tsv`, `.tab`; `.json`, `.ndjson`,
    /// `.jsonl`), or a usage error.
    static func format(of path: String) throws -> ImportFormat {
        switch URL(fileURLWithPath: path).pathExtension.lowercased() {
        case "csv": return .csv
        case "tsv", "tab": return .tsv
        case "json", "ndjson", "jsonl": return .json
        default:
            throw CommandFailure(
                "cannot tell the format of \(path): pass --format csv, --format tsv or --format json",
                status: CommandFailure.usageStatus)
        }
    }
}
