#if PostgreSQL
/// PostgreSQL's lexical rules for the parts of SQL text that are not code: strings
/// (`'…'`, `E'…'` with backslash escapes), quoted names, comments (`--`, nested `/* */`)
/// and dollar-quoted bodies (`$$…$$`, `$fn$…$fn$`). A `;` or a `$1` inside one of them
/// is text: it neither ends a statement nor stands for a parameter.
enum SQLTextLexer {
    /// A part of the text that is not code.
    struct Quoted {
        /// The index after its last byte.
        let end: Int
        /// Whether it is a comment (which a statement may be made of alone).
        let isComment: Bool
    }

    /// The string, quoted name, comment or dollar-quoted body starting at `index`, if one
    /// does (not a `$` that opens no quote, such as a parameter's `$1`).
    static func quoted(in bytes: [UInt8], at index: Int) -> Quoted? {
        let byte = bytes[index]
        switch byte {
        case UInt8(ascii: "-") where next(bytes, index) == UInt8(ascii: "-"):
            return Quoted(end: bytes[index...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count, isComment: true)
        case UInt8(ascii: "/") where next(bytes, index) == UInt8(ascii: "*"):
            return Quoted(end: endOfBlockComment(bytes, from: index), isComment: true)
        case UInt8(ascii: "'"):
            let escapes = index > 0 && (bytes[index - 1] | 0x20) == UInt8(ascii: "e") && !isNamePart(bytes, index - 2)
            return Quoted(end: endOfQuoted(bytes, from: index, quote: byte, backslashEscapes: escapes), isComment: false)
        case UInt8(ascii: "\""):
            return Quoted(end: endOfQuoted(bytes, from: index, quote: byte, backslashEscapes: false), isComment: false)
        case UInt8(ascii: "$") where !isNamePart(bytes, index - 1):
            return endOfDollarQuoted(bytes, from: index).map { Quoted(end: $0, isComment: false) }
        default:
            return nil
        }
    }

    /// Whether the byte at `index` can be part of a name (so that a `$` after it neither
    /// opens a quote nor starts a parameter).
    static func isNamePart(_ bytes: [UInt8], _ index: Int) -> Bool {
        guard index >= 0, index < bytes.count else { return false }
        let byte = bytes[index]
        return byte == UInt8(ascii: "_") || byte >= 0x80 || (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z"))
            || isDigit(byte)
    }

    /// Whether `byte` is an ASCII digit.
    static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    private static func next(_ bytes: [UInt8], _ index: Int) -> UInt8? {
        index + 1 < bytes.count ? bytes[index + 1] : nil
    }

    /// The index after a `/* … */` comment starting at `index`; comments nest.
    private static func endOfBlockComment(_ bytes: [UInt8], from index: Int) -> Int {
        var depth = 0
        var position = index
        while position < bytes.count {
            if bytes[position] == UInt8(ascii: "/"), next(bytes, position) == UInt8(ascii: "*") {
                depth += 1
                position += 2
            } else if bytes[position] == UInt8(ascii: "*"), next(bytes, position) == UInt8(ascii: "/") {
                depth -= 1
                position += 2
                if depth == 0 { return position }
            } else {
                position += 1
            }
        }
        return bytes.count
    }

    /// The index after the string or name quoted by `quote` starting at `index`: a
    /// doubled quote stays inside, as does a backslash-escaped one in an `E'…'` string.
    private static func endOfQuoted(_ bytes: [UInt8], from index: Int, quote: UInt8, backslashEscapes: Bool) -> Int {
        var position = index + 1
        while position < bytes.count {
            if backslashEscapes && bytes[position] == UInt8(ascii: "\\") {
                position += 2
            } else if bytes[position] == quote {
                if next(bytes, position) == quote {
                    position += 2
                } else {
                    return position + 1
                }
            } else {
                position += 1
            }
        }
        return bytes.count
    }

    /// The index after a dollar-quoted body starting at `index` (`$tag$ … $tag$`), or nil
    /// when the `$` opens no quote (a parameter such as `$1`).
    private static func endOfDollarQuoted(_ bytes: [UInt8], from index: Int) -> Int? {
        var tagEnd = index + 1
        while tagEnd < bytes.count, bytes[tagEnd] != UInt8(ascii: "$") {
            let byte = bytes[tagEnd]
            let isTagByte = byte == UInt8(ascii: "_") || byte >= 0x80
                || (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z"))
                || (tagEnd > index + 1 && isDigit(byte))
            guard isTagByte else { return nil }
            tagEnd += 1
        }
        guard tagEnd < bytes.count else { return nil }
        let tag = bytes[index...tagEnd]
        var position = tagEnd + 1
        while position + tag.count <= bytes.count {
            if bytes[position] == UInt8(ascii: "$"), bytes[position..<(position + tag.count)].elementsEqual(tag) {
                return position + tag.count
            }
            position += 1
        }
        return bytes.count
    }
}
#endif
