import Crypto
import Foundation

/// SHA-256 (FIPS 180-4), used for cache file names, cache entry checksums and migration
/// checksums. Computed by swift-crypto (CryptoKit on Apple platforms).
enum SHA256 {
    private static let hexDigits = Array("0123456789abcdef".utf8)

    /// The 32-byte digest of `data`.
    static func digest(_ data: some DataProtocol) -> Data {
        Data(Crypto.SHA256.hash(data: data))
    }

    /// The digest of `data` in lowercase hexadecimal: 64 characters.
    static func hexDigest(_ data: some DataProtocol) -> String {
        var hex: [UInt8] = []
        hex.reserveCapacity(64)
        for byte in Crypto.SHA256.hash(data: data) {
            hex.append(hexDigits[Int(byte >> 4)])
            hex.append(hexDigits[Int(byte & 0x0F)])
        }
        return String(decoding: hex, as: UTF8.self)
    }
}
