import BeeStore

/// The shapes of a table page's JSON (`_shape`), as Datasette names them.
enum JSONShape: String, Sendable {
    /// `{"columns": […], "rows": [[…], …], "count": N, "next_url": …}`.
    case arrays
    /// The same with each row an object keyed by column name.
    case objects
    /// The rows alone, as an array of objects.
    case array
    /// An object of the rows keyed by their key (`rowid`, or the primary key's values
    /// joined by commas): tables only.
    case object
}

/// What Datasette 1.0's default JSON page adds to its rows when asked with `_extra`
/// (`_extra=count,next_url`, or repeated).
enum JSONExtra: String, Sendable {
    /// How many rows match: null when counting took too long.
    case count
    /// The URL of the next page: null on the last.
    case nextURL = "next_url"
    /// The names of the page's columns.
    case columns
}

/// A table page as JSON in one of the ``JSONShape``s, or in the default form that `_extra`
/// asks for (`{"ok": true, "rows": [{…}, …]}` and the extras asked): the page's rows and columns (after
/// `_col` and `_nocol`), how many rows match (null when counting took too long), and the
/// URL of the next page, also given as a `Link: <…>; rel="next"` header.
enum TableJSON {
    static func response(for content: TablePageContent, shape: JSONShape?, context: BrowseContext) throws -> PageResponse {
        let columns = content.queries.shownColumns
        let rows = content.rows.map { row in columns.map { row[content.valueOffset + $0.index] } }
        let next = content.hasNextPage ? content.nextPageURL.map(context.href) : nil
        let names = columns.map(\.name)
        let count = content.matchingCount.map(String.init) ?? "null"
        let nextURL = next.map(JSONValueText.string) ?? "null"
        let columnNames = array(names.map { .text($0) })
        let text: String
        switch shape {
        case nil:
            var members = ["\"ok\": true", "\"rows\": [" + rows.map { object($0, columns: names) }.joined(separator: ", ") + "]"]
            for extra in content.request.extras {
                switch extra {
                case .count: members.append("\"count\": \(count)")
                case .nextURL: members.append("\"next_url\": \(nextURL)")
                case .columns: members.append("\"columns\": \(columnNames)")
                }
            }
            text = "{" + members.joined(separator: ", ") + "}"
        case .arrays, .objects:
            let encoded = rows.map { shape == .arrays ? array($0) : object($0, columns: names) }
            text = "{\"table\": \(JSONValueText.string(content.shape.name)), "
                + "\"columns\": \(columnNames), \"rows\": [\(encoded.joined(separator: ", "))], "
                + "\"count\": \(count), \"next_url\": \(nextURL)}"
        case .array:
            text = "[" + rows.map { object($0, columns: names) }.joined(separator: ", ") + "]"
        case .object:
            guard !content.shape.keyColumns.isEmpty else {
                throw PageError.badRequest("_shape=object needs a table whose rows have a key: \(content.shape.name) has none")
            }
            let members = zip(content.rows, rows).map { row, values in
                let key = content.keyValues(of: row).map(CellFormat.text).joined(separator: ",")
                return JSONValueText.string(key) + ": " + object(values, columns: names)
            }
            text = "{" + members.joined(separator: ", ") + "}"
        }
        var response = PageResponse(
            status: 200, contentType: "application/json; charset=utf-8", body: .bytes(Array((text + "\n").utf8)))
        if let next { response.headers.append(("Link", "<\(next)>; rel=\"next\"")) }
        return response
    }

    private static func array(_ values: [Value]) -> String {
        "[" + values.map(JSONValueText.text(of:)).joined(separator: ", ") + "]"
    }

    private static func object(_ values: [Value], columns: [String]) -> String {
        "{" + zip(columns, values).map { JSONValueText.string($0) + ": " + JSONValueText.text(of: $1) }.joined(separator: ", ") + "}"
    }
}
