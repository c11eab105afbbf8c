import ArgumentParser
import BeeStore

/// `beestore upsert DB TABLE FILE`: `insert --upsert`, the records matched with rows by
/// their key.
struct UpsertCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "upsert",
        abstract: "Insert a file's new records into a table and update the rows whose key a record has.",
        discussion: ImportArguments.discussion + """
             A record's key (--pk, else the table's primary key) matches it with a row: the \
            columns the record has are updated in that row, and a record matching no row \
            is inserted.
            """)

    @OptionGroup var arguments: ImportArguments

    func run() throws {
        try arguments.run(onConflict: .upsert)
    }
}
