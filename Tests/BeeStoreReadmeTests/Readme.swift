import Foundation

/// The Swift examples README.md shows, each between `<!-- example: NAME -->` and
/// `<!-- end example -->`, and the copies the tests of this target compile, each between
/// `// example: NAME` and `// end example`.
enum Readme {
    /// A named example: its lines of code, without blank lines and indentation.
    struct Example: Equatable {
        let name: String
        let code: [String]
    }

    /// The folder of this test target's sources.
    static let testsDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()

    /// The examples README.md (at the package's root) shows, in order.
    static var examples: [Example] {
        get throws {
            let root = testsDirectory.deletingLastPathComponent().deletingLastPathComponent()
            let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
            return examples(in: readme, opening: "<!-- example: ", closing: " -->", end: "<!-- end example -->")
        }
    }

    /// The examples the Swift files of this test target hold, and those of the PostgreSQL
    /// backend's suite (compiled with the `PostgreSQL` trait on).
    static var testedExamples: [Example] {
        get throws {
            let postgreSQLTests = testsDirectory.deletingLastPathComponent().appendingPathComponent("BeeStorePostgreSQLTests")
            return try [testsDirectory, postgreSQLTests]
                .flatMap { try FileManager.default.contentsOfDirectory(at: $0, includingPropertiesForKeys: nil) }
                .filter { $0.pathExtension == "swift" }
                .flatMap { file in
                    examples(in: try String(contentsOf: file, encoding: .utf8), opening: "// example: ", closing: "", end: "// end example")
                }
        }
    }

    /// The blocks of `text` that start with a line `opening` NAME `closing` and end with a
    /// line `end` (indentation aside); a Markdown code fence is not part of the code.
    private static func examples(in text: String, opening: String, closing: String, end: String) -> [Example] {
        var examples: [Example] = []
        var open: Example?
        for line in text.split(separator: "\n") {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if let example = open {
                if trimmed == end {
                    examples.append(example)
                    open = nil
                } else if !trimmed.isEmpty && !trimmed.hasPrefix("```") {
                    open = Example(name: example.name, code: example.code + [trimmed])
                }
            } else if trimmed.hasPrefix(opening) && trimmed.hasSuffix(closing) {
                open = Example(name: String(trimmed.dropFirst(opening.count).dropLast(closing.count)), code: [])
            }
        }
        return examples
    }
}
