import Foundation
import Testing

/// The `beestore` commands README.md shows, between `<!-- cli commands -->` and the end of
/// the code block that follows.
@Suite("CLI commands in the README")
struct CLIReadmeTests {
    @Test func everyCLICommandInTheReadmeRuns() throws {
        let readme = try String(contentsOf: ExamplesTests.root.appendingPathComponent("README.md"), encoding: .utf8)
        let start = try #require(readme.range(of: "<!-- cli commands -->\n```sh\n"))
        let end = try #require(readme.range(of: "```", range: start.upperBound..<readme.endIndex))
        let prefix = "swift run beestore "
        let commands = readme[start.upperBound..<end.lowerBound].split(separator: "\n").map(String.init)
        #expect(commands.allSatisfy { $0.hasPrefix(prefix) }, "the block holds only beestore commands")

        let directory = try TemporaryDirectory()
        try FileManager.default.copyItem(
            atPath: Fixtures.directory.appendingPathComponent("chinook.sqlite").path, toPath: directory.path("Chinook.sqlite"))
        for command in commands {
            var words = try Self.shellWords(String(command.dropFirst(prefix.count)))
            var redirection: String?
            if let index = words.firstIndex(of: ">"), index + 1 < words.count {
                redirection = words[index + 1]
                words = Array(words[..<index])
            }
            let result = try beestore(words, in: directory.url)
            // `backup` writes a file and says nothing when its output is not a terminal.
            let writesOutput = words.first != "backup"
            #expect(
                result.status == 0 && result.error.isEmpty && result.output.isEmpty != writesOutput,
                "\(command): \(result.error)")
            if let redirection {
                try Data(result.output.utf8).write(to: directory.url.appendingPathComponent(redirection))
            }
        }
        // Every subcommand of the tool is shown.
        let help = try beestore("--help").output
        let helpLines = (help.components(separatedBy: "SUBCOMMANDS:").last ?? "").split(separator: "\n")
        let subcommandLines = helpLines.filter { $0.hasPrefix("  ") && !$0.hasPrefix("   ") }
        // A line names a subcommand, then its other names after commas (`insert, import`).
        let listed: Set<String> = Set(subcommandLines.compactMap { line in
            line.split(whereSeparator: { $0 == " " || $0 == "," }).first.map(String.init)
                .flatMap { $0.allSatisfy { $0.isLowercase || $0 == "-" } ? $0 : nil }
        })
        let shown: Set<String> = Set(commands.compactMap { command in
            command.dropFirst(prefix.count).split(separator: " ").first.map(String.init)
        })
        // `serve` runs until it is stopped: the README shows it in a section of its own,
        // and the serve tests run it.
        #expect(listed.count == 31)
        #expect(shown == listed.subtracting(["serve"]))
        #expect(readme.contains("swift run beestore serve Chinook.sqlite"))
    }

    /// The words of a command line as a POSIX shell splits them: whitespace separates
    /// words, quotes group them, and a `#` starting a word begins a comment.
    private static func shellWords(_ line: String) throws -> [String] {
        var words: [String] = []
        var current: String?
        var quote: Character?
        for character in line {
            if let open = quote {
                if character == open { quote = nil } else { current?.append(character) }
            } else if character == "\"" || character == "'" {
                quote = character
                current = current ?? ""
            } else if character == " " {
                if let word = current { words.append(word) }
                current = nil
            } else if character == "#" && current == nil {
                break
            } else {
                current = (current ?? "") + String(character)
            }
        }
        try #require(quote == nil, "unclosed quote in \(line)")
        if let word = current { words.append(word) }
        return words
    }
}
