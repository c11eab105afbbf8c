import Foundation

/// A persistent cache in one directory, {Bee}'s `BeeFileCache`: values are `Data` or
/// any `Codable` (see ``KeyValueCache/value(forKey:as:)``).
///
/// Its metadata (key, size, access order, expiry, checksum) lives in a SQLite manifest
/// in the directory, never in file timestamps. Values up to ``inlineThreshold`` bytes
/// are kept in the manifest itself; larger ones in files named by a number the manifest
/// gives their key, so any key (`/`, `..`, NUL, emoji, 10 KB of text) is stored safely.
/// A cache written by earlier versions, whose files are named by the SHA-256 of their
/// key and whose checksums are SHA-256 digests, is read as it is.
///
/// - Writes are atomic: a value file is written to `tmp/`, its manifest row committed,
///   then the file renamed into place. A crash of the process never leaves a torn value,
///   nor a file in `data/` without a row: a row committed before its file moved is a
///   checksum mismatch, a miss removed on its next read, and what is left in `tmp/` is
///   swept on the next open, without listing the value files. (A power loss can undo the
///   manifest's last commits, which are not synced, and keep a rename: a value file
///   without a row then stays until its key is written again.)
/// - Every entry has a checksum (CRC-32C; SHA-256 in caches written by earlier
///   versions, still verified): a corrupt or truncated entry is a miss and is
///   removed alone, and so is an entry whose manifest row or file something else changed
///   (a column of the wrong type, a folder in place of the file). A file name read from
///   the manifest is never used as a path: only files named by numbers (or, from earlier
///   versions, by their key's SHA-256), in the cache's `data/` folder, are ever read or
///   removed, and no two entries name one file.
/// - A read finds its value without writing to the manifest (unless the entry has expired
///   or is damaged: it then removes it). Reads' uses (the access order) are recorded
///   together at the start of the next write, by every ``pendingUseLimit``-th read, and
///   when the cache is released. Recording them is best effort: a read returns its value
///   even when that fails (a full disk, a manifest that another process keeps locked),
///   and a crash loses the order of the reads since the last record.
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

    /// How many reads' uses gather before they are recorded in a write of their own: one
    /// manifest write for this many reads, instead of one for each.
    public static let pendingUseLimit = 64

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
    /// Held by every manifest write that adds or removes value files, from its start until
    /// the file it commits is in place: a read that finds a row whose file is not moved
    /// yet waits for the move before it judges the entry damaged, and no write replaces
    /// or removes the row in between.
    private let fileWrites = Lock()
    /// Keys read since the manifest last recorded uses, oldest first.
    private let pendingUses = Protected<[String]>([])
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
            for orphanKey in try FileCacheManifest.takeOrphanedPendingFiles(in: connection) {
                try files.removeValueFile(.legacy(key: orphanKey))
            }
            return try evictBeyondLimits(in: connection)
        }
        record(evictions: evicted)
    }

    /// Records the reads' uses not recorded yet.
    deinit {
        if pendingUses.withLock({ !$0.isEmpty }) {
            // Best effort: the access order only guides evictions.
            try? writeManifest { _ in }
        }
    }

    /// The value for `key`, which becomes the most recently used; nil when there is none,
    /// it expired, its bytes do not match their checksum, or its entry is damaged (it is
    /// then removed).
    ///
    /// The use is recorded with others later (see ``FileCache``); the value is returned
    /// even when it cannot be.
    public func value(forKey key: String) throws -> Data? {
        let (data, evicted) = try readValue(forKey: key, at: now())
        if data != nil { noteUse(of: key) }
        counters.withLock { statistics in
            statistics.evictions += evicted
            if data == nil { statistics.misses += 1 } else { statistics.hits += 1 }
        }
        return data
    }

    /// Stores `data` for `key` as the most recently used entry, then evicts the least
    /// recently used entries until the count and byte total are within their limits.
    /// A value larger than the byte limit is not stored (any previous value for `key`
    /// is removed). A value file that cannot be moved into place once its row is
    /// committed leaves no entry for `key`: the error is thrown, and the previous value
    /// is gone.
    public func setValue(_ data: Data, forKey key: String) throws {
        guard data.count <= byteLimit, countLimit > 0 else {
            try removeValue(forKey: key)
            record(evictions: 1)
            return
        }
        let isInline = data.count <= inlineThreshold
        let entry = ManifestEntry(
            key: key, size: data.count, checksum: ValueChecksum.of(data),
            expiresAt: ageLimit.map { now().addingTimeInterval($0) }, inlineValue: isInline ? data : nil)
        record(evictions: try isInline ? storeInline(entry) : store(data, asFileOf: entry))
    }

    /// Removes the value for `key`, if any.
    public func removeValue(forKey key: String) throws {
        try writeManifest { try removeEntry(forKey: key, in: $0) }
    }

    /// Removes every value. The statistics are kept.
    public func removeAll() throws {
        let detached = try writeManifest { connection in
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
        try writeManifest { connection in
            try removeEntry(forKey: entry.key, in: connection)
            try FileCacheManifest.insert(entry, file: nil, in: connection)
            return try evictBeyondLimits(in: connection)
        }
    }

    /// Writes `data` to a temporary file, then commits its row (replacing any previous
    /// entry for its key) and moves the file into place, replacing any previous file of
    /// the key (whose number it takes); returns how many entries were evicted to make room.
    /// A move that fails removes the row it followed (and the previous file), and records
    /// the evictions before it throws.
    private func store(_ data: Data, asFileOf entry: ManifestEntry) throws -> Int {
        let temporaryFile = try files.writeTemporaryFile(data)
        var isMoved = false
        defer { if !isMoved { files.discardTemporaryFile(temporaryFile) } }
        return try fileWrites.withLock {
            let (evicted, file) = try writeManifestHoldingFileWrites { connection in
                let previous = try FileCacheManifest.deleteEntry(forKey: entry.key, in: connection)
                let file: ValueFileName
                switch previous?.file {
                case .numbered(let number)?:
                    file = .numbered(number)  // the previous file is replaced by the move
                default:
                    try removeFile(of: previous)
                    file = .numbered(try FileCacheManifest.takeFileNumber(in: connection))
                }
                try FileCacheManifest.insert(entry, file: file, in: connection)
                return (try evictBeyondLimits(in: connection), file)
            }
            do {
                try files.moveIntoPlace(temporaryFile, as: file)
                isMoved = true
            } catch {
                try? writeManifestHoldingFileWrites { try removeEntry(forKey: entry.key, in: $0) }
                record(evictions: evicted)
                throw error
            }
            return evicted
        }
    }

    /// Runs `body` in a manifest write that may add or remove value files (see ``fileWrites``).
    private func writeManifest<T>(_ body: (Connection) throws -> T) throws -> T {
        try fileWrites.withLock { try writeManifestHoldingFileWrites(body) }
    }

    /// Runs `body` in a manifest write that first records the uses gathered since the
    /// last one (in the same transaction: evictions see them); a write that fails gives
    /// them back. The caller holds ``fileWrites``.
    private func writeManifestHoldingFileWrites<T>(_ body: (Connection) throws -> T) throws -> T {
        var uses: [String] = []
        do {
            return try manifest.write { connection in
                uses = pendingUses.withLock { pending in
                    defer { pending.removeAll(keepingCapacity: true) }
                    return pending
                }
                try FileCacheManifest.markUsed(uses, in: connection)
                return try body(connection)
            }
        } catch {
            if !uses.isEmpty { pendingUses.withLock { $0.insert(contentsOf: uses, at: 0) } }
            throw error
        }
    }

    /// Adds `key` to the uses to record, and records them at every ``pendingUseLimit``-th
    /// use gathered: while the manifest cannot be written, one read in that many tries
    /// (and may wait for the busy timeout), and the oldest uses beyond
    /// ``pendingUseLimit`` × 16 are dropped.
    private func noteUse(of key: String) {
        let isDue = pendingUses.withLock { uses in
            uses.append(key)
            if uses.count > Self.pendingUseLimit * 16 { uses.removeFirst(Self.pendingUseLimit) }
            return uses.count.isMultiple(of: Self.pendingUseLimit)
        }
        // Best effort: the access order only guides evictions, and the value is right without it.
        if isDue { try? writeManifest { _ in } }
    }

    /// Reads the value for `key` and returns it with the number of entries removed.
    ///
    /// The entry and its file are read on a snapshot of the manifest, without its write
    /// lock. An entry found unusable there is looked at again under the lock (and
    /// ``fileWrites``), where no write can replace the entry or its file meanwhile, and
    /// removed if it still is.
    private func readValue(forKey key: String, at date: Date) throws -> (data: Data?, evicted: Int) {
        let lookup = try manifest.read { try FileCacheManifest.entry(forKey: key, in: $0) }
        if case .absent = lookup { return (nil, 0) }
        if let data = try usableValue(of: lookup, at: date) { return (data, 0) }
        return try writeManifest { connection in
            let lookup = try FileCacheManifest.entry(forKey: key, in: connection)
            if case .absent = lookup { return (nil, 0) }
            if let data = try usableValue(of: lookup, at: date) { return (data, 0) }
            try removeEntry(forKey: key, in: connection)
            return (nil, 1)
        }
    }

    /// The value of a found, unexpired entry; nil when the entry is damaged, its file is
    /// missing, or its bytes do not match their checksum.
    private func usableValue(of lookup: ManifestLookup, at date: Date) throws -> Data? {
        guard case .found(let stored) = lookup, !stored.entry.hasExpired(at: date) else { return nil }
        let entry = stored.entry
        let data = try entry.inlineValue ?? stored.file.flatMap(files.contentsOfValueFile)
        guard let data, data.count == entry.size, ValueChecksum.matches(data, entry.checksum) else { return nil }
        return data
    }

    /// Deletes the row for `key` and its file, if any.
    private func removeEntry(forKey key: String, in connection: Connection) throws {
        try removeFile(of: FileCacheManifest.deleteEntry(forKey: key, in: connection))
    }

    private func removeFile(of removed: RemovedEntry?) throws {
        if let file = removed?.file {
            try files.removeValueFile(file)
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
