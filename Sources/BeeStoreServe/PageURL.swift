/// A URL of one of the server's pages: a path the server wrote and query items whose
/// names and values are percent-encoded on their UTF-8 bytes, so that any table name,
/// column name or value survives the trip back to the server unchanged.
struct PageURL: Sendable, Hashable {
    /// The path, such as `/table`.
    let path: String

    /// The query items, in order; a name may repeat.
    private(set) var items: [(name: String, value: String)]

    /// A URL of `path` with `items`.
    init(_ path: String, _ items: [(String, String)] = []) {
        self.path = path
        self.items = items.map { (name: $0.0, value: $0.1) }
    }

    /// This URL with one more query item.
    func adding(_ name: String, _ value: String) -> PageURL {
        var url = self
        url.items.append((name, value))
        return url
    }

    /// This URL without the query items `shouldRemove` picks.
    func removing(where shouldRemove: (String) -> Bool) -> PageURL {
        var url = self
        url.items.removeAll { shouldRemove($0.name) }
        return url
    }

    /// The URL's text, relative to the server: `/table?name=Track&_sort=Name`.
    var text: String {
        guard !items.isEmpty else { return path }
        return path + "?" + items.map { Self.encode($0.name) + "=" + Self.encode($0.value) }.joined(separator: "&")
    }

    /// `value` percent-encoded on its UTF-8 bytes, keeping only RFC 3986's unreserved characters.
    static func encode(_ value: String) -> String {
        var encoded = ""
        for byte in value.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "~"):
                encoded.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                encoded += "%" + String(byte >> 4, radix: 16, uppercase: true) + String(byte & 15, radix: 16, uppercase: true)
            }
        }
        return encoded
    }

    static func == (lhs: PageURL, rhs: PageURL) -> Bool { lhs.text == rhs.text }

    func hash(into hasher: inout Hasher) { hasher.combine(text) }
}
