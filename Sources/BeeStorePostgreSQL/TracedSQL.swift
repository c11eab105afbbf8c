#if PostgreSQL
import BeeStore

/// The SQL a trace shows for a statement run with values: each placeholder (`$1`, `$2`,
/// …) replaced by its value as PostgreSQL's dialect writes it as a literal (`'it''s'`,
/// `CAST('\x00FF' AS BYTEA)`), so that the text runs as it was run. A `$1` inside a
/// string, a quoted name, a comment or a dollar-quoted body is text and stays, as does a
/// placeholder without a value.
enum TracedSQL {
    /// `sql` with `values` written in place of its placeholders.
    static func sql(_ sql: String, showing values: [Value]) -> String {
        guard !values.isEmpty else { return sql }
        let bytes = Array(sql.utf8)
        var text: [UInt8] = []
        text.reserveCapacity(bytes.count + 8 * values.count)
        var index = 0
        while index < bytes.count {
            if let quoted = SQLTextLexer.quoted(in: bytes, at: index) {
                text.append(contentsOf: bytes[index..<quoted.end])
                index = quoted.end
                continue
            }
            guard bytes[index] == UInt8(ascii: "$"), !SQLTextLexer.isNamePart(bytes, index - 1) else {
                text.append(bytes[index])
                index += 1
                continue
            }
            let digits = bytes[(index + 1)...].prefix(while: SQLTextLexer.isDigit)
            if let number = Int(String(decoding: digits, as: UTF8.self)), values.indices.contains(number - 1) {
                text.append(contentsOf: SQLDialect.postgreSQL.literal(values[number - 1]).utf8)
            } else {
                text.append(contentsOf: bytes[index..<digits.endIndex])
            }
            index = digits.endIndex
        }
        return String(decoding: text, as: UTF8.self)
    }
}
#endif
