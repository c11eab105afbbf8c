import ArgumentParser
import BeeStore

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

/// `beestore insert DB TABLE FILE` (also `import`): a CSV, TSV or JSON file's records into
/// a table, in one transaction.
struct InsertCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "insert",
        abstract: "Insert a CSV, TSV or JSON file's records into a table, creating it (and the database file) when missing.",
        discussion: ImportArguments.discussion + """
             A record whose key a row has already is refused unless --replace, --ignore or \
            --upsert says otherwise (the key: --pk, else the table's primary key).
            """,
        aliases: ["import"])

    @OptionGroup var arguments: ImportArguments

    @Flag var onConflict: ImportConflict = .fail

    func run() throws {
        try arguments.run(onConflict: onConflict)
    }
}
