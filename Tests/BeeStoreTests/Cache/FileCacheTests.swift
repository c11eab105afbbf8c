import Foundation
import Testing

@testable import BeeStore

@Suite struct FileCacheTests {
    struct Profile: Codable, Equatable {
        var name: String
        var scores: [Int]
    }

    let folder: TemporaryDirectory

    init() throws {
        folder = try TemporaryDirectory("FileCacheTests")
    }

    var cacheDirectory: URL { folder.url.appendingPathComponent("cache", isDirectory: true) }

    /// A cache that keeps values of more than 8 bytes in files.
    func openCache(
        countLimit: Int = .max, byteLimit: Int = .max, ageLimit: TimeInterval? = nil, clock: TestClock = TestClock()
    ) throws -> FileCache {
        try FileCache(
            directory: cacheDirectory, countLimit: countLimit, byteLimit: byteLimit, ageLimit: ageLimit,
            inlineThreshold: 8, now: clock.now)
    }

    /// The value file the manifest names for `key` (nil when it names none).
    func valueFile(forKey key: String) throws -> URL {
        let name = try #require(try manifest().fetchValue(String.self, "SELECT file_name FROM entry WHERE key = ?", [key]))
        return cacheDirectory.appendingPathComponent("data").appendingPathComponent(name)
    }

    /// The names of the files in `data/`.
    func dataFiles() throws -> Set<String> {
        Set(try FileManager.default.contentsOfDirectory(atPath: cacheDirectory.appendingPathComponent("data").path))
    }

    /// The value file an earlier version named for `key`: the SHA-256 of the key.
    func legacyValueFile(forKey key: String) -> URL {
        cacheDirectory.appendingPathComponent("data").appendingPathComponent(ValueFileName.legacy(key: key).text)
    }

