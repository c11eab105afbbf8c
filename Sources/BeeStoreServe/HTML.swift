/// An HTML document under construction. Every piece of text that reaches it goes through
/// one of its escaping methods, chosen by the context the text lands in (element text,
/// attribute value, URL query), so that a value such as `<img src=x onerror=…>` always
/// shows as text. Escaping works on Unicode scalars, never on `Character`s: a quote
/// followed by a combining mark is still a quote.
struct HTML {
    /// The document's markup so far.
    private(set) var markup = ""

    /// The path the links of a database's pages start with: empty when the server serves
    /// one database, `/` and the database's URL name when it serves several.
    let basePath: String

    /// An empty document whose links start with `basePath`.
    init(basePath: String = "") {
        self.basePath = basePath
    }

    /// The `href` of `url`, a page of the database this document belongs to.
    func href(_ url: PageURL) -> String {
        basePath + url.text
    }

    /// Appends markup written by the server itself: tags and attribute names, never data.
    mutating func raw(_ tags: StaticString) {
        markup += tags.description
    }

    /// Appends `value` as element text.
    mutating func text(_ value: String) {
        Self.escape(value, into: &markup)
    }

    /// Appends an element holding `value` as its text: `<tag attributes>value</tag>`.
    mutating func element(_ tag: StaticString, _ attributes: [(StaticString, String)] = [], text value: String) {
        open(tag, attributes)
        text(value)
        close(tag)
    }

    /// Appends the opening tag `<tag name="value" …>`, each value escaped for an attribute.
    mutating func open(_ tag: StaticString, _ attributes: [(StaticString, String)] = []) {
        markup += "<\(tag)"
        for (name, value) in attributes {
            markup += " \(name)=\""
            Self.escape(value, into: &markup)
            markup += "\""
        }
        markup += ">"
    }

    /// Appends the closing tag `</tag>`.
    mutating func close(_ tag: StaticString) {
        markup += "</\(tag)>"
    }

    /// Appends a link to `url` whose text is `label`, with extra attributes.
    mutating func link(_ label: String, to url: PageURL, _ attributes: [(StaticString, String)] = []) {
        element("a", [("href", href(url))] + attributes, text: label)
    }

    /// Escapes `value` for HTML text and double- or single-quoted attribute values.
    static func escape(_ value: String, into output: inout String) {
        for scalar in value.unicodeScalars {
            switch scalar {
            case "&": output += "&amp;"
            case "<": output += "&lt;"
            case ">": output += "&gt;"
            case "\"": output += "&quot;"
            case "'": output += "&#39;"
            case "\u{0}": output += "\u{FFFD}"
            default: output.unicodeScalars.append(scalar)
            }
        }
    }
}
