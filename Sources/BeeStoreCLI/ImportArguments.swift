import ArgumentParser
import BeeStore
import Foundation

extension ImportFormat: ExpressibleByArgument {}
extension InvalidUTF8Handling: ExpressibleByArgument {}

/// The arguments of `insert` and `upsert`: the database, the table, the file and how to
/// read it; and the import they run, in one transaction.
struct ImportArguments: ParsableArguments {
    /// What `insert` and `upsert` say of the files they read.
    static let discussion = """
        CSV and TSV need a header record; JSON is an array of objects or one object per \
        line. Values keep their types as the csv and json formats write them: in CSV and \
        TSV, quoted fields are text, unquoted ones numbers when written as the number \
        writes itself (007, +5, 1.50 or 1e3 stay text), \\x followed by hexadecimal digits \
        blobs, and empty ones NULL; in JSON, {"$base64": true, "encoded": "…"} is a blob. \
        Text that is not UTF-8 is refused unless --invalid-utf8 blob keeps its bytes. A new \
        table gets the file's columns, typed when all their values have one type, and the \
        primary key --pk names; an existing one gets the columns it lacks with --alter. \
        Everything runs in one transaction: a bad record rolls it all back and is named by \
        its line.
        """

    @OptionGroup var database: DatabaseOptions

    @Argument(help: "The table to import into.")
    var table: String

    @Argument(help: "The file to read, or - for standard input.")
    var file: String

    @Option(help: "The file's format: csv, tsv or json (by default, from its extension: .csv, .tsv, .tab, .json, .ndjson, .jsonl).")
    var format: ImportFormat?

    @Option(
        name: .customLong("pk"),
        help: ArgumentHelp(
            "The key columns, comma-separated or repeated: the primary key of a new table, and what matches records with rows.",
            valueName: "columns"))
    var key: [String] = []

    @Option(name: .customLong("invalid-utf8"), help: "What text that is not UTF-8 becomes: refuse (stop the import) or blob (its bytes).")
    var invalidUTF8: InvalidUTF8Handling = .refuse

    @Flag(name: .customLong("alter"), help: "Add the file's columns that the table lacks, rather than refusing them.")
    var addsMissingColumns = false

    /// Imports the file, resolving records whose key a row has already as `onConflict`
    /// says, and reports what was done; a progress bar shows on a terminal meanwhile.
    func run(onConflict: ImportConflict) throws {
        let format = try format ?? ImportFile.format(of: file)
        let keyColumns = try key.flatMap { try NameList($0, option: "--pk").items.map(\.name) }
        // A regular file is read as the import goes; standard input or a pipe, at once.
        let data = ImportFile.isRegularFile(file) ? nil : try ImportFile.read(file)
        let isNewFile = !database.isInMemory && FileKind(atPath: database.database) == .missing
        let options = ImportOptions(
            key: keyColumns, onConflict: onConflict, invalidUTF8: invalidUTF8, addsMissingColumns: addsMissingColumns)
        let summary: ImportSummary
        do {
            let inspector = try database.openForWriting()
            defer { inspector.database.close() }
            let bar = ProgressBar(label: "Importing")
            defer { bar.finish() }
            summary = try data.map { try inspector.importRows(from: $0, format: format, into: table, options: options, progress: bar.show) }
                ?? inspector.importRows(fromFileAt: file, format: format, into: table, options: options, progress: bar.show)
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
}
