/// Bytes on their way to a ``ByteOutput``, handed over in chunks of about 64 KiB so that
/// streaming a result costs one write per chunk, not one per value.
struct OutputBuffer {
    private var bytes: [UInt8] = []
    private let output: any ByteOutput

    /// The size from which ``flushIfFull()`` writes.
    static let chunkSize = 1 << 16

    init(_ output: any ByteOutput) {
        self.output = output
        bytes.reserveCapacity(Self.chunkSize + 4096)
    }

    /// The bytes not written yet.
    var buffered: [UInt8] {
        bytes
    }

    mutating func append(_ byte: UInt8) {
        bytes.append(byte)
    }

    mutating func append(_ buffer: UnsafeBufferPointer<UInt8>) {
        bytes.append(contentsOf: buffer)
    }

    mutating func append(_ buffer: UnsafeRawBufferPointer) {
        bytes.append(contentsOf: buffer)
    }

    mutating func append(_ bytes: [UInt8]) {
        self.bytes.append(contentsOf: bytes)
    }

    mutating func append(_ text: String) {
        if text.utf8.withContiguousStorageIfAvailable({ bytes.append(contentsOf: $0) }) == nil {
            bytes.append(contentsOf: text.utf8)
        }
    }

    /// Appends an integer in decimal.
    mutating func appendDecimal(_ value: Int64) {
        var magnitude = value.magnitude
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // 24 bytes: room for 20 digits
        withUnsafeMutableBytes(of: &digits) { buffer in
            var index = buffer.count
            repeat {
                index -= 1
                buffer[index] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            if value < 0 { bytes.append(UInt8(ascii: "-")) }
            bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: buffer[index...]))
        }
    }

    /// Appends a real as the shortest decimal that reads back as the same `Double`
    /// (`0.1`, `1.0`, `1e-05`): always with a point or an exponent, so that it never
    /// reads as an integer. Infinities are `1e999` and `-1e999`, which read back as
    /// infinities.
    mutating func appendReal(_ value: Double) {
        append(Self.text(ofReal: value))
    }

    /// A real as ``appendReal(_:)`` writes it.
    static func text(ofReal value: Double) -> String {
        value.isFinite ? value.description : (value < 0 ? "-1e999" : "1e999")
    }

    /// Appends bytes in lowercase hexadecimal, two digits each.
    mutating func appendHexadecimal(_ data: UnsafeRawBufferPointer) {
        for byte in data {
            bytes.append(Self.hexDigits[Int(byte >> 4)])
            bytes.append(Self.hexDigits[Int(byte & 0x0F)])
        }
    }

    /// Appends bytes in base64 (RFC 4648, with padding).
    mutating func appendBase64(_ data: UnsafeRawBufferPointer) {
        var index = 0
        while index + 3 <= data.count {
            let group = UInt32(data[index]) << 16 | UInt32(data[index + 1]) << 8 | UInt32(data[index + 2])
            appendBase64Digits(group, count: 4)
            index += 3
        }
        switch data.count - index {
        case 1:
            appendBase64Digits(UInt32(data[index]) << 16, count: 2)
            append(Array("==".utf8))
        case 2:
            appendBase64Digits(UInt32(data[index]) << 16 | UInt32(data[index + 1]) << 8, count: 3)
            append(UInt8(ascii: "="))
        default:
            break
        }
    }

    private mutating func appendBase64Digits(_ group: UInt32, count: Int) {
        for position in 0..<count {
            bytes.append(Self.base64Digits[Int(group >> UInt32(18 - 6 * position) & 0x3F)])
        }
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)
    private static let base64Digits = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    /// Writes the buffered bytes once there are enough of them.
    mutating func flushIfFull() throws {
        if bytes.count >= Self.chunkSize { try flush() }
    }

    /// Writes every buffered byte.
    mutating func flush() throws {
        guard !bytes.isEmpty else { return }
        try bytes.withUnsafeBytes { try output.write($0) }
        bytes.removeAll(keepingCapacity: true)
    }
}
