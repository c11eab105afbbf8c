import ArgumentParser
import BeeStore
import Foundation

/// `beestore memory FILE… SQL`: CSV, TSV or JSON files loaded into a new in-memory
/// database, one table each, and a query run on them.
struct MemoryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "memory",
        abstract: "Load CSV, TSV or JSON files into an in-memory database and run a query on them.",
        discussion: """
            Each file becomes a table named after the file without its extension \
            (tracks.csv: tracks), typed as insert types a new table, or a name given as \
            NAME=FILE. The query runs read-only, as query runs it; nothing is written to disk.
            """)

    @Argument(help: ArgumentHelp("The files to load, then the SQL query.", valueName: "files… sql"))
    var filesAndSQL: [String]

    @OptionGroup var arguments: ArgumentOptions

    @Option(name: .customLong("input"), help: "The files' format: csv, tsv or json (by default, from each file's extension).")
    var inputFormat: ImportFormat?

    @OptionGroup var output: OutputOptions

    func validate() throws {
        guard filesAndSQL.count >= 2 else { throw ValidationError("give at least one file, then the SQL query") }
    }

    func run() throws {
        let inspector = Inspector(try Database.inMemory())
        for argument in filesAndSQL.dropLast() {
            let (table, path) = Self.tableAndPath(of: argument)
            _ = try inspector.importRows(from: try ImportFile.read(path), format: try inputFormat ?? ImportFile.format(of: path), into: table)
        }
        var writer = output.streamingWriter(showsAll: false)
        let summary = try inspector.execute(
            filesAndSQL[filesAndSQL.count - 1], arguments: try arguments.statementArguments(), allowingWrites: false,
            writingTo: &writer)
        try output.reportRowsNotShown(summary, hint: "add a LIMIT and OFFSET to the SQL, ")
    }

    /// The table a file argument loads, and the file: `NAME=FILE` names it; a plain path
    /// gives the file's name without its extension.
    private static func tableAndPath(of argument: String) -> (table: String, path: String) {
        let scalars = argument.unicodeScalars
        if let equals = scalars.firstIndex(of: "="), !FileManager.default.fileExists(atPath: argument) {
            return (String(scalars[..<equals]), String(scalars[scalars.index(after: equals)...]))
        }
        return (URL(fileURLWithPath: argument).deletingPathExtension().lastPathComponent, argument)
    }
}
