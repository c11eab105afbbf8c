/// The tokens of an SQL statement as SQLite reads them, enough to find the parts of
/// `CREATE` statements and pragmas that SQLite's pragmas do not report: words (keywords
/// and bare names), quoted names, string literals, numbers and single punctuation marks.
/// Whitespace and comments are skipped; each token keeps its place in the text, so that
/// an expression can be cut out exactly as it was written.
struct SQLTokens {
    /// What a token is.
    enum Kind: Equatable {
        /// A keyword or a bare name.
        case word
        /// A name in `"…"`, `` `…` `` or `[…]`.
        case quotedName
        /// A string literal in `'…'`.
        case string
        /// A number.
        case number
        /// Any other character: `(`, `)`, `,`, `;`, `=`, `.`, an operator.
        case punctuation
    }

    /// One token.
    struct Token {
        let kind: Kind
        /// Where it is in ``SQLTokens/scalars``.
        let range: Range<Int>
    }

    /// The statement's text, scalar by scalar.
    let scalars: [Unicode.Scalar]
    /// The tokens, in order.
    let tokens: [Token]

    init(_ sql: String) {
        let scalars = Array(sql.unicodeScalars)
        self.scalars = scalars
        var tokens: [Token] = []
        var index = 0
        func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
            scalar.value >= 0x80 || scalar == "_" || scalar == "$"
                || ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
        }
        /// The index after the quote closing the one at `start` (a doubled quote is kept inside).
        func endOfQuoted(from start: Int, closing: Unicode.Scalar) -> Int {
            var position = start + 1
            while position < scalars.count {
                if scalars[position] == closing {
                    if closing != "]", position + 1 < scalars.count, scalars[position + 1] == closing {
                        position += 2
                        continue
                    }
                    return position + 1
                }
                position += 1
            }
            return scalars.count
        }
        while index < scalars.count {
            let scalar = scalars[index]
            let next = index + 1 < scalars.count ? scalars[index + 1] : nil
            switch scalar {
            case " ", "\t", "\n", "\r", "\u{0C}":
                index += 1
            case "-" where next == "-":
                while index < scalars.count && scalars[index] != "\n" { index += 1 }
            case "/" where next == "*":
                index += 2
                while index < scalars.count && !(scalars[index] == "*" && index + 1 < scalars.count && scalars[index + 1] == "/") {
                    index += 1
                }
                index = min(index + 2, scalars.count)
            case "'":
                let end = endOfQuoted(from: index, closing: "'")
                tokens.append(Token(kind: .string, range: index..<end))
                index = end
            case "\"", "`", "[":
                let end = endOfQuoted(from: index, closing: scalar == "[" ? "]" : scalar)
                tokens.append(Token(kind: .quotedName, range: index..<end))
                index = end
            case "0"..."9":
                var end = index + 1
                while end < scalars.count && (isWordScalar(scalars[end]) || scalars[end] == ".") { end += 1 }
                tokens.append(Token(kind: .number, range: index..<end))
                index = end
            case _ where isWordScalar(scalar):
                var end = index + 1
                while end < scalars.count && isWordScalar(scalars[end]) { end += 1 }
                tokens.append(Token(kind: .word, range: index..<end))
                index = end
            default:
                tokens.append(Token(kind: .punctuation, range: index..<index + 1))
                index += 1
            }
        }
        self.tokens = tokens
    }

    /// The text of the token at `index`, as written.
    func text(at index: Int) -> String {
        text(of: tokens[index].range)
    }

    /// The text from the start of token `first` to the end of token `last`, as written
    /// (comments and line breaks between them included).
    func text(from first: Int, through last: Int) -> String {
        text(of: tokens[first].range.lowerBound..<tokens[last].range.upperBound)
    }

    private func text(of range: Range<Int>) -> String {
        var text = String.UnicodeScalarView()
        text.append(contentsOf: scalars[range])
        return String(text)
    }

    /// Whether the token at `index` is the keyword `keyword` (any case).
    func isKeyword(_ keyword: String, at index: Int) -> Bool {
        index < tokens.count && tokens[index].kind == .word && text(at: index).uppercased() == keyword
    }

    /// Whether the token at `index` is the punctuation mark `mark`.
    func isPunctuation(_ mark: Unicode.Scalar, at index: Int) -> Bool {
        index < tokens.count && tokens[index].kind == .punctuation && scalars[tokens[index].range.lowerBound] == mark
    }

    /// The name a word or quoted name stands for: quotes removed, doubled quotes undone.
    func name(at index: Int) -> String {
        let text = text(at: index)
        guard tokens[index].kind == .quotedName || tokens[index].kind == .string, let first = text.unicodeScalars.first
        else { return text }
        let closing: Character = first == "[" ? "]" : Character(first)
        let inner = text.dropFirst().dropLast()
        return closing == "]" ? String(inner) : inner.replacingOccurrences(of: "\(closing)\(closing)", with: "\(closing)")
    }

    /// The index of the token closing the parenthesis opened at `open`, or the last
    /// token's index when it is never closed.
    func closingParenthesis(of open: Int) -> Int {
        var depth = 0
        for index in open..<tokens.count {
            if isPunctuation("(", at: index) {
                depth += 1
            } else if isPunctuation(")", at: index) {
                depth -= 1
                if depth == 0 { return index }
            }
        }
        return tokens.count - 1
    }

    /// The ranges of token indexes between the parentheses opened at `open`, split at the
    /// commas outside nested parentheses.
    func commaSeparatedItems(inParenthesesAt open: Int) -> [Range<Int>] {
        let close = closingParenthesis(of: open)
        var items: [Range<Int>] = []
        var start = open + 1
        var index = open + 1
        while index < close {
            if isPunctuation("(", at: index) {
                index = closingParenthesis(of: index) + 1
                continue
            }
            if isPunctuation(",", at: index) {
                items.append(start..<index)
                start = index + 1
            }
            index += 1
        }
        if start < close { items.append(start..<close) }
        return items
    }

    /// The index of the first token at or after `start`, and before `end`, outside
    /// parentheses, that is the keyword `keyword`.
    func firstKeyword(_ keyword: String, in range: Range<Int>) -> Int? {
        var index = range.lowerBound
        while index < range.upperBound {
            if isPunctuation("(", at: index) {
                index = closingParenthesis(of: index) + 1
                continue
            }
            if isKeyword(keyword, at: index) { return index }
            index += 1
        }
        return nil
    }

    /// Whether this is a `PRAGMA` that sets nothing: `PRAGMA [schema.]name` with no
    /// `= value` and no `(value)`.
    var isPragmaWithoutValue: Bool {
        guard isKeyword("PRAGMA", at: 0) else { return false }
        var index = 2
        if isPunctuation(".", at: index) { index += 2 }
        return index >= tokens.count || isPunctuation(";", at: index)
    }
}
