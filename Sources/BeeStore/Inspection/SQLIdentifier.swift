extension String {
    /// The string as an SQLite identifier in double quotes, inner quotes doubled, so that
    /// names with spaces, quotes or keywords are safe to put in SQL text.
    var quotedIdentifier: String {
        "\"" + replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
