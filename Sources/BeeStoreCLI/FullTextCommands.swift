import ArgumentParser
import BeeStore

/// The tokenizers `enable-fts` offers.
enum TokenizerChoice: String, ExpressibleByArgument, CaseIterable {
    case porter, unicode61, trigram

    /// The library's tokenizer of this name, with its defaults.
    var tokenizer: FullTextTokenizer {
        switch self {
        case .porter: .porter()
        case .unicode61: .unicode61()
        case .trigram: .trigram()
        }
    }
}

/// `beestore enable-fts DB TABLE COLUMN…`: a full-text index of a table's columns.
struct EnableFullTextCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "enable-fts",
        abstract: "Make a full-text index (an FTS5 table named <table>_fts) of columns of a table.",
        discussion: """
            The index refers to the table's rows by their row id and holds no copy of their \
            text. It indexes the rows the table has; with --create-triggers, triggers keep \
            it in step with every insert, update and delete. Search it with search.
            """)

    @OptionGroup var database: DatabaseOptions

    @Argument(help: "The table whose columns to index.")
    var table: String

    @Argument(help: "The columns to index: comma-separated or as separate arguments.")
    var columns: [String]

    @Option(help: "How text is split into words: unicode61 (the default), porter (English stemming) or trigram (substrings).")
    var tokenizer: TokenizerChoice?

    @Flag(help: "Keep the index in step with the table's writes, with triggers.")
    var createTriggers = false

    func run() throws {
        let names = try columns.flatMap { try NameList($0, option: "columns").items.map(\.name) }
        let inspector = try database.inspector(allowingWrites: true)
        defer { inspector.database.close() }
        let index = try inspector.enableFullTextSearch(
            on: table, columns: names, tokenizer: tokenizer?.tokenizer, synchronized: createTriggers)
        try Output.write("Made the full-text index \(index) of \(table).\n")
    }
}

/// `beestore disable-fts DB TABLE`: a table's full-text index dropped.
struct DisableFullTextCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "disable-fts", abstract: "Drop the full-text index of a table, and its triggers.")

    @OptionGroup var database: DatabaseOptions

    @Argument(help: "The table whose index to drop.")
    var table: String

    func run() throws {
        let inspector = try database.inspector(allowingWrites: true)
        defer { inspector.database.close() }
        try inspector.disableFullTextSearch(on: table)
        try Output.write("Dropped the full-text index of \(table).\n")
    }
}

/// `beestore search DB TABLE TEXT`: the rows of a table that its full-text index finds.
struct SearchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "search",
        abstract: "Show the rows of a table holding every word of a text, the best match first.",
        discussion: """
            Searches the index enable-fts made. Every word of the text is searched for as \
            it is: quotes, -, *, NEAR( and parentheses are text, not FTS5 syntax (a word \
            starting with - too, unless it is an option of the command). Rows are ranked by \
            bm25.
            """)

    @OptionGroup var database: DatabaseOptions

    @Argument(help: "The table to search.")
    var table: String

    // Every word that is not an option is text to find, `-word` included.
    @Argument(parsing: .allUnrecognized, help: "The words to find.")
    var words: [String]

    @Option(parsing: .unconditional, help: "The most rows to show; -1 for all of them.")
    var limit: Int?

    @OptionGroup var output: OutputOptions

    func validate() throws {
        guard (limit ?? 0) >= -1 else { throw ValidationError("--limit must be a number of rows, or -1 for all of them") }
    }

    func run() throws {
        var writer = output.streamingWriter(showsAll: limit != nil)
        let summary = try database.inspector().writeSearchResults(
            of: table, matching: words.joined(separator: " "), limit: limit == -1 ? nil : limit, to: &writer)
        try output.reportRowsNotShown(summary, hint: "pass --limit -1 for all, ")
    }
}
