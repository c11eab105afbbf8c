/// The definition of an FTS5 full-text table: its columns, its tokenizer, its prefix
/// indexes, and the table it indexes when it is kept in sync with one. Made with
/// ``Database/fullTextTable(_:)``.
///
/// ```swift
/// try db.fullTextTable("book_search")
///     .column("title").column("summary")
///     .tokenizer(.unicode61(removingDiacritics: true))
///     .synchronized(with: "book")
///     .create()
/// ```
public struct FullTextTable: Sendable {
    /// The database the table belongs to; nil for a definition made only to render its statements.
    public let database: Database?

    /// The table's name.
    public let name: String

    var columns: [(name: String, isIndexed: Bool)] = []
    var tokenizer: FullTextTokenizer?
    var prefixLengths: [Int] = []
    /// The table it indexes, that table's row id column, and whether triggers keep the
    /// index in sync with it.
    var content: (table: String, rowID: String, isSynchronized: Bool)?

    /// A definition of the full-text table `name`.
    public init(database: Database?, name: String) {
        self.database = database
        self.name = name
    }

    /// Adds a column; an unindexed one is stored and returned but not searched.
    public func column(_ name: String, indexed: Bool = true) -> FullTextTable {
        var copy = self
        copy.columns.append((name, indexed))
        return copy
    }

    /// How text is split into words (default: SQLite's `unicode61`).
    public func tokenizer(_ tokenizer: FullTextTokenizer) -> FullTextTable {
        var copy = self
        copy.tokenizer = tokenizer
        return copy
    }

    /// Indexes of word prefixes of these lengths, which make prefix searches (`bro*`) fast.
    public func prefixes(_ lengths: Int...) -> FullTextTable {
        var copy = self
        copy.prefixLengths = lengths
        return copy
    }

    /// Indexes the rows of `table` instead of holding its own (an external-content table):
    /// the columns name columns of `table`, triggers keep the index in sync with every
    /// insert, update and delete, and ``rebuild()`` indexes the rows again. `rowID` is
    /// the column of `table` that identifies a row (default: its row id, which an integer
    /// primary key is).
    public func synchronized(with table: String, rowID: String = "rowid") -> FullTextTable {
        var copy = self
        copy.content = (table, rowID, true)
        return copy
    }

    /// Indexes the rows of `table` as ``synchronized(with:rowID:)`` does, but without its
    /// triggers: the rows are indexed when the table is created and each time
    /// ``rebuild()`` runs, and writes in between are not searched until then (for a table
    /// written in batches, or never).
    public func indexing(_ table: String, rowID: String = "rowid") -> FullTextTable {
        var copy = self
        copy.content = (table, rowID, false)
        return copy
    }
}

/// How an FTS5 table splits text into words.
public struct FullTextTokenizer: Sendable, Hashable {
    /// The tokenizer's arguments, as FTS5 reads them.
    let arguments: [String]

    /// Words of Unicode letters and digits, case-folded; with `removingDiacritics`, `é`
    /// matches `e` (SQLite's `unicode61`).
    public static func unicode61(removingDiacritics: Bool = true) -> FullTextTokenizer {
        FullTextTokenizer(arguments: ["unicode61", "remove_diacritics", removingDiacritics ? "2" : "0"])
    }

    /// ``unicode61(removingDiacritics:)`` followed by English stemming: "running" matches "runs" (`porter`).
    public static func porter(removingDiacritics: Bool = true) -> FullTextTokenizer {
        FullTextTokenizer(arguments: ["porter"] + unicode61(removingDiacritics: removingDiacritics).arguments)
    }

    /// Every sequence of three characters: substring search in any language, Chinese and
    /// emoji included, for patterns of three characters or more (`trigram`).
    public static func trigram(caseSensitive: Bool = false) -> FullTextTokenizer {
        FullTextTokenizer(arguments: ["trigram", "case_sensitive", caseSensitive ? "1" : "0"])
    }

    /// ASCII letters and digits only (`ascii`).
    public static let ascii = FullTextTokenizer(arguments: ["ascii"])
}

extension Database {
    /// Starts the definition of an FTS5 full-text table.
    public func fullTextTable(_ name: String) -> FullTextTable {
        FullTextTable(database: self, name: name)
    }
}
