/// Rows as a JSON array of objects keyed by column name, one row per line:
///
/// ```
/// [
///   {"id": 1, "name": "Ada", "photo": {"$base64": true, "encoded": "AP8Q"}}
/// ]
/// ```
///
/// Integers are written whole, however large; reals as the shortest decimal that reads
/// back as the same `Double` (infinities as `1e999` and `-1e999`); blobs as Datasette
/// writes them, `{"$base64": true, "encoded": "…"}`, so that no text is mistaken for a
/// blob. Text that is not valid UTF-8 is written with U+FFFD in place of its bad bytes.
struct JSONRowFormat {
    /// `"name": ` for each column, preceded by `, ` after the first.
    private let keys: [[UInt8]]

    init(columns: [String]) {
        keys = columns.enumerated().map { index, name in
            var key = OutputBuffer(ByteCollector())
            if index > 0 { key.append(", ") }
            Array(name.utf8).withUnsafeBufferPointer { Self.appendString($0, into: &key) }
            key.append(": ")
            return key.buffered
        }
    }

    func writeRow(_ row: some ColumnValues, columnCount: Int, isFirst: Bool, into buffer: inout OutputBuffer) {
        buffer.append(isFirst ? Self.firstRowStart : Self.nextRowStart)
        for index in 0..<min(columnCount, keys.count) {
            buffer.append(keys[index])
            row.withValue(at: index) { Self.appendValue($0, into: &buffer) }
        }
        buffer.append(UInt8(ascii: "}"))
    }

    /// Appends `value` as a JSON value.
    static func appendValue(_ value: ColumnValue, into buffer: inout OutputBuffer) {
        switch value {
        case .null: buffer.append(Self.null)
        case .integer(let integer): buffer.appendDecimal(integer)
        case .real(let real): buffer.appendReal(real)
        case .text(let bytes): Self.appendString(bytes, into: &buffer)
        case .blob(let bytes):
            buffer.append(Self.blobStart)
            buffer.appendBase64(bytes)
            buffer.append(Self.blobEnd)
        }
    }

    /// Closes the array; `[]` when there was no row.
    func writeEnd(rowCount: Int, into buffer: inout OutputBuffer) {
        buffer.append(Array((rowCount == 0 ? "[]\n" : "\n]\n").utf8))
    }

    /// Appends text as a JSON string: quotes, backslashes and control characters escaped.
    static func appendString(_ bytes: UnsafeBufferPointer<UInt8>, into buffer: inout OutputBuffer) {
        var isClean = true
        var hasNonASCII = false
        for byte in bytes {
            if byte < 0x20 || byte == quote || byte == backslash {
                isClean = false
            } else if byte >= 0x80 {
                hasNonASCII = true
            }
        }
        if hasNonASCII && !isValidUTF8(bytes) {
            let repaired = Array(ColumnValue.string(bytes).utf8)
            return repaired.withUnsafeBufferPointer { appendString($0, into: &buffer) }
        }
        buffer.append(quote)
        guard !isClean else {
            buffer.append(bytes)
            buffer.append(quote)
            return
        }
        var start = 0
        for index in 0..<bytes.count {
            let byte = bytes[index]
            guard byte < 0x20 || byte == quote || byte == backslash else { continue }
            buffer.append(UnsafeBufferPointer(rebasing: bytes[start..<index]))
            buffer.append(backslash)
            switch byte {
            case UInt8(ascii: "\n"): buffer.append(UInt8(ascii: "n"))
            case UInt8(ascii: "\r"): buffer.append(UInt8(ascii: "r"))
            case UInt8(ascii: "\t"): buffer.append(UInt8(ascii: "t"))
            case quote, backslash: buffer.append(byte)
            default:
                buffer.append("u00")
                buffer.append(hexDigits[Int(byte >> 4)])
                buffer.append(hexDigits[Int(byte & 0x0F)])
            }
            start = index + 1
        }
        buffer.append(UnsafeBufferPointer(rebasing: bytes[start...]))
        buffer.append(quote)
    }

    private static let quote = UInt8(ascii: "\"")
    private static let backslash = UInt8(ascii: "\\")
    private static let hexDigits = Array("0123456789abcdef".utf8)
    private static let null = Array("null".utf8)
    private static let firstRowStart = Array("[\n  {".utf8)
    private static let nextRowStart = Array(",\n  {".utf8)
    private static let blobStart = Array(#"{"$base64": true, "encoded": ""#.utf8)
    private static let blobEnd = Array(#""}"#.utf8)
}
