/// An error from a cache or a key-value store, naming what was wrong. Errors from the
/// SQLite manifest itself surface as ``DatabaseError``.
public enum CacheError: Error, Sendable, Equatable {
    /// A value could not be encoded for storage.
    case encodingFailed(key: String, type: String, reason: String)
    /// Stored bytes could not be decoded as the requested type.
    case decodingFailed(key: String, type: String, reason: String)
    /// A file system operation on the cache's directory failed.
    case fileOperationFailed(operation: String, path: String, reason: String)
    /// The manifest was written by a newer version of BeeStore, in a format this one does not know.
    case unsupportedManifestVersion(found: Int, supported: Int, path: String)
    /// The manifest lacks a row the cache wrote when it made it (something else changed it).
    case damagedManifest(path: String)
}

extension CacheError: CustomStringConvertible {
    /// A one-line explanation.
    public var description: String {
        switch self {
        case .encodingFailed(let key, let type, let reason):
            "cannot encode the \(type) value for key \"\(key)\": \(reason)"
        case .decodingFailed(let key, let type, let reason):
            "cannot decode the value for key \"\(key)\" as \(type): \(reason)"
        case .fileOperationFailed(let operation, let path, let reason):
            "cannot \(operation) \(path): \(reason)"
        case .unsupportedManifestVersion(let found, let supported, let path):
            "the cache manifest \(path) has version \(found); this version of BeeStore reads up to \(supported)"
        case .damagedManifest(let path):
            "the cache manifest \(path) lacks the row that numbers value files"
        }
    }
}
