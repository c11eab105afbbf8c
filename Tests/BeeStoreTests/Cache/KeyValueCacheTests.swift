import Foundation
import Testing

@testable import BeeStore

/// What a model would do with whichever cache it is given.
func roundTrip(_ cache: some KeyValueCache<String, Data>) throws -> [Bool] {
    try cache.setValue(["a": 1], forKey: "state")
    let restored = try cache.value(forKey: "state", as: [String: Int].self)
    let contained = try cache.contains("state")
    try cache.removeValue(forKey: "state")
    try cache.setValue(Data([1]), forKey: "other")
    try cache.removeAll()
    return [restored == ["a": 1], contained, try !cache.contains("state"), try !cache.contains("other")]
}

@Suite struct KeyValueCacheTests {
    @Test func everyCacheServesTheSameInterface() throws {
        let folder = try TemporaryDirectory("KeyValueCacheTests")
        let caches: [any KeyValueCache<String, Data>] = try [
            MemoryCache<String, Data>(),
            FileCache(directory: folder.url.appendingPathComponent("file")),
            KeyValueStore(path: folder.path("store.sqlite")),
            Cache<Data>(file: FileCache(directory: folder.url.appendingPathComponent("tiered"))),
        ]
        for cache in caches {
            #expect(try roundTrip(cache) == [true, true, true, true], "\(type(of: cache))")
        }
    }

    @Test func dataIsStoredAsItIsAndOtherValuesAsJSON() throws {
        func encodeAndStore<T: Encodable>(_ value: T, forKey key: String, in cache: MemoryCache<String, Data>) throws {
            try cache.setValue(value, forKey: key)
        }
        let cache = MemoryCache<String, Data>()
        try encodeAndStore(Data([0xFF, 0x00]), forKey: "raw", in: cache)
        try encodeAndStore(["x": true], forKey: "json", in: cache)
        #expect(try cache.value(forKey: "raw", as: Data.self) == Data([0xFF, 0x00]))
        #expect(cache["raw"] == Data([0xFF, 0x00]))
        #expect(cache["json"] == Data(#"{"x":true}"#.utf8))
    }
}
