/// The query items of a request, decoded from the raw query string: `+` is a space (as
/// browsers send forms), `%XX` a byte, and the bytes are read as UTF-8 (bad bytes become
/// U+FFFD). Names may repeat, and their order is kept.
struct QueryItems: Sendable {
    /// The decoded items, in order.
    let items: [(name: String, value: String)]

    /// The items of a raw, percent-encoded query string such as `name=Track&_sort=Name`.
    init(query: String) {
        items = query.split(separator: "&", omittingEmptySubsequences: true).map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            return (Self.decode(parts[0]), parts.count > 1 ? Self.decode(parts[1]) : "")
        }
    }

    /// The first value named `name`.
    subscript(name: String) -> String? {
        items.first { $0.name == name }?.value
    }

    /// Every value named `name`, in order.
    func all(_ name: String) -> [String] {
        items.filter { $0.name == name }.map(\.value)
    }

    /// `text` with `+` read as a space and `%XX` as a byte.
    static func decode(_ text: Substring) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        var iterator = text.utf8.makeIterator()
        while let byte = iterator.next() {
            switch byte {
            case UInt8(ascii: "+"): bytes.append(UInt8(ascii: " "))
            case UInt8(ascii: "%"):
                let high = iterator.next()
                let low = iterator.next()
                if let high, let low, let value = hexValue(high).flatMap({ h in hexValue(low).map { h << 4 | $0 } }) {
                    bytes.append(value)
                } else {
                    bytes.append(byte)
                    if let high { bytes.append(high) }
                    if let low { bytes.append(low) }
                }
            default: bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
