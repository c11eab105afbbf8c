import CChecksum
import Foundation

/// CRC-32C (Castagnoli), the checksum of a file cache's values and of SQL migrations:
/// made for finding accidental changes, and computed by the processor's own instruction
/// where it has one.
enum CRC32C {
    /// The CRC-32C of `bytes`.
    static func checksum(_ bytes: some ContiguousBytes) -> UInt32 {
        bytes.withUnsafeBytes { beestore_crc32c(0, $0.baseAddress, $0.count) }
    }
}
