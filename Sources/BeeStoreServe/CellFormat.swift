import BeeStore

/// How a value shows in a page's cell: text and numbers as they are, NULL and blobs
/// marked as such.
enum CellFormat {
    /// How many characters (Unicode scalars) of a long text a table's cell shows; its
    /// row's page shows it whole.
    static let shownTextLength = 2_000

    /// Appends `value` to `html` as a cell's content; text longer than `textLimit`
    /// scalars is cut, with an ellipsis.
    static func append(_ value: Value, to html: inout HTML, textLimit: Int? = nil) {
        switch value {
        case .null: html.element("span", [("class", "null")], text: "NULL")
        case .integer(let integer): html.text(String(integer))
        case .real(let real): html.text(String(real))
        case .text(let text):
            guard let textLimit, text.unicodeScalars.count > textLimit else { return html.text(text) }
            html.text(String(String.UnicodeScalarView(text.unicodeScalars.prefix(textLimit))))
            html.element("span", [("class", "cut")], text: "…")
        case .blob(let data): html.element("span", [("class", "blob")], text: "<blob: \(data.count) bytes>")
        }
    }

    /// `value` as plain text, for labels and form fields.
    static func text(_ value: Value) -> String {
        switch value {
        case .null: "NULL"
        case .integer(let integer): String(integer)
        case .real(let real): String(real)
        case .text(let text): text
        case .blob(let data): "<blob: \(data.count) bytes>"
        }
    }
}
