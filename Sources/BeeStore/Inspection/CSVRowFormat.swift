/// Rows as CSV (RFC 4180: fields separated by commas, records ending with CRLF), written
/// so that every value reads back as the same type:
///
/// - text, and the header's column names, always in double quotes (inner quotes doubled),
///   the empty text as `""`;
/// - `NULL` as an empty field, without quotes;
/// - integers in decimal, reals as the shortest decimal that reads back as the same
///   `Double`, always with a point or an exponent (`7.0`, `1e-05`; infinities `1e999`);
/// - blobs as `\x` and their bytes in lowercase hexadecimal (`\x00ff10`), without
///   quotes, as PostgreSQL writes `bytea`.
///
/// So an unquoted field is never text, and ``CSVReader`` gives back the values written.
struct CSVRowFormat {
    /// Writes the header record; nothing for a result without columns.
    func writeHeader(_ columns: [String], into buffer: inout OutputBuffer) {
        guard !columns.isEmpty else { return }
        for (index, name) in columns.enumerated() {
            if index > 0 { buffer.append(UInt8(ascii: ",")) }
            Array(name.utf8).withUnsafeBufferPointer { appendText($0, into: &buffer) }
        }
        buffer.append(Self.recordEnd)
    }

    func writeRow(_ row: some ColumnValues, columnCount: Int, into buffer: inout OutputBuffer) {
        for index in 0..<columnCount {
            if index > 0 { buffer.append(UInt8(ascii: ",")) }
            row.withValue(at: index) { value in
                switch value {
                case .null: break
                case .integer(let integer): buffer.appendDecimal(integer)
                case .real(let real): buffer.appendReal(real)
                case .text(let bytes): appendText(bytes, into: &buffer)
                case .blob(let bytes):
                    buffer.append(Self.blobPrefix)
                    buffer.appendHexadecimal(bytes)
                }
            }
        }
        buffer.append(Self.recordEnd)
    }

    /// Text in double quotes, inner quotes doubled; its bytes as they are.
    private func appendText(_ bytes: UnsafeBufferPointer<UInt8>, into buffer: inout OutputBuffer) {
        buffer.append(Self.quote)
        var start = 0
        for index in 0..<bytes.count where bytes[index] == Self.quote {
            buffer.append(UnsafeBufferPointer(rebasing: bytes[start...index]))
            buffer.append(Self.quote)
            start = index + 1
        }
        buffer.append(UnsafeBufferPointer(rebasing: bytes[start...]))
        buffer.append(Self.quote)
    }

    static let quote = UInt8(ascii: "\"")
    private static let recordEnd = Array("\r\n".utf8)
    /// What a blob field starts with.
    static let blobPrefix = Array("\\x".utf8)
}
