import Foundation

/// A persistent cache in one directory, {Bee}'s `BeeFileCache`: values are `Data` or
/// any `Codable` (see ``KeyValueCache/value(forKey:as:)``).
///
/// Its metadata (key, size, access order, expiry, checksum) lives in a SQLite manifest
/// in the directory, never in file timestamps. Values up to ``inlineThreshold`` bytes
/// are kept in the manifest itself; larger ones in files named by the SHA-256 of their
/// key, so any key (`/`, `..`, NUL, emoji, 10 KB of text) is a safe name.
///
/// - Writes are atomic: a value file is written to `tmp/`, then renamed into place before
///   its manifest row is written. A crash never leaves a torn value; what it leaves is
///   swept on the next open, without listing the value files.
/// - Every entry has a SHA-256 checksum: a corrupt or truncated entry is a miss and is
///   removed alone.
/// - The count and byte limits are enforced on every write, evicting the least recently
///   used entries; the access order survives restarts. The age limit is checked on every read.
///
/// One `FileCache` at a time should use a directory. It is safe to share between threads.
///
/// ```swift
/// let cache = try FileCache(directory: cachesURL.appendingPathComponent("images"), byteLimit: 100 << 20)
/// try cache.setValue(imageData, forKey: url.absoluteString)
/// let data = try cache.value(forKey: url.absoluteString)
/// ```
public final class FileCache: KeyValueCache, Sendable {
    /// The inline threshold used unless another is given: values up to this size (in bytes)
    /// are stored in the manifest, larger ones in their own files. At 32 KiB, reading an
    /// inline value costs about the same as reading a file, while writing it is several
    /// times cheaper than creating a file; beyond it, file reads win.
    public static let defaultInlineThreshold = 32 * 1024

    /// The cache's directory.
    public var directory: URL { files.root }
    /// The most entries the cache keeps.
    public let countLimit: Int
    /// The most bytes of values the cache keeps (metadata not included).
    public let byteLimit: Int
    /// How long, in seconds after it was stored, a value stays readable; nil for no limit.
    public let ageLimit: TimeInterval?
    /// Values up to this many bytes are stored in the manifest, larger ones in files.
    public let inlineThreshold: Int

    private let now: @Sendable () -> Date
    private let files: CacheDirectory
    private let manifest: Database
    private let counters = Protected(CacheStatistics())

    /// Opens the cache in `directory`, creating it if needed, sweeping what interrupted
    /// writes left behind, and evicting entries beyond the limits (which may have been
    /// lowered since the last open). Negative limits count as zero. `now` is the clock
    /// ages are measured with (inject one in tests).
    ///
    /// Throws a ``CacheError`` when the directory cannot be used, or a ``DatabaseError``
    /// when the manifest cannot be opened.
    public init(
        directory: URL, countLimit: Int = .max, byteLimit: Int = .max, ageLimit: TimeInterval? = nil,
        inlineThreshold: Int = FileCache.defaultInlineThreshold, now: @escaping @Sendable () -> Date = Date.init
    ) throws {
        self.countLimit = max(countLimit, 0)
        self.byteLimit = max(byteLimit, 0)
        self.ageLimit = ageLimit
        self.inlineThreshold = inlineThreshold
        self.now = now
        self.files = try CacheDirectory(root: directory)
        self.manifest = try Database(path: files.manifestPath)
        let evicted = try manifest.write { connection in
            try FileCacheManifest.prepare(connection)
            for orphan in try FileCacheManifest.takeOrphanedPendingFiles(in: connection) {
                try files.removeFile(named: orphan)
            }
            return try evictBeyondLimits(in: connection)
        }
        record(evictions: evicted)
    }

    /// The value for `key`, which becomes the most recently used; nil when there is none,
    /// it expired, or its bytes do not match their checksum (it is then removed).
    public func value(forKey key: String) throws -> Data? {
        let date = now()
        let (data, evicted) = try manifest.write { connection -> (Data?, Int) in
            guard let entry = try FileCacheManifest.entry(forKey: key, in: connection) else { return (nil, 0) }
            guard !entry.hasExpired(at: date), let data = try contents(of: entry) else {
                try removeEntry(forKey: key, in: connection)
                return (nil, 1)
            }
            try FileCacheManifest.markUsed(key, in: connection)
            return (data, 0)
        }
        counters.withLock { statistics in
            statistics.evictions += evicted
            if data == nil { statistics.misses += 1 } else { statistics.hits += 1 }
        }
        return data
    }

