import Foundation
import Testing

@testable import BeeStore

/// A cache written by an earlier version (Fixtures/legacy-cache: manifest version 1, value
/// files named by the SHA-256 of their key, CRC-32C checksums and, from versions before
/// those, two SHA-256 ones) read by this one.
@Suite struct FileCacheLegacyTests {
    let folder: TemporaryDirectory
    let directory: URL

    init() throws {
        folder = try TemporaryDirectory("FileCacheLegacyTests")
        directory = URL(fileURLWithPath: try Fixtures.copy("legacy-cache", into: folder), isDirectory: true)
    }

    var dataFiles: Set<String> {
        get throws { Set(try FileManager.default.contentsOfDirectory(atPath: directory.appendingPathComponent("data").path)) }
    }

    @Test func everyValueReadsBackAndTheManifestMovesToVersion2() throws {
        let cache = try FileCache(directory: directory, inlineThreshold: 16)
        #expect(try cache.count == 4)
        #expect(try cache.value(forKey: "inline") == Data("small".utf8))
        #expect(try cache.value(forKey: "inline/../ünïcödé") == Data("ünïcödé".utf8))
        #expect(try cache.value(forKey: "file") == Data(repeating: 0x2A, count: 100))
        #expect(try cache.value(forKey: "../a/b?c#d\u{301}") == Data((0..<200).map { UInt8($0) }))
        #expect(cache.statistics == CacheStatistics(hits: 4, misses: 0, evictions: 0))
        let manifest = try Database(path: directory.appendingPathComponent("manifest.sqlite").path)
        #expect(try manifest.fetchValue(Int.self, "PRAGMA user_version") == FileCacheManifest.version)
    }

    @Test func aRewrittenValueGetsANumberedFileAndItsEarlierFileIsRemoved() throws {
        let cache = try FileCache(directory: directory, inlineThreshold: 16)
        let earlier = ValueFileName.legacy(key: "file").text
        #expect(try dataFiles.contains(earlier))
        try cache.setValue(Data(repeating: 7, count: 50), forKey: "file")
        #expect(try !dataFiles.contains(earlier))
        #expect(try dataFiles.contains("1"))
        #expect(try cache.value(forKey: "file") == Data(repeating: 7, count: 50))
        try cache.removeValue(forKey: "../a/b?c#d\u{301}")
        #expect(try dataFiles == ["1"])
    }

    @Test func aChangedEarlierValueIsStillAMiss() throws {
        try Data(repeating: 0x2B, count: 100).write(
            to: directory.appendingPathComponent("data").appendingPathComponent(ValueFileName.legacy(key: "file").text))
        let cache = try FileCache(directory: directory, inlineThreshold: 16)
        #expect(try cache.value(forKey: "file") == nil)
        #expect(try cache.count == 3)
    }

    @Test func aManifestOfANewerVersionIsRefused() throws {
        _ = try FileCache(directory: directory)
        let manifest = try Database(path: directory.appendingPathComponent("manifest.sqlite").path)
        try manifest.execute("PRAGMA user_version = 3")
        #expect(throws: CacheError.unsupportedManifestVersion(found: 3, supported: 2, path: manifest.path)) {
            try FileCache(directory: directory)
        }
    }
}
