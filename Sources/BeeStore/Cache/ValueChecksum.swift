import CChecksum
import Foundation

/// The checksum a ``FileCache`` keeps of each value, to tell a value whose bytes changed
/// (a torn write, a damaged disk) from the one it stored: CRC-32C, made for finding such
/// errors and computed by the processor's own instruction where it has one, at many times
/// the speed of a cryptographic digest. A manifest written by earlier versions holds the
/// SHA-256 digests of its values, which are verified as such: a checksum's length tells
/// which it is.
enum ValueChecksum {
    /// The checksum of `data` as a manifest stores it: its CRC-32C, 4 bytes, big-endian.
    static func of(_ data: Data) -> Data {
        withUnsafeBytes(of: crc32c(data).bigEndian) { Data($0) }
    }

    /// Whether `data` has the checksum `checksum`: a CRC-32C, or an earlier manifest's
    /// SHA-256 digest; any other checksum matches nothing.
    static func matches(_ data: Data, _ checksum: Data) -> Bool {
        switch checksum.count {
        case 4: of(data) == checksum
        case 32: LegacySHA256.digest(data).elementsEqual(checksum)
        default: false
        }
    }

    /// The CRC-32C of `data`.
    static func crc32c(_ data: Data) -> UInt32 {
        CRC32C.checksum(data)
    }

    /// The CRC-32C of `data` computed with the table only, whatever the processor.
    static func portableCRC32C(_ data: Data) -> UInt32 {
        data.withUnsafeBytes { beestore_crc32c_portable(0, $0.baseAddress, $0.count) }
    }
}
