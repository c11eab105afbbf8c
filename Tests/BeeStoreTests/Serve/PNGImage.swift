import Foundation

/// The size of a PNG image, read from its signature and header chunk.
struct PNGImage {
    let width: Int
    let height: Int

    /// The image's size, or nil when `data` does not start like a PNG file.
    init?(_ data: Data) {
        let bytes = [UInt8](data.prefix(24))
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        // Signature, then the IHDR chunk: length, type, width and height as big-endian integers.
        guard bytes.count == 24, Array(bytes[0..<8]) == signature, Array(bytes[12..<16]) == Array("IHDR".utf8) else { return nil }
        let bigEndian = { (offset: Int) in bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) } }
        width = bigEndian(16)
        height = bigEndian(20)
        guard width > 0, height > 0 else { return nil }
    }
}