    /// Stores `data` for `key` as the most recently used entry, then evicts the least
    /// recently used entries until the count and byte total are within their limits.
    /// A value larger than the byte limit is not stored (any previous value for `key`
    /// is removed).
    public func setValue(_ data: Data, forKey key: String) throws {
        guard data.count <= byteLimit, countLimit > 0 else {
            try removeValue(forKey: key)
            record(evictions: 1)
            return
        }
        let isInline = data.count <= inlineThreshold
        let entry = ManifestEntry(
            key: key, size: data.count, checksum: SHA256.digest(data),
            expiresAt: ageLimit.map { now().addingTimeInterval($0) },
            inlineValue: isInline ? data : nil, fileName: isInline ? nil : CacheDirectory.fileName(forKey: key))
        let evicted = try entry.fileName.map { try store(data, as: entry, inFileNamed: $0) } ?? storeInline(entry)
        record(evictions: evicted)
    }

    /// Removes the value for `key`, if any.
    public func removeValue(forKey key: String) throws {
        try manifest.write { try removeEntry(forKey: key, in: $0) }
    }

    /// Removes every value. The statistics are kept.
    public func removeAll() throws {
        let detached = try manifest.write { connection in
            let detached = try files.detachAllFiles()
            try FileCacheManifest.deleteAll(in: connection)
            return detached
        }
        try files.removeDetachedFiles(detached)
    }

    /// Whether an unexpired value is stored for `key`. Does not count as a use, and does
    /// not read the value (so does not verify its checksum).
    public func contains(_ key: String) throws -> Bool {
        let date = now()
        return try manifest.read { try FileCacheManifest.containsEntry(forKey: key, at: date, in: $0) }
    }

    /// The number of entries (expired ones included until a read removes them).
    public var count: Int {
        get throws { try manifest.read { try FileCacheManifest.totals(in: $0).count } }
    }

    /// The total size of the values, in bytes.
    public var totalBytes: Int {
        get throws { try manifest.read { try FileCacheManifest.totals(in: $0).bytes } }
    }

    /// Hits, misses and evictions since this instance was opened.
    public var statistics: CacheStatistics {
        counters.value
    }

    /// Adds the row of an inline value, replacing any previous entry for its key and its
    /// file; returns how many entries were evicted to make room.
    private func storeInline(_ entry: ManifestEntry) throws -> Int {
        try manifest.write { connection in
            try removeEntry(forKey: entry.key, in: connection)
            try FileCacheManifest.insert(entry, in: connection)
            return try evictBeyondLimits(in: connection)
        }
    }

    /// Writes `data` to a temporary file, records it as pending, then in one transaction
    /// moves it into place (replacing any previous file for the key) and adds its row;
    /// returns how many entries were evicted to make room.
    private func store(_ data: Data, as entry: ManifestEntry, inFileNamed fileName: String) throws -> Int {
        let pending = try manifest.write { try FileCacheManifest.addPendingFile(fileName, forKey: entry.key, in: $0) }
        let temporaryFile = try files.writeTemporaryFile(data)
        defer { files.discardTemporaryFile(temporaryFile) }
        return try manifest.write { connection in
            try files.moveIntoPlace(temporaryFile, named: fileName)
            _ = try FileCacheManifest.deleteEntry(forKey: entry.key, in: connection)
            try FileCacheManifest.insert(entry, in: connection)
            try FileCacheManifest.removePendingFile(pending, in: connection)
            return try evictBeyondLimits(in: connection)
        }
    }

    /// The value of `entry`, or nil when it is missing or does not match its checksum.
    private func contents(of entry: ManifestEntry) throws -> Data? {
        let data = try entry.inlineValue ?? entry.fileName.flatMap { try files.contentsOfFile(named: $0) }
        guard let data, data.count == entry.size, SHA256.digest(data) == entry.checksum else { return nil }
        return data
    }

    /// Deletes the row for `key` and its file, if any.
    private func removeEntry(forKey key: String, in connection: Connection) throws {
        try removeFile(of: FileCacheManifest.deleteEntry(forKey: key, in: connection))
    }

    private func removeFile(of removed: RemovedEntry?) throws {
        if let fileName = removed?.fileName {
            try files.removeFile(named: fileName)
        }
    }

    /// Deletes least recently used entries until the count and byte total are within the
    /// limits; returns how many it deleted.
    private func evictBeyondLimits(in connection: Connection) throws -> Int {
        var evicted = 0
        while try isBeyondLimits(connection),
            let removed = try FileCacheManifest.deleteLeastRecentlyUsed(in: connection) {
            try removeFile(of: removed)
            evicted += 1
        }
        return evicted
    }

    private func isBeyondLimits(_ connection: Connection) throws -> Bool {
        let totals = try FileCacheManifest.totals(in: connection)
        return totals.count > countLimit || totals.bytes > byteLimit
    }

    private func record(evictions: Int) {
        guard evictions > 0 else { return }
        counters.withLock { $0.evictions += evictions }
    }
}

extension ManifestEntry {
    /// Whether the entry's expiry date has passed at `date`.
    func hasExpired(at date: Date) -> Bool {
        expiresAt.map { $0 <= date } ?? false
    }
}
