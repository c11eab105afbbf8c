import Foundation

extension Value {
    /// The value as a table cell shows it: `NULL` as `<null>`, a blob as its size and the
    /// hex of its first bytes (`<blob 3 bytes: 00FF10>`), text with its line breaks, tabs
    /// and other control characters escaped so that it stays on one line.
    var cellText: String {
        switch self {
        case .null:
            return "<null>"
        case .integer, .real:
            return plainText
        case .text(let text):
            return text.unicodeScalars.map { scalar in
                switch scalar {
                case "\n": "\\n"
                case "\r": "\\r"
                case "\t": "\\t"
                default:
                    scalar.properties.generalCategory == .control
                        ? "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}" : String(scalar)
                }
            }.joined()
        case .blob(let data):
            let preview = data.prefix(Self.blobPreviewLength).hexadecimal
            let unit = data.count == 1 ? "byte" : "bytes"
            let ellipsis = data.count > Self.blobPreviewLength ? "…" : ""
            return "<blob \(data.count) \(unit)" + (data.isEmpty ? ">" : ": \(preview)\(ellipsis)>")
        }
    }

    /// How many leading bytes of a blob a table cell shows.
    static let blobPreviewLength = 8

    /// The value as text without decoration: numbers as Swift prints them, text as it is,
    /// blobs in uppercase hexadecimal, `NULL` as the empty string.
    var plainText: String {
        switch self {
        case .null: ""
        case .integer(let integer): String(integer)
        case .real(let real): String(real)
        case .text(let text): text
        case .blob(let data): data.hexadecimal
        }
    }
}

extension Data {
    /// The bytes in uppercase hexadecimal, two digits each.
    var hexadecimal: String {
        map { byte in
            let digits = String(byte, radix: 16, uppercase: true)
            return byte < 0x10 ? "0" + digits : digits
        }.joined()
    }
}
