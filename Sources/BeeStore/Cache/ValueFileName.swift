/// The name of a value file in a ``FileCache``'s `data/` folder: a number the manifest
/// gave the key (its decimal digits), or, for a value stored by an earlier version, the
/// SHA-256 of the key in hexadecimal.
///
/// A name read from the manifest is only accepted in one of these two shapes, and the
/// file's path is then written from the number, or from the key itself: no text read
/// from the manifest ever becomes a path.
enum ValueFileName: Hashable, Sendable {
    /// A name the manifest gave: its number.
    case numbered(Int64)
    /// An earlier version's name: the SHA-256 of the key.
    case legacy(key: String)

    /// The name a manifest row records for `key`, read back; nil when it is neither a
    /// number the cache writes (positive, without leading zeros) nor the earlier name of
    /// `key`.
    init?(recorded: String, forKey key: String) {
        if let number = Int64(recorded), number > 0, String(number) == recorded {
            self = .numbered(number)
        } else if LegacySHA256.isHexDigest(recorded), LegacySHA256.hexDigest(Array(key.utf8)) == recorded {
            self = .legacy(key: key)
        } else {
            return nil
        }
    }

    /// The file's name in `data/`.
    var text: String {
        switch self {
        case .numbered(let number): String(number)
        case .legacy(let key): LegacySHA256.hexDigest(Array(key.utf8))
        }
    }
}
