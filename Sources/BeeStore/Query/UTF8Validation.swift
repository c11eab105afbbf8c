/// Whether `bytes` are well-formed UTF-8: no stray continuation bytes, no overlong or
/// truncated sequences, no surrogates, nothing above U+10FFFF.
func isValidUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    var index = 0
    let count = bytes.count
    let base = UnsafeRawPointer(bytes.baseAddress)
    while index < count {
        // Runs of ASCII, the common case, are skipped eight bytes at a time.
        if let base {
            while index + 8 <= count, base.loadUnaligned(fromByteOffset: index, as: UInt64.self) & 0x8080_8080_8080_8080 == 0 {
                index += 8
            }
            guard index < count else { break }
        }
        let lead = bytes[index]
        if lead < 0x80 {
            index += 1
            continue
        }
        let length: Int
        let lowest: UInt8
        let highest: UInt8
        switch lead {
        case 0xC2...0xDF: (length, lowest, highest) = (2, 0x80, 0xBF)
        case 0xE0: (length, lowest, highest) = (3, 0xA0, 0xBF)
        case 0xED: (length, lowest, highest) = (3, 0x80, 0x9F)
        case 0xE1...0xEF: (length, lowest, highest) = (3, 0x80, 0xBF)
        case 0xF0: (length, lowest, highest) = (4, 0x90, 0xBF)
        case 0xF1...0xF3: (length, lowest, highest) = (4, 0x80, 0xBF)
        case 0xF4: (length, lowest, highest) = (4, 0x80, 0x8F)
        default: return false
        }
        guard index + length <= count, (lowest...highest).contains(bytes[index + 1]) else { return false }
        for offset in 2..<max(length, 2) where !(0x80...0xBF).contains(bytes[index + offset]) {
            return false
        }
        index += length
    }
    return true
}
