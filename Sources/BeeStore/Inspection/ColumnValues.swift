import Foundation

/// One row's values as the result writers read them: in place from a statement being
/// stepped (``RowCursor``), or from values in memory.
protocol ColumnValues {
    /// The number of values.
    var columnCount: Int { get }

    /// Calls `body` with the value at `index`, valid only during the call.
    func withValue<Result>(at index: Int, _ body: (ColumnValue) throws -> Result) rethrows -> Result
}

extension RowCursor: ColumnValues {
    func withValue<Result>(at index: Int, _ body: (ColumnValue) throws -> Result) rethrows -> Result {
        try body(value(at: index))
    }
}

/// Values in memory, a missing one read as `NULL` (a row shorter than its header).
struct ValueRow: ColumnValues {
    let values: [Value]
    let columnCount: Int

    func withValue<Result>(at index: Int, _ body: (ColumnValue) throws -> Result) rethrows -> Result {
        try (index < values.count ? values[index] : .null).withColumnValue(body)
    }
}

extension Value {
    /// Calls `body` with the value as a ``ColumnValue``, its bytes valid during the call.
    func withColumnValue<Result>(_ body: (ColumnValue) throws -> Result) rethrows -> Result {
        switch self {
        case .null: return try body(.null)
        case .integer(let integer): return try body(.integer(integer))
        case .real(let real): return try body(.real(real))
        case .text(let text):
            if let result = try text.utf8.withContiguousStorageIfAvailable({ try body(.text($0)) }) { return result }
            return try Array(text.utf8).withUnsafeBufferPointer { try body(.text($0)) }
        case .blob(let data): return try data.withUnsafeBytes { try body(.blob($0)) }
        }
    }
}

extension ColumnValue {
    /// Text as a string, bytes that are not UTF-8 replaced by U+FFFD.
    static func string(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        String(decoding: bytes, as: UTF8.self)
    }

    /// Whether the value is a number (or `NULL`): the table format aligns the columns
    /// holding only such values to the right.
    var isNumberOrNull: Bool {
        switch self {
        case .null, .integer, .real: true
        case .text, .blob: false
        }
    }

    /// The value as a table cell shows it: `NULL` as `<null>`, a blob as its size and the
    /// hex of its first bytes (`<blob 3 bytes: 00FF10>`), text with its line breaks, tabs
    /// and other control characters escaped so that it stays on one line.
    var cellText: String {
        switch self {
        case .null:
            return "<null>"
        case .integer(let integer):
            return String(integer)
        case .real(let real):
            return real.isFinite ? real.description : (real < 0 ? "-inf" : "inf")
        case .text(let bytes) where !bytes.contains(where: Self.mayStartControlCharacter):
            return Self.string(bytes)
        case .text(let bytes):
            return Self.string(bytes).unicodeScalars.map { scalar in
                switch scalar {
                case "\n": "\\n"
                case "\r": "\\r"
                case "\t": "\\t"
                default:
                    scalar.properties.generalCategory == .control
                        ? "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}" : String(scalar)
                }
            }.joined()
        case .blob(let bytes):
            let preview = bytes.prefix(Self.blobPreviewLength).map { byte in
                let digits = String(byte, radix: 16, uppercase: true)
                return byte < 0x10 ? "0" + digits : digits
            }.joined()
            let unit = bytes.count == 1 ? "byte" : "bytes"
            let ellipsis = bytes.count > Self.blobPreviewLength ? "…" : ""
            return "<blob \(bytes.count) \(unit)" + (bytes.isEmpty ? ">" : ": \(preview)\(ellipsis)>")
        }
    }

    /// Whether a UTF-8 byte may start a control character (C0, DEL, or C1, whose
    /// encodings start with 0xC2): text without such bytes is shown as it is.
    private static func mayStartControlCharacter(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == 0x7F || byte == 0xC2
    }

    /// How many leading bytes of a blob a table cell shows.
    static let blobPreviewLength = 8
}

extension Value {
    /// The value as a table cell shows it (see ``ColumnValue/cellText``).
    var cellText: String {
        withColumnValue(\.cellText)
    }
}
