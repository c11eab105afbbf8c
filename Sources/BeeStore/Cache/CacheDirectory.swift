import Foundation

/// The files of a ``FileCache``: `manifest.sqlite`, the large values in `data/` (named
/// by the SHA-256 of their key), and the writes in progress in `tmp/`.
///
/// Only `tmp/` is ever listed: anything in it is a write that did not finish, so it is
/// emptied on open however many entries `data/` holds.
struct CacheDirectory: Sendable {
    let root: URL
    let manifestPath: String
    private let data: URL
    private let temporary: URL

    /// Creates the folders as needed and removes what interrupted writes left in `tmp/`.
    init(root: URL) throws {
        self.root = root
        self.manifestPath = root.appendingPathComponent("manifest.sqlite").path
        self.data = root.appendingPathComponent("data", isDirectory: true)
        self.temporary = root.appendingPathComponent("tmp", isDirectory: true)
        for folder in [data, temporary] {
            try attempt("create the folder", folder) {
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            }
        }
        let leftovers = try attempt("list", temporary) {
            try FileManager.default.contentsOfDirectory(at: temporary, includingPropertiesForKeys: nil)
        }
        for leftover in leftovers {
            try attempt("remove", leftover) { try FileManager.default.removeItem(at: leftover) }
        }
    }

    /// The file name of the value stored for `key`: 64 hexadecimal characters, whatever the key.
    static func fileName(forKey key: String) -> String {
        SHA256.hexDigest(Data(key.utf8))
    }

    /// Writes `bytes` to a new file in `tmp/` and returns it.
    func writeTemporaryFile(_ bytes: Data) throws -> URL {
        let file = temporary.appendingPathComponent(UUID().uuidString)
        try attempt("write", file) { try bytes.write(to: file) }
        return file
    }

    /// Moves a file from `tmp/` into `data/` under `name`, atomically replacing any file there.
    func moveIntoPlace(_ temporaryFile: URL, named name: String) throws {
        let destination = data.appendingPathComponent(name)
        try check(rename(temporaryFile.path, destination.path), "move into place", destination)
    }

    /// Removes a file of `tmp/` if it is still there.
    func discardTemporaryFile(_ file: URL) {
        unlink(file.path)
    }

    /// The bytes of the value file `name`, or nil when there is no such file.
    func contentsOfFile(named name: String) throws -> Data? {
        let file = data.appendingPathComponent(name)
        do {
            return try Data(contentsOf: file)
        } catch CocoaError.fileReadNoSuchFile {
            return nil
        } catch {
            throw CacheError.fileOperationFailed(operation: "read", path: file.path, reason: "\(error)")
        }
    }

    /// Removes the value file `name`; a file already gone is not an error.
    func removeFile(named name: String) throws {
        let file = data.appendingPathComponent(name)
        try check(unlink(file.path), "remove", file, unlessMissing: true)
    }

    /// Replaces `data/` by an empty folder at once, and returns the old one, moved into
    /// `tmp/` (so that it is swept on the next open if it cannot be removed now).
    func detachAllFiles() throws -> URL {
        let detached = temporary.appendingPathComponent(UUID().uuidString, isDirectory: true)
        try attempt("move aside", data) { try FileManager.default.moveItem(at: data, to: detached) }
        try attempt("create the folder", data) {
            try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
        }
        return detached
    }

    /// Removes a folder returned by ``detachAllFiles()``.
    func removeDetachedFiles(_ folder: URL) throws {
        try attempt("remove", folder) { try FileManager.default.removeItem(at: folder) }
    }

    /// Throws a ``CacheError`` naming the operation, the file and `errno` when a system
    /// call failed (and, with `unlessMissing`, not only because the file does not exist).
    private func check(_ result: Int32, _ operation: String, _ file: URL, unlessMissing: Bool = false) throws {
        guard result != 0, !(unlessMissing && errno == ENOENT) else { return }
        throw CacheError.fileOperationFailed(
            operation: operation, path: file.path, reason: String(cString: strerror(errno)))
    }

    /// Runs a file operation, turning its error into a ``CacheError`` that names it and the file.
    private func attempt<T>(_ operation: String, _ file: URL, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch {
            throw CacheError.fileOperationFailed(operation: operation, path: file.path, reason: "\(error)")
        }
    }
}
