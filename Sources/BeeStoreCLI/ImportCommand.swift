import ArgumentParser
import BeeStore
import Foundation

extension ImportFormat: ExpressibleByArgument {}
extension InvalidUTF8Handling: ExpressibleByArgument {}

extension ImportConflict: EnumerableFlag {
    /// `--replace`, `--ignore`, `--upsert`; failing is what happens without them.
    public static func help(for value: ImportConflict) -> ArgumentHelp? {
        switch value {
        case .fail: .hidden
        case .replace: "Replace the row a record's key matches: its columns take the record's values, or their defaults."
        case .ignore: "Leave out the records whose key a row has already."
        case .upsert: "Update the columns a record has in the row its key matches; insert the records that are new."
        }
    }
}

/// `beestore import DB TABLE FILE`: a CSV or JSON file's records into a table, in one
/// transaction.
struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import a CSV or JSON file into a table, creating it (and the database file) when missing.",
        discussion: """
            CSV needs a header record; JSON is an array of objects or one object per line. \
            Values keep their types as the csv and json formats write them: in CSV, quoted \
            fields are text, unquoted ones numbers when written as the number writes itself \
            (007, +5, 1.50 or 1e3 stay text), \\x followed by hexadecimal digits blobs, and \
            empty ones NULL; in JSON, {"$base64": true, "encoded": "…"} is a blob. Text that \
            is not UTF-8 is refused unless --invalid-utf8 blob keeps its bytes. A new table \
            gets the file's columns, typed when all their values have one type, and the \
            primary key --pk names. A record whose key a row has already is refused unless \
            --replace, --ignore or --upsert says otherwise (the key: --pk, else the table's \
            primary key). Everything runs in one transaction: a bad record rolls it all back \
            and is named by its line.
            """)

    @OptionGroup var database: DatabaseOptions

    @Argument(help: "The table to import into.")
    var table: String

    @Argument(help: "The file to read, or - for standard input.")
    var file: String

    @Option(help: "The file's format: csv or json (by default, from its extension: .csv, .json, .ndjson, .jsonl).")
    var format: ImportFormat?

    @Option(
        name: .customLong("pk"),
        help: ArgumentHelp(
            "The key columns, comma-separated or repeated: the primary key of a new table, and what matches records with rows.",
            valueName: "columns"))
    var key: [String] = []

    @Flag var onConflict: ImportConflict = .fail

    @Option(name: .customLong("invalid-utf8"), help: "What text that is not UTF-8 becomes: refuse (stop the import) or blob (its bytes).")
    var invalidUTF8: InvalidUTF8Handling = .refuse

    func run() throws {
        guard let format = format ?? Self.format(ofExtension: URL(fileURLWithPath: file).pathExtension) else {
            throw CommandFailure("cannot tell the format of \(file): pass --format csv or --format json", status: CommandFailure.usageStatus)
        }
        let keyColumns = try key.flatMap { try NameList($0, option: "--pk").items.map(\.name) }
        let data = try readFile()
        let isNewFile = !database.isInMemory && FileKind(atPath: database.database) == .missing
        let summary: ImportSummary
        do {
            let inspector = try database.openForWriting()
            defer { inspector.database.close() }
            summary = try inspector.importRows(
                from: data, format: format, into: table,
                options: ImportOptions(key: keyColumns, onConflict: onConflict, invalidUTF8: invalidUTF8))
        } catch {
            // Nothing of a failed import is kept, not even the file made for it.
            if isNewFile { try? FileManager.default.removeItem(atPath: database.database) }
            throw error
        }
        let rows = summary.rowCount == 1 ? "1 row" : "\(summary.rowCount) rows"
        let skipped = summary.skippedRecordCount
        try Output.write(
            "Imported \(rows) into \(summary.table)\(summary.createdTable ? " (table created)" : "")"
                + (skipped == 0 ? "" : "; \(skipped) \(skipped == 1 ? "record" : "records") left out: their key is in the table already")
                + ".\n")
    }

    private func readFile() throws -> Data {
        if file == "-" { return FileHandle.standardInput.readDataToEndOfFile() }
        switch FileKind(atPath: file) {
        case .missing: throw CommandFailure("no such file: \(file)")
        case .directory: throw CommandFailure("not a file: \(file)")
        case .file: break
        }
        let url = URL(fileURLWithPath: file)
        do {
            // A regular file is mapped; a pipe (`<(…)`, a FIFO) is read to its end, once.
            let type = try? FileManager.default.attributesOfItem(atPath: file)[.type] as? FileAttributeType
            if type == .typeRegular { return try Data(contentsOf: url, options: .alwaysMapped) }
            return try FileHandle(forReadingFrom: url).readToEnd() ?? Data()
        } catch {
            throw CommandFailure("cannot read \(file): \(CommandFailure.reason(for: error))")
        }
    }

    private static func format(ofExtension pathExtension: String) -> ImportFormat? {
        switch pathExtension.lowercased() {
        case "csv": .csv
        case "json", "ndjson", "jsonl": .json
        default: nil
        }
    }
}