    func bytes(_ count: Int, _ seed: UInt8 = 1) -> Data {
        Data((0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ Int(seed)) })
    }

    func manifest() throws -> Database {
        try Database(path: cacheDirectory.appendingPathComponent("manifest.sqlite").path)
    }

    @Test func storesInlineAndFileValues() throws {
        let cache = try openCache()
        try cache.setValue(bytes(4), forKey: "small")
        try cache.setValue(bytes(5000), forKey: "large")
        #expect(try cache.value(forKey: "small") == bytes(4))
        #expect(try cache.value(forKey: "large") == bytes(5000))
        #expect(try dataFiles() == [try valueFile(forKey: "large").lastPathComponent])
        #expect(try cache.count == 2)
        #expect(try cache.totalBytes == 5004)
        #expect(try cache.contains("large"))
        #expect(try !cache.contains("missing"))
        #expect(try cache.value(forKey: "missing") == nil)
    }

    @Test func storesCodableValues() throws {
        let cache = try openCache()
        let profile = Profile(name: "Ada", scores: [3, 1, 4])
        try cache.setValue(profile, forKey: "profile")
        try cache.setValue(42, forKey: "answer")
        #expect(try cache.value(forKey: "profile", as: Profile.self) == profile)
        let answer: Int? = try cache.value(forKey: "answer")
        #expect(answer == 42)
        #expect(throws: CacheError.self) { try cache.value(forKey: "profile", as: Int.self) }
    }

    @Test func replacingAValueKeepsOneEntryAndRemovesItsOldFile() throws {
        let cache = try openCache()
        try cache.setValue(bytes(100), forKey: "key")
        try cache.setValue(bytes(200, 2), forKey: "key")
        #expect(try cache.value(forKey: "key") == bytes(200, 2))
        try cache.setValue(bytes(3), forKey: "key")
        #expect(try cache.value(forKey: "key") == bytes(3))
        #expect(try dataFiles().isEmpty)
        #expect(try cache.count == 1)
        #expect(try cache.totalBytes == 3)
    }

    @Test func removesValuesAndFiles() throws {
        let cache = try openCache()
        try cache.setValue(bytes(100), forKey: "a")
        try cache.setValue(bytes(2), forKey: "b")
        try cache.removeValue(forKey: "a")
        try cache.removeValue(forKey: "never stored")
        #expect(try cache.value(forKey: "a") == nil)
        #expect(try dataFiles().isEmpty)
        try cache.setValue(bytes(100), forKey: "c")
        try cache.removeAll()
        #expect(try cache.count == 0)
        #expect(try cache.totalBytes == 0)
        #expect(try cache.value(forKey: "b") == nil)
        #expect(try dataFiles().isEmpty)
        try cache.setValue(bytes(100), forKey: "c")
        #expect(try cache.value(forKey: "c") == bytes(100))
    }

    @Test func countLimitEvictsTheLeastRecentlyUsedAfterEveryWrite() throws {
        let cache = try openCache(countLimit: 3)
        for key in ["a", "b", "c"] { try cache.setValue(bytes(50), forKey: key) }
        _ = try cache.value(forKey: "a")
        let fileOfB = try valueFile(forKey: "b")
        try cache.setValue(bytes(50), forKey: "d")
        #expect(try !cache.contains("b"))
        #expect(!FileManager.default.fileExists(atPath: fileOfB.path))
        for key in ["a", "c", "d"] { #expect(try cache.contains(key)) }
        for index in 0..<20 {
            try cache.setValue(bytes(index * 3), forKey: "k\(index % 7)")
            #expect(try cache.count <= 3)
        }
        #expect(cache.statistics.evictions >= 1)
    }

    @Test func byteLimitEvictsTheLeastRecentlyUsedAfterEveryWrite() throws {
        let cache = try openCache(byteLimit: 1000)
        try cache.setValue(bytes(400), forKey: "a")
        try cache.setValue(bytes(400), forKey: "b")
        _ = try cache.value(forKey: "a")
        try cache.setValue(bytes(300), forKey: "c")
        #expect(try !cache.contains("b"))
        #expect(try cache.contains("a"))
        for index in 0..<30 {
            try cache.setValue(bytes(index * 37 % 500), forKey: "k\(index % 11)")
            #expect(try cache.totalBytes <= 1000)
        }
    }

    @Test func aValueLargerThanTheByteLimitIsNotStored() throws {
        let cache = try openCache(byteLimit: 100)
        try cache.setValue(bytes(50), forKey: "fits")
        try cache.setValue(bytes(101), forKey: "fits")
        try cache.setValue(bytes(101), forKey: "too large")
        #expect(try cache.value(forKey: "fits") == nil)
        #expect(try cache.value(forKey: "too large") == nil)
        #expect(try cache.count == 0)
    }

    @Test func ageLimitIsCheckedOnEveryRead() throws {
        let clock = TestClock()
        let cache = try openCache(ageLimit: 60, clock: clock)
        try cache.setValue(bytes(100), forKey: "file")
        try cache.setValue(bytes(4), forKey: "inline")
        clock.advance(by: 59)
        #expect(try cache.value(forKey: "file") == bytes(100))
        clock.advance(by: 1)
        #expect(try !cache.contains("inline"))
        #expect(try cache.value(forKey: "file") == nil)
        #expect(try cache.value(forKey: "inline") == nil)
        #expect(try dataFiles().isEmpty)
        #expect(try cache.count == 0)
        #expect(cache.statistics == CacheStatistics(hits: 1, misses: 2, evictions: 2))
    }

    @Test func valuesAndAccessOrderSurviveReopening() throws {
        do {
            let cache = try openCache()
            for key in ["a", "b", "c"] { try cache.setValue(bytes(100, key.utf8.first ?? 0), forKey: key) }
            try cache.setValue(bytes(3), forKey: "inline")
            _ = try cache.value(forKey: "a")  // order, oldest first: b c inline a
        }
        let reopened = try openCache(countLimit: 4)
        #expect(try reopened.value(forKey: "c") == bytes(100, UInt8(ascii: "c")))  // b inline a c
        try reopened.setValue(bytes(100), forKey: "d")
        #expect(try !reopened.contains("b"))
        try reopened.setValue(bytes(100), forKey: "e")
        #expect(try !reopened.contains("inline"))
        #expect(try reopened.value(forKey: "a") == bytes(100, UInt8(ascii: "a")))
        #expect(try reopened.count == 4)
    }

    @Test func reopeningWithLowerLimitsEvictsTheLeastRecentlyUsed() throws {
        do {
            let cache = try openCache()
            for key in ["a", "b", "c", "d"] { try cache.setValue(bytes(100), forKey: key) }
            _ = try cache.value(forKey: "a")
        }
        let reopened = try openCache(countLimit: 2)
        #expect(try reopened.count == 2)
        #expect(try reopened.contains("a"))
        #expect(try reopened.contains("d"))
        #expect(reopened.statistics.evictions == 2)
    }

    @Test func aTemporaryFileLeftByAnInterruptedWriteIsSweptOnOpen() throws {
        _ = try openCache()
        let leftover = cacheDirectory.appendingPathComponent("tmp/interrupted")
        try bytes(100).write(to: leftover)
        let cache = try openCache()
        #expect(!FileManager.default.fileExists(atPath: leftover.path))
        #expect(try cache.count == 0)
    }

    @Test func aValueFileWithoutItsManifestRowIsIgnoredThenSweptOnOpen() throws {
        do {
            let cache = try openCache()
            try cache.setValue(bytes(100), forKey: "kept")
            // A write that stopped after moving its file into place, before adding its row.
            try manifest().execute(
                "INSERT INTO pending_file (file_name, key) VALUES (?, ?)",
                [ValueFileName.legacy(key: "lost").text, "lost"])
            try bytes(100).write(to: legacyValueFile(forKey: "lost"))
            #expect(try cache.value(forKey: "lost") == nil)
            #expect(try cache.count == 1)
        }
        let reopened = try openCache()
        #expect(!FileManager.default.fileExists(atPath: legacyValueFile(forKey: "lost").path))
        #expect(try reopened.value(forKey: "kept") == bytes(100))
        #expect(try manifest().fetchValue(Int.self, "SELECT COUNT(*) FROM pending_file") == 0)
    }

    @Test func openingACacheOf100000EntriesListsNoValueFiles() throws {
        _ = try openCache()
        try manifest().execute(
            """
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 100000)
            INSERT INTO entry (key, size, checksum, last_access, file_name)
            SELECT 'key' || i, 100, zeroblob(32), i, printf('%064d', i) FROM n
            """)
        // A file nothing records: only listing `data/` could find it.
        let unrecorded = cacheDirectory.appendingPathComponent("data/unrecorded")
        try bytes(10).write(to: unrecorded)
        let cache = try openCache()
        #expect(try cache.count == 100_000)
        #expect(try cache.totalBytes == 10_000_000)
        #expect(FileManager.default.fileExists(atPath: unrecorded.path))
        #expect(try cache.value(forKey: "key5") == nil)  // its file is missing: a miss, removed
        #expect(try cache.count == 99_999)
    }

    @Test func aFileReplacedButNotYetRecordedIsACorruptMissNotATornValue() throws {
        let cache = try openCache()
        try cache.setValue(bytes(100), forKey: "key")
        // A rewrite that moved its new file into place and stopped before updating the row.
        try bytes(120, 9).write(to: valueFile(forKey: "key"))
        #expect(try cache.value(forKey: "key") == nil)
        #expect(try cache.count == 0)
    }

    @Test func aCorruptEntryIsRemovedAloneWhileTheOthersSurvive() throws {
        let cache = try openCache()
        for index in 0..<5 { try cache.setValue(bytes(100, UInt8(index)), forKey: "file\(index)") }
        for index in 0..<5 { try cache.setValue(bytes(4, UInt8(index)), forKey: "inline\(index)") }
        var flipped = bytes(100, 2)
        flipped[50] ^= 0xFF
        let fileOfFile2 = try valueFile(forKey: "file2")
        try flipped.write(to: fileOfFile2)
        try bytes(60, 3).write(to: valueFile(forKey: "file3"))  // truncated
        try FileManager.default.removeItem(at: valueFile(forKey: "file4"))
        try manifest().execute("UPDATE entry SET inline_value = X'00000000' WHERE key = 'inline1'")

        for key in ["file2", "file3", "file4", "inline1"] {
            #expect(try cache.value(forKey: key) == nil)
        }
        #expect(!FileManager.default.fileExists(atPath: fileOfFile2.path))
        for index in [0, 1] { #expect(try cache.value(forKey: "file\(index)") == bytes(100, UInt8(index))) }
        for index in [0, 2, 3, 4] { #expect(try cache.value(forKey: "inline\(index)") == bytes(4, UInt8(index))) }
        #expect(try cache.count == 6)
        #expect(cache.statistics.evictions == 4)
    }

    @Test func checksumsAreCRC32CAndEarlierCachesSHA256DigestsStillVerify() throws {
        let cache = try openCache()
        try cache.setValue(bytes(100), forKey: "file")
        try cache.setValue(bytes(4), forKey: "inline")
        let stored = try manifest().fetchAll("SELECT key, checksum FROM entry ORDER BY key").map { $0["checksum"] }
        #expect(stored == [.blob(ValueChecksum.of(bytes(100))), .blob(ValueChecksum.of(bytes(4)))])
        #expect(ValueChecksum.of(bytes(4)).count == 4)

        // As earlier versions stored them: the SHA-256 digest of each value.
        try manifest().execute("UPDATE entry SET checksum = ? WHERE key = 'file'", [Data(LegacySHA256.digest(bytes(100)))])
        try manifest().execute("UPDATE entry SET checksum = ? WHERE key = 'inline'", [Data(LegacySHA256.digest(bytes(4)))])
        #expect(try cache.value(forKey: "file") == bytes(100))
        #expect(try cache.value(forKey: "inline") == bytes(4))
        // A digest that does not match, or a checksum of no known length, is a corrupt entry.
        try manifest().execute("UPDATE entry SET checksum = ? WHERE key = 'file'", [Data(LegacySHA256.digest(bytes(101)))])
        try manifest().execute("UPDATE entry SET checksum = X'0102030405' WHERE key = 'inline'")
        #expect(try cache.value(forKey: "file") == nil)
        #expect(try cache.value(forKey: "inline") == nil)
        #expect(try cache.count == 0)
    }

    @Test func crc32cGivesTheStandardCheckValuesWithOrWithoutTheProcessorsInstruction() {
        // The check value of "123456789", and RFC 3720's test vectors (B.4).
        let vectors: [(Data, UInt32)] = [
            (Data("123456789".utf8), 0xE306_9283), (Data(count: 32), 0x8A91_36AA),
            (Data(repeating: 0xFF, count: 32), 0x62A8_AB43), (Data((0..<32).map { UInt8($0) }), 0x46DD_794E),
            (Data(), 0),
        ]
        for (data, expected) in vectors {
            #expect(ValueChecksum.crc32c(data) == expected, "\(data.count) bytes")
            #expect(ValueChecksum.portableCRC32C(data) == expected, "\(data.count) bytes")
        }
        // Every length and start offset around the eight-byte steps, on slices that start
        // anywhere in memory.
        let buffer = bytes(300, 7)
        for start in 0..<9 {
            for length in 0..<70 {
                let slice = buffer[start..<start + length]
                #expect(ValueChecksum.crc32c(slice) == ValueChecksum.portableCRC32C(slice), "bytes \(start)..<\(start + length)")
            }
        }
        #expect(ValueChecksum.crc32c(buffer) == ValueChecksum.portableCRC32C(buffer))
    }

    /// A key argument that shows long keys by their length in test output.
    struct Key: CustomTestStringConvertible, Sendable {
        let value: String
        var testDescription: String { value.count > 40 ? "a \(value.count)-character key" : value.debugDescription }
    }

    @Test(arguments: ["a/b/../../c", "..", "/", "nul\u{0}inside", "🐝🍯", String(repeating: "k", count: 10_240), ""]
        .map(Key.init))
    func anyKeyIsStoredUnderANumberedName(key argument: Key) throws {
        let key = argument.value
        let cache = try openCache()
        try cache.setValue(bytes(100), forKey: key)
        try cache.setValue(bytes(100, 7), forKey: key + "-other")
        #expect(try cache.value(forKey: key) == bytes(100))
        let names = try FileManager.default.contentsOfDirectory(atPath: cacheDirectory.appendingPathComponent("data").path)
        #expect(names.count == 2)
        #expect(Set(names) == ["1", "2"])
        #expect(try valueFile(forKey: key).lastPathComponent == "1")
        let reopened = try openCache()
        #expect(try reopened.value(forKey: key) == bytes(100))
    }

    @Test func concurrentReadsAndWritesLoseAndTearNothing() throws {
        let cache = try openCache()
        runConcurrently(threads: 8) { thread in
            for index in 0..<40 {
                let key = "\(thread)-\(index)"
                let value = Data(repeating: UInt8(thread), count: 10 + index * 50)
                #expect(throws: Never.self) {
                    try cache.setValue(value, forKey: key)
                    try cache.setValue(Data(repeating: UInt8(index), count: 30), forKey: "shared")
                    #expect(try cache.value(forKey: key) == value)
                    let shared = try cache.value(forKey: "shared")
                    #expect(shared.map { $0.count == 30 && Set($0).count == 1 } == true)
                }
            }
        }
        #expect(try cache.count == 8 * 40 + 1)
    }

    /// A file outside the cache's folder, which no file name in a tampered manifest may reach.
    func makeVictim() throws -> URL {
        let victim = folder.url.appendingPathComponent("victim.txt")
        try Data("not the cache's".utf8).write(to: victim)
        return victim
    }

    /// File names a manifest written by something else could hold for an entry: paths to
    /// `victim` (from `data/`, absolute, through a subfolder, cut by a NUL) and folders.
    func foreignFileNames(reaching victim: URL) -> [String] {
        ["../../victim.txt", victim.path, "sub/../../../victim.txt",
         "../../victim.txt\u{0}" + String(repeating: "0", count: 64), "..", "/", ""]
    }

    /// Expects the file made by ``makeVictim()`` to be there with its content.
    func expectUntouched(_ victim: URL, _ comment: Testing.Comment? = nil) {
        #expect((try? Data(contentsOf: victim)) == Data("not the cache's".utf8), comment)
    }

    @Test func aFileNameFromTheManifestIsNeverReadOrRemovedOutsideTheDataFolder() throws {
        let victim = try makeVictim()
        let names = foreignFileNames(reaching: victim)
        let cache = try openCache()
        for (index, name) in names.enumerated() {
            try cache.setValue(bytes(100), forKey: "read \(index)")
            try cache.setValue(bytes(100), forKey: "remove \(index)")
            try manifest().execute("UPDATE entry SET file_name = ? WHERE key = ?", [name, "read \(index)"])
        }
        for (index, name) in names.enumerated() {
            #expect(try cache.value(forKey: "read \(index)") == nil, "file name \(name.debugDescription)")
            expectUntouched(victim, "read with file name \(name.debugDescription)" as Testing.Comment)
            // The read removed its entry: no other row names the file now.
            try manifest().execute("UPDATE entry SET file_name = ? WHERE key = ?", [name, "remove \(index)"])
            try cache.removeValue(forKey: "remove \(index)")
            expectUntouched(victim, "removal with file name \(name.debugDescription)" as Testing.Comment)
        }
        #expect(try cache.count == 0)
        #expect(try cache.value(forKey: "read 0") == nil)
        try cache.setValue(bytes(100, 3), forKey: "read 0")
        #expect(try cache.value(forKey: "read 0") == bytes(100, 3))
    }

    @Test func evictionAndTheSweepOnOpenNeverRemoveAFileOutsideTheDataFolder() throws {
        let victim = try makeVictim()
        let names = foreignFileNames(reaching: victim)
        do {
            let cache = try openCache()
            for (index, name) in names.enumerated() {
                try cache.setValue(bytes(100), forKey: "evicted \(index)")
                try manifest().execute("UPDATE entry SET file_name = ? WHERE key = ?", [name, "evicted \(index)"])
                // A write that stopped before adding its row, as a tampered manifest records it.
                try manifest().execute(
                    "INSERT INTO pending_file (file_name, key) VALUES (?, ?)", [name, "lost \(index)"])
            }
            try cache.setValue(bytes(100, 5), forKey: "kept")
        }
        let reopened = try openCache(countLimit: 1)
        expectUntouched(victim)
        #expect(try reopened.count == 1)
        #expect(try reopened.value(forKey: "kept") == bytes(100, 5))
        #expect(reopened.statistics.evictions == names.count)
    }

    @Test func noTwoEntriesNameOneFileAndAnotherKeysEarlierNameIsAMissThatLeavesItAlone() throws {
        let cache = try openCache()
        try cache.setValue(bytes(100, 1), forKey: "a")
        try cache.setValue(bytes(100, 2), forKey: "b")
        #expect(throws: DatabaseError.self) {
            try manifest().execute("UPDATE entry SET file_name = (SELECT file_name FROM entry WHERE key = 'b') WHERE key = 'a'")
        }
        try manifest().execute("UPDATE entry SET file_name = ? WHERE key = 'a'", [ValueFileName.legacy(key: "b").text])
        #expect(try cache.value(forKey: "a") == nil)
        #expect(try cache.value(forKey: "b") == bytes(100, 2))
        #expect(try cache.count == 1)
        try cache.setValue(bytes(100, 3), forKey: "a")
        #expect(try cache.value(forKey: "a") == bytes(100, 3))
    }

    @Test func aReadReturnsItsValueWhileAnotherConnectionHoldsTheManifestsWriteLock() throws {
        let cache = try openCache()
        try cache.setValue(bytes(100), forKey: "key")
        let lastAccess = "SELECT last_access FROM entry WHERE key = 'key'"
        let before = try manifest().fetchValue(Int.self, lastAccess)
        // Another connection holds the manifest's write lock during the whole read: a read
        // records its use later, so it neither waits nor fails.
        let value = try manifest().write { _ in try cache.value(forKey: "key") }
        #expect(value == bytes(100))
        #expect(cache.statistics == CacheStatistics(hits: 1, misses: 0, evictions: 0))
        #expect(try manifest().fetchValue(Int.self, lastAccess) == before)
        // The use is recorded with the next write.
        try cache.setValue(bytes(4), forKey: "other")
        #expect(try manifest().fetchValue(Int.self, lastAccess)! > before!)
    }

    @Test func readsUsesAreRecordedOnceEnoughGatherOrWhenTheCacheIsReleased() throws {
        let lastAccess = "SELECT last_access FROM entry WHERE key = ?"
        do {
            let cache = try openCache()
            try cache.setValue(bytes(100), forKey: "read")
            try cache.setValue(bytes(100), forKey: "newer")
            let before = try #require(try manifest().fetchValue(Int.self, lastAccess, ["read"]))
            for _ in 1..<FileCache.pendingUseLimit {
                #expect(try cache.value(forKey: "read") == bytes(100))
            }
            #expect(try manifest().fetchValue(Int.self, lastAccess, ["read"]) == before)
            #expect(try cache.value(forKey: "read") == bytes(100))
            #expect(try manifest().fetchValue(Int.self, lastAccess, ["read"])! > before)
            _ = try cache.value(forKey: "newer")
            #expect(try manifest().fetchValue(Int.self, lastAccess, ["newer"])! < manifest().fetchValue(Int.self, lastAccess, ["read"])!)
            withExtendedLifetime(cache) {}
        }
        // Released: the last read is recorded.
        #expect(try manifest().fetchValue(Int.self, lastAccess, ["newer"])! > manifest().fetchValue(Int.self, lastAccess, ["read"])!)
    }

    @Test func aRowCommittedBeforeItsFileMovedIsAMissThatLeavesNoFile() throws {
        let cache = try openCache()
        try cache.setValue(bytes(100), forKey: "rewritten")
        // A rewrite and a first write that stopped after committing their rows, before
        // moving their files into place: the old file, and none.
        try manifest().execute(
            "UPDATE entry SET size = 120, checksum = ? WHERE key = 'rewritten'", [ValueChecksum.of(bytes(120, 9))])
        try manifest().execute(
            "INSERT INTO entry (key, size, checksum, last_access, file_name) VALUES ('new', 100, ?, 99, '99')",
            [ValueChecksum.of(bytes(100, 4))])
        try bytes(100, 4).write(to: cacheDirectory.appendingPathComponent("tmp/interrupted"))
        let reopened = try openCache()
        #expect(try reopened.count == 2)
        #expect(try reopened.value(forKey: "rewritten") == nil)
        #expect(try reopened.value(forKey: "new") == nil)
        #expect(try reopened.count == 0)
        let data = cacheDirectory.appendingPathComponent("data").path
        #expect(try FileManager.default.contentsOfDirectory(atPath: data).isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: cacheDirectory.appendingPathComponent("tmp").path).isEmpty)
        #expect(reopened.statistics == CacheStatistics(hits: 0, misses: 2, evictions: 2))
    }

    @Test func readsRacingRewritesOfAFileValueSeeOneWholeValueAndLeaveNoStrayFile() throws {
        let cache = try openCache()
        try cache.setValue(Data(repeating: 0, count: 100), forKey: "shared")
        runConcurrently(threads: 4) { thread in
            for index in 0..<300 {
                #expect(throws: Never.self) {
                    if thread < 2 {
                        let byte = UInt8(truncatingIfNeeded: thread * 300 + index)
                        try cache.setValue(Data(repeating: byte, count: 100 + Int(byte)), forKey: "shared")
                    } else {
                        let read = try cache.value(forKey: "shared")
                        // Never a miss: a read that finds a row whose file is not moved yet waits for it.
                        #expect(read.map { Set($0).count == 1 && $0.count == 100 + Int($0[0]) } == true)
                    }
                }
            }
        }
        #expect(try cache.count == 1)
        #expect(cache.statistics.misses == 0 && cache.statistics.evictions == 0)
        let data = cacheDirectory.appendingPathComponent("data").path
        #expect(try FileManager.default.contentsOfDirectory(atPath: data) == [try valueFile(forKey: "shared").lastPathComponent])
    }

    @Test func aValueFileReplacedByADirectoryIsAMissThatRemovesTheEntry() throws {
        let victim = try makeVictim()
        let cache = try openCache()
        try cache.setValue(bytes(100), forKey: "key")
        try cache.setValue(bytes(100, 2), forKey: "other")
        try FileManager.default.removeItem(at: valueFile(forKey: "key"))
        let inside = try valueFile(forKey: "key").appendingPathComponent("inside")
        try FileManager.default.createDirectory(at: inside, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            at: inside.appendingPathComponent("link"), withDestinationURL: folder.url)
        #expect(try cache.value(forKey: "key") == nil)
        expectUntouched(victim)
        #expect(try cache.count == 1)
        #expect(try cache.value(forKey: "key") == nil)
        #expect(cache.statistics == CacheStatistics(hits: 0, misses: 2, evictions: 1))
        try cache.setValue(bytes(100, 3), forKey: "key")
        #expect(try cache.value(forKey: "key") == bytes(100, 3))
        #expect(try cache.value(forKey: "other") == bytes(100, 2))
    }

    @Test func aWriteReplacesAFolderInPlaceOfItsValueFile() throws {
        let cache = try openCache()
        try cache.setValue(bytes(100), forKey: "key")
        try FileManager.default.removeItem(at: valueFile(forKey: "key"))
        try FileManager.default.createDirectory(
            at: valueFile(forKey: "key").appendingPathComponent("inside"), withIntermediateDirectories: true)
        try cache.setValue(bytes(100, 2), forKey: "key")
        #expect(try cache.value(forKey: "key") == bytes(100, 2))
        #expect(try cache.count == 1)
    }

    @Test(arguments: ["size = 'abc'", "size = 1.5", "checksum = 7", "expires_at = 'tomorrow'", "inline_value = 3",
        "file_name = CAST(rowid AS BLOB)"])
    func anEntryWithAColumnOfTheWrongTypeIsAMissThatRemovesIt(damage: String) throws {
        let cache = try openCache()
        try cache.setValue(bytes(100), forKey: "file")
        try cache.setValue(bytes(4), forKey: "inline")
        try cache.setValue(bytes(50, 2), forKey: "intact")
        try manifest().execute("UPDATE entry SET \(damage) WHERE key IN ('file', 'inline')")
        for key in ["file", "inline"] {
            #expect(try cache.value(forKey: key) == nil)
            #expect(try cache.value(forKey: key) == nil)
        }
        #expect(try cache.count == 1)
        #expect(try cache.totalBytes == 50)
        #expect(cache.statistics == CacheStatistics(hits: 0, misses: 4, evictions: 2))
        try cache.setValue(bytes(100, 3), forKey: "file")
        try cache.setValue(bytes(4, 3), forKey: "inline")
        #expect(try cache.value(forKey: "file") == bytes(100, 3))
        #expect(try cache.value(forKey: "inline") == bytes(4, 3))
        #expect(try cache.value(forKey: "intact") == bytes(50, 2))
        #expect(try cache.totalBytes == 154)
    }

    @Test func removingAllEntriesResetsTheTotalsWhateverTheSizesHeld() throws {
        let cache = try openCache()
        try cache.setValue(bytes(100), forKey: "file")
        try cache.setValue(bytes(4), forKey: "inline")
        try manifest().execute("UPDATE entry SET size = 'abc' WHERE key = 'file'")
        try cache.removeAll()
        #expect(try cache.count == 0)
        #expect(try cache.totalBytes == 0)
    }

    @Test func aDirectoryThatIsAFileIsAnError() throws {
        try Data("not a folder".utf8).write(to: cacheDirectory)
        #expect {
            try openCache()
        } throws: { error in
            guard case CacheError.fileOperationFailed(_, let path, _)? = error as? CacheError else { return false }
            return path.hasPrefix(cacheDirectory.path)
        }
    }

    @Test func aManifestFromANewerVersionIsRefused() throws {
        _ = try openCache()
        try manifest().execute("PRAGMA user_version = 99")
        #expect(throws: CacheError.unsupportedManifestVersion(
            found: 99, supported: FileCacheManifest.version, path: cacheDirectory.appendingPathComponent("manifest.sqlite").path)
        ) {
            try openCache()
        }
    }

    @Test func aManifestThatIsNotADatabaseIsAnError() throws {
        try FileManager.default.createDirectory(at: cacheDirectory, withIntermediateDirectories: true)
        try Data(repeating: 7, count: 4096).write(to: cacheDirectory.appendingPathComponent("manifest.sqlite"))
        #expect(throws: DatabaseError.self) { try openCache() }
    }
}
