#if PostgreSQL
/// The statements of a `;`-separated script, as PostgreSQL reads them: a `;` inside a
/// string (`'…'`, `E'…'` with backslash escapes), a quoted name, a comment (`--`, nested
/// `/* */`) or a dollar-quoted body (`$$…$$`, `$fn$…$fn$`) does not end a statement (see
/// `SQLTextLexer`). PostgreSQL's extended protocol, which binds values, runs one
/// statement at a time.
enum ScriptSplitter {
    /// The statements of `script`, trimmed, without those that hold only whitespace and comments.
    static func statements(of script: String) -> [String] {
        let bytes = Array(script.utf8)
        var statements: [String] = []
        var start = 0
        var index = 0
        var hasContent = false
        while index < bytes.count {
            if let quoted = SQLTextLexer.quoted(in: bytes, at: index) {
                if !quoted.isComment { hasContent = true }
                index = quoted.end
                continue
            }
            let byte = bytes[index]
            if byte == UInt8(ascii: ";") {
                if hasContent { statements.append(text(bytes[start..<index])) }
                start = index + 1
                hasContent = false
            } else if !isWhitespace(byte) {
                hasContent = true
            }
            index += 1
        }
        if hasContent { statements.append(text(bytes[start...])) }
        return statements
    }

    private static func text(_ bytes: ArraySlice<UInt8>) -> String {
        String(decoding: bytes, as: UTF8.self).trimmingWhitespace
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || (0x09...0x0D).contains(byte)
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
