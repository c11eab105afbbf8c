/// The FTS5 query of a table page's search. By default each term the user typed (split
/// at white space) becomes an FTS5 string, so that `don't` or `AC-DC` match those words
/// instead of being read as FTS5 syntax; `_searchmode=raw` passes the text as FTS5 syntax
/// (`rock OR blues`, `title:rock`, `"let there" *`), as Datasette does.
enum FullTextQuery {
    /// The FTS5 query for `text`: as typed when `isRaw`, each term quoted otherwise.
    static func query(for text: String, isRaw: Bool) -> String {
        isRaw ? text : terms(of: text).map(quoted).joined(separator: " ")
    }

    /// The terms of `text`: its runs of scalars other than white space.
    static func terms(of text: String) -> [String] {
        var terms: [String] = []
        var term = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if scalar.properties.isWhitespace {
                if !term.isEmpty { terms.append(String(term)) }
                term = String.UnicodeScalarView()
            } else {
                term.append(scalar)
            }
        }
        if !term.isEmpty { terms.append(String(term)) }
        return terms
    }

    /// `term` as an FTS5 string: in double quotes, each double quote inside doubled.
    static func quoted(_ term: String) -> String {
        var result = String.UnicodeScalarView(["\""])
        for scalar in term.unicodeScalars {
            result.append(scalar)
            if scalar == "\"" { result.append(scalar) }
        }
        result.append("\"")
        return String(result)
    }
}
