extension QueryResult {
    /// The result as RFC 4180 CSV: a header record, then one record per row, each ending
    /// with CRLF. Fields holding a comma, a double quote or a line break are quoted, with
    /// inner quotes doubled. `NULL` is an empty field. A result without columns is empty.
    var csvText: String {
        guard !columnNames.isEmpty else { return "" }
        return ([columnNames] + rows.map { $0.map(\.plainText) })
            .map { $0.map(\.csvField).joined(separator: ",") + "\r\n" }
            .joined()
    }
}

extension String {
    /// The string as one CSV field, quoted when needed.
    /// Decided on bytes, as RFC 4180 and the sqlite3 shell do: a comma followed by a
    /// combining mark is one `Character` but still a separator to a CSV reader.
    fileprivate var csvField: String {
        let specials: [UInt8] = [UInt8(ascii: ","), UInt8(ascii: "\""), UInt8(ascii: "\r"), UInt8(ascii: "\n")]
        guard utf8.contains(where: specials.contains) else { return self }
        var field: [UInt8] = [UInt8(ascii: "\"")]
        for byte in utf8 {
            field.append(byte)
            if byte == UInt8(ascii: "\"") { field.append(byte) }
        }
        field.append(UInt8(ascii: "\""))
        return String(decoding: field, as: UTF8.self)
    }
}
