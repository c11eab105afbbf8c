/// A full-text search query for SQLite's FTS5 tables, built so that any user text is
/// safe: ``init(matchingAllTokensIn:)`` and its siblings quote every word, so that
/// quotes, `-`, `*`, `NEAR(` or unbalanced parentheses are searched for as text and never
/// raise an FTS5 syntax error. ``init(rawPattern:)`` passes FTS5's own query syntax for
/// those who write it.
///
/// ```swift
/// if let pattern = FullTextPattern(matchingAllTokensIn: searchField.text) {
///     let hits = try db.from("book_search").matching(pattern).order(by: .column("rank")).get()
/// }
/// ```
public struct FullTextPattern: Sendable, Hashable, CustomStringConvertible {
    /// The pattern in FTS5's query syntax.
    public let text: String

    /// A pattern in FTS5's query syntax as it is (`"one two" OR thr*`): a malformed one is
    /// a ``DatabaseError`` when the search runs.
    public init(rawPattern: String) {
        text = rawPattern
    }

    /// Rows holding every word of `text`, in any order; nil when `text` has no word.
    public init?(matchingAllTokensIn text: String) {
        guard let pattern = Self.phrases(in: text, joinedBy: " AND ") else { return nil }
        self.text = pattern
    }

    /// Rows holding any word of `text`; nil when `text` has no word.
    public init?(matchingAnyTokenIn text: String) {
        guard let pattern = Self.phrases(in: text, joinedBy: " OR ") else { return nil }
        self.text = pattern
    }

    /// Rows holding the words of `text` next to each other, in order; nil when `text` has no word.
    public init?(matchingPhrase text: String) {
        guard !Self.words(in: text).isEmpty else { return nil }
        self.text = Self.quoted(text)
    }

    /// Rows holding, for every word of `text`, a word that starts with it (`"bro"` finds
    /// "brown"); nil when `text` has no word.
    public init?(matchingPrefixesIn text: String) {
        let words = Self.words(in: text)
        guard !words.isEmpty else { return nil }
        self.text = words.map { Self.quoted($0) + " *" }.joined(separator: " AND ")
    }

    private init(combining text: String) {
        self.text = text
    }

    /// Rows matching both patterns.
    public func and(_ other: FullTextPattern) -> FullTextPattern {
        FullTextPattern(combining: "(\(text)) AND (\(other.text))")
    }

    /// Rows matching either pattern.
    public func or(_ other: FullTextPattern) -> FullTextPattern {
        FullTextPattern(combining: "(\(text)) OR (\(other.text))")
    }

    /// Rows matching this pattern and not `other`.
    public func excluding(_ other: FullTextPattern) -> FullTextPattern {
        FullTextPattern(combining: "(\(text)) NOT (\(other.text))")
    }

    /// Rows holding each word of `words` within `distance` words of the others.
    public static func near(_ words: [String], distance: Int = 10) -> FullTextPattern? {
        let phrases = words.flatMap(Self.words(in:))
        guard phrases.count > 1 else { return phrases.first.map { FullTextPattern(combining: quoted($0)) } }
        return FullTextPattern(combining: "NEAR(" + phrases.map(quoted).joined(separator: " ") + ", \(max(distance, 0)))")
    }

    /// The pattern's FTS5 text.
    public var description: String { text }

    /// The words of `text`, split at white space, without the pieces that hold no letter,
    /// digit or emoji (which a tokenizer reads as separators, and which would otherwise be
    /// empty phrases that match nothing).
    static func words(in text: String) -> [String] {
        text.unicodeScalars.split { $0.properties.isWhitespace }.compactMap { scalars in
            let isWord = scalars.contains { scalar in
                scalar.properties.isAlphabetic || scalar.properties.numericType != nil
                    || (scalar.properties.isEmojiPresentation && scalar.value > 0x7F)
            }
            return isWord ? String(String.UnicodeScalarView(scalars)) : nil
        }
    }

    private static func phrases(in text: String, joinedBy separator: String) -> String? {
        let words = words(in: text)
        return words.isEmpty ? nil : words.map(quoted).joined(separator: separator)
    }

    /// `text` as one FTS5 string: between double quotes, each inner `"` doubled, scalar by scalar.
    static func quoted(_ text: String) -> String {
        var result = String.UnicodeScalarView()
        result.append("\"")
        for scalar in text.unicodeScalars {
            if scalar == "\"" { result.append("\"") }
            result.append(scalar)
        }
        result.append("\"")
        return String(result)
    }
}
