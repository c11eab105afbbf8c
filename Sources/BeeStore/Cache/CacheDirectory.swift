import Foundation

/// The files of a ``FileCache``: `manifest.sqlite`, the large values in `data/` (named
/// by the numbers the manifest gives their keys), and the writes in progress in `tmp/`.
///
/// Only `tmp/` is ever listed: anything in it is a write that did not finish, so it is
/// emptied on open however many entries `data/` holds.
///
/// A value file is only ever named by a ``ValueFileName``: no text read from the manifest
/// (or from anywhere else) becomes a path, so nothing outside `data/` is ever opened or
/// removed as a value file.
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

    /// Writes `bytes` to a new file in `tmp/` and returns it. The file is named by 128
    /// random bits from the system's generator (`UUID()` would open `/dev/urandom` at
    /// every write).
    func writeTemporaryFile(_ bytes: Data) throws -> URL {
        let name = (0..<2).map { _ in String(UInt64.random(in: .min ... .max), radix: 16) }.joined(separator: "-")
        let file = temporary.appendingPathComponent(name, isDirectory: false)
        try attempt("write", file) { try bytes.write(to: file) }
        return file
    }

    /// Moves a file from `tmp/` into `data/` as the value file `name`, atomically
    /// replacing any file there (a folder there is removed first).
    func moveIntoPlace(_ temporaryFile: URL, as name: ValueFileName) throws {
        let destination = valueFile(name)
        var result = rename(temporaryFile.path, destination.path)
        if result != 0, errno == EISDIR {
            try removeValueFile(name)
            result = rename(temporaryFile.path, destination.path)
        }
        try check(result, "move into place", destination)
    }

    /// Removes a file of `tmp/` if it is still there.
    func discardTemporaryFile(_ file: URL) {
        unlink(file.path)
    }

    /// The bytes of the value file `name` (as many as it held when opened), or nil when
    /// there is no regular file in its place: none, or something the cache does not write
    /// there (a folder, a symbolic link, which is not followed, a pipe, which is not waited on).
    func contentsOfValueFile(_ name: ValueFileName) throws -> Data? {
        let file = valueFile(name)
        let descriptor = open(file.path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
        guard descriptor >= 0 else {
            guard errno == ENOENT || errno == ELOOP else { throw failure("read", file) }
            return nil
        }
        defer { close(descriptor) }
        var status = stat()
        try check(fstat(descriptor, &status), "read", file)
        guard status.st_mode & mode_t(S_IFMT) == mode_t(S_IFREG) else { return nil }
        return try contents(of: descriptor, upTo: Int(status.st_size), file)
    }

    /// The first `size` bytes of the open file `descriptor`, fewer if it ends before: one
    /// `read` for the whole value, straight into the buffer the returned `Data` keeps.
    private func contents(of descriptor: Int32, upTo size: Int, _ file: URL) throws -> Data {
        guard size > 0 else { return Data() }
        guard let buffer = malloc(size) else { throw failure("read", file) }
        var length = 0
        while length < size {
            let result = read(descriptor, buffer + length, size - length)
            if result == 0 { break }
            if result < 0 {
                guard errno == EINTR else {
                    let error = failure("read", file)
                    free(buffer)
                    throw error
                }
                continue
            }
            length += result
        }
        return Data(bytesNoCopy: buffer, count: length, deallocator: .free)
    }

    /// Removes the value file `name`, or the folder that took its place; one already
    /// gone is not an error.
    func removeValueFile(_ name: ValueFileName) throws {
        let file = valueFile(name)
        guard unlink(file.path) != 0, errno != ENOENT else { return }
        // `unlink` refuses a folder: EISDIR on Linux, EPERM on Apple platforms.
        guard errno == EISDIR || errno == EPERM else { throw failure("remove", file) }
        try attempt("remove", file) { try FileManager.default.removeItem(at: file) }
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

    /// The path of the value file `name`, whatever is there (naming it as a file spares
    /// the `stat` that `appendingPathComponent(_:)` makes to tell a folder).
    private func valueFile(_ name: ValueFileName) -> URL {
        data.appendingPathComponent(name.text, isDirectory: false)
    }

    /// Throws ``failure(_:_:)`` when a system call failed.
    private func check(_ result: Int32, _ operation: String, _ file: URL) throws {
        guard result == 0 else { throw failure(operation, file) }
    }

    /// A ``CacheError`` naming the operation, the file and `errno`, for a failed system call.
    private func failure(_ operation: String, _ file: URL) -> CacheError {
        CacheError.fileOperationFailed(operation: operation, path: file.path, reason: String(cString: strerror(errno)))
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
