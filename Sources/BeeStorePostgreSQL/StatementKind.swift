#if PostgreSQL

/// What a statement is to the prepared statements of its connection, told by its first
/// keyword: a query or a change of rows, worth preparing when it runs again; a statement
/// that leaves the server's prepared statements valid (a transaction's control, a
/// setting); or one that may change what they mean (a change of the schema, a
/// `DEALLOCATE`, anything else), after which they are all forgotten.
enum StatementKind: Equatable {
    case rows
    case neutral
    case other

    /// The kind of `sql`, by its first word (after blanks and opening parentheses);
    /// ``other`` when it starts with anything else, such as a comment.
    init(of sql: String) {
        let bytes = sql.utf8
        let start = bytes.firstIndex { !Self.isBlankOrParenthesis($0) } ?? bytes.endIndex
        let word = bytes[start...].prefix { ($0 | 0x20) >= UInt8(ascii: "a") && ($0 | 0x20) <= UInt8(ascii: "z") }
        // ASCII letters in upper case: the bit of 0x20 off.
        self = Self.kinds[String(decoding: word.map { $0 & 0xDF }, as: UTF8.self)] ?? .other
    }

    private static func isBlankOrParenthesis(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n")
            || byte == UInt8(ascii: "\r") || byte == UInt8(ascii: "(")
    }

    /// The statements `PREPARE` accepts, and those that leave prepared statements valid.
    private static let kinds: [String: StatementKind] = {
        var kinds: [String: StatementKind] = [:]
        for keyword in ["SELECT", "WITH", "INSERT", "UPDATE", "DELETE", "VALUES", "TABLE"] { kinds[keyword] = .rows }
        for keyword in [
            "BEGIN", "START", "COMMIT", "END", "ROLLBACK", "SAVEPOINT", "RELEASE", "SET", "SHOW", "LISTEN",
            "UNLISTEN", "NOTIFY", "LOCK", "EXPLAIN", "ANALYZE", "VACUUM", "DECLARE", "FETCH", "MOVE", "CLOSE",
        ] {
            kinds[keyword] = .neutral
        }
        return kinds
    }()
}
#endif
