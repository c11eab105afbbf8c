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
    fileprivate var csvField: String {
        guard contains(where: { $0 == "," || $0 == "\"" || $0.isNewline }) else { return self }
        return "\"" + replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
