import Foundation

/// Where commands write: results to standard output, errors to standard error.
enum Output {
    /// Writes `text` as it is (the library's renderings end with their own line break);
    /// throws when standard output cannot take it (a full disk, a closed descriptor).
    static func write(_ text: String) throws {
        try FileHandle.standardOutput.write(contentsOf: Data(text.utf8))
    }

    /// Writes `message` to standard error as one line prefixed with the command name
    /// (nothing if standard error cannot take it: there is nowhere else to say so).
    static func writeError(_ message: String) {
        let line = message.split(whereSeparator: \.isNewline).joined(separator: " ")
        try? FileHandle.standardError.write(contentsOf: Data("beestore: \(line)\n".utf8))
    }
}
