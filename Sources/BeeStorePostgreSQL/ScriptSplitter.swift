#if PostgreSQL
/// The statements of a `;`-separated script, as PostgreSQL reads them: a `;` inside a
/// string (`'…'`, `E'…'` with backslash escapes), a quoted name, a comment (`--`, nested
/// `/* */`) or a dollar-quoted body (`$$…$$`, `$fn$…$fn$`) does not end a statement.
/// PostgreSQL's extended protocol, which binds values, runs one statement at a time.
enum ScriptSplitter {
    /// The statements of `script`, trimmed, without those that hold only whitespace and comments.
    static func statements(of script: String) -> [String] {
        let bytes = Array(script.utf8)
        var statements: [String] = []
        var start = 0
        var index = 0
        var hasContent = false
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: ";"):
                if hasContent { statements.append(text(bytes[start..<index])) }
                start = index + 1
                index += 1
                hasContent = false
                continue
            case UInt8(ascii: "-") where next(bytes, index) == UInt8(ascii: "-"):
                index = bytes[index...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
                continue
            case UInt8(ascii: "/") where next(bytes, index) == UInt8(ascii: "*"):
                index = endOfBlockComment(bytes, from: index)
                continue
            case UInt8(ascii: "'"):
                let escapes = index > 0 && (bytes[index - 1] | 0x20) == UInt8(ascii: "e") && !isNamePart(bytes, index - 2)
                index = endOfQuoted(bytes, from: index, quote: byte, backslashEscapes: escapes)
            case UInt8(ascii: "\""):
                index = endOfQuoted(bytes, from: index, quote: byte, backslashEscapes: false)
            case UInt8(ascii: "$") where !isNamePart(bytes, index - 1):
                index = endOfDollarQuoted(bytes, from: index)
            default:
                if !isWhitespace(byte) { hasContent = true }
                index += 1
                continue
            }
            hasContent = true
        }
        if hasContent { statements.append(text(bytes[start...])) }
        return statements
    }

    private static func text(_ bytes: ArraySlice<UInt8>) -> String {
        String(decoding: bytes, as: UTF8.self).trimmingWhitespace
    }

    private static func next(_ bytes: [UInt8], _ index: Int) -> UInt8? {
        index + 1 < bytes.count ? bytes[index + 1] : nil
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || (0x09...0x0D).contains(byte)
    }

    /// Whether the byte at `index` can be part of a name (so that a `$` after it is not a quote).
    private static func isNamePart(_ bytes: [UInt8], _ index: Int) -> Bool {
        guard index >= 0, index < bytes.count else { return false }
        let byte = bytes[index]
        return byte == UInt8(ascii: "_") || byte >= 0x80 || (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z"))
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
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

    /// The index after a dollar-quoted body starting at `index` (`$tag$ … $tag$`), or
    /// after the `$` alone when it opens no quote (a parameter such as `$1`).
    private static func endOfDollarQuoted(_ bytes: [UInt8], from index: Int) -> Int {
        var tagEnd = index + 1
        while tagEnd < bytes.count, bytes[tagEnd] != UInt8(ascii: "$") {
            let byte = bytes[tagEnd]
            let isTagByte = byte == UInt8(ascii: "_") || byte >= 0x80
                || (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z"))
                || (tagEnd > index + 1 && byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
            guard isTagByte else { return index + 1 }
            tagEnd += 1
        }
        guard tagEnd < bytes.count else { return index + 1 }
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

extension String {
    /// The text without leading and trailing ASCII whitespace.
    fileprivate var trimmingWhitespace: String {
        let scalars = unicodeScalars
        let isSpace: (Unicode.Scalar) -> Bool = { $0 == " " || ("\t"..."\r").contains($0) }
        guard let first = scalars.firstIndex(where: { !isSpace($0) }),
            let last = scalars.lastIndex(where: { !isSpace($0) })
        else { return "" }
        return String(scalars[first...last])
    }
}
#endif
