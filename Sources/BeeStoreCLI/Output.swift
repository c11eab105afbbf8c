import Foundation

/// Where commands write: results to standard output, errors to standard error.
enum Output {
    /// Writes `text` as it is (the library's renderings end with their own line break).
    static func write(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }

    /// Writes `message` to standard error as one line prefixed with the command name.
    static func writeError(_ message: String) {
        let line = message.split(whereSeparator: \.isNewline).joined(separator: " ")
        FileHandle.standardError.write(Data("beestore: \(line)\n".utf8))
    }
}
