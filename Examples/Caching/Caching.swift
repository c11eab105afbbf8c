import BeeStore
import Foundation

/// BeeStore's caches: memory, file, key-value store and the two-level cache, and a
/// model that saves its state in one of them.
@main
struct Caching {
    static func main() {
        do {
            let directory = FileManager.default.temporaryDirectory
                .appendingPathComponent("Caching-\(UUID().uuidString)", isDirectory: true)
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: directory) }

            memoryCache()
            try fileCache(in: directory.appendingPathComponent("files", isDirectory: true))
            try keyValueStore(at: directory.appendingPathComponent("settings.sqlite").path)
            try twoLevelCache(in: directory.appendingPathComponent("profiles", isDirectory: true))
            try persistedModel(in: directory)
        } catch {
            printError("Caching: \(error)")
            exit(1)
        }
    }

    /// Least-recently-used eviction under a count and a cost limit, expiry, statistics.
    static func memoryCache() {
        print("== Memory cache ==")
        let clock = ManualClock()
        let cache = MemoryCache<String, String>(countLimit: 3, costLimit: 100, ageLimit: 60, now: { clock.now })
        func show(_ keys: [String]) {
            let held = keys.filter { cache.contains($0) }
            print("  holds \(held.joined(separator: ", ")) (\(cache.count) entries, cost \(cache.totalCost))")
        }
        let keys = ["ann", "ben", "chen", "dana", "eli"]

        cache.setValue("Ann", forKey: "ann", cost: 10)
        cache.setValue("Ben", forKey: "ben", cost: 10)
        cache.setValue("Chen", forKey: "chen", cost: 10)
        print("Three entries, at the count limit of 3:")
        show(keys)

        _ = cache.value(forKey: "ann")
        cache.setValue("Dana", forKey: "dana", cost: 10)
        print("Reading ann, then adding dana evicts the least recently used, ben:")
        show(keys)

        cache.setValue("Eli", forKey: "eli", cost: 85)
        print("Adding eli at a cost of 85 evicts entries until the cost is within 100:")
        show(keys)

        clock.advance(by: 61)
        print("A minute later, past the age limit: eli is \(cache.value(forKey: "eli") ?? "gone").")
        print("Statistics: \(cache.statistics.summary).")
        print("")
    }

    /// Values that outlive the process, in files numbered by the cache's manifest.
    static func fileCache(in directory: URL) throws {
        print("== File cache ==")
        do {
            // Values up to 64 bytes stay in the cache's SQLite manifest; larger ones get a file.
            let cache = try FileCache(directory: directory, inlineThreshold: 64)
            try cache.setValue(Data(repeating: 0xBE, count: 2048), forKey: "avatars/ann.png")
            try cache.setValue(Data(repeating: 0xEE, count: 1024), forKey: "avatars/ben.png")
            try cache.setValue(Profile(name: "Ann", followers: 42), forKey: "profile/ann")
            print("First instance stored \(counted(try cache.count, "value")), \(try cache.totalBytes) bytes.")
        }

        // One instance at a time uses a directory: the first is gone, a second one opens it.
        do {
            let reopened = try FileCache(directory: directory, inlineThreshold: 64)
            let avatar = try reopened.value(forKey: "avatars/ann.png")
            let profile = try reopened.value(forKey: "profile/ann", as: Profile.self)
            print("A second instance reads them back: avatars/ann.png is \(avatar?.count ?? 0) bytes, "
                + "profile/ann is \(profile.map { "\($0.name) with \($0.followers) followers" } ?? "missing").")
        }
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.appendingPathComponent("data").path).sorted()
        print("The two large values are files in data/, numbered by the manifest, which maps keys to files:")
        for file in files {
            print("  \(file)")
        }

        // Reopened with a lower limit, the cache evicts at once: the least recently used first.
        let smaller = try FileCache(directory: directory, countLimit: 2, inlineThreshold: 64)
        print("Reopened with a count limit of 2: avatars/ben.png is \(try smaller.contains("avatars/ben.png") ? "kept" : "evicted"); "
            + "statistics: \(smaller.statistics.summary).")
        print("")
    }

    /// Settings by typed key, in namespaces, with defaults and change notifications.
    static func keyValueStore(at path: String) throws {
        print("== Key-value store ==")
        let store = try KeyValueStore(path: path)
        try store.register(defaults: ["theme": "light"])
        print("theme before any write: \(try store[.theme] ?? "none") (the registered default)")

        let observation = store.observe(.theme) { theme in
            print("  observer: theme is now \(theme ?? "none")")
        }
        try store.setValue("dark", for: .theme)
        try store.setValue(["sqlite wal", "swift 6"], for: .recentSearches)
        print("Stored keys: \(try store.allKeys.joined(separator: ", ")); recent searches: \(try store[.recentSearches] ?? []).")

        // Each namespace has its own keys: one per user, say.
        let ann = store.inNamespace("user/ann")
        let ben = store.inNamespace("user/ben")
        try ann.setValue(3, for: .launchCount)
        try ben.setValue(1, for: .launchCount)
        try ann.setValue((try ann[.launchCount] ?? 0) + 1, for: .launchCount)
        print("Launch counts: ann \(try ann[.launchCount] ?? 0), ben \(try ben[.launchCount] ?? 0); "
            + "the default namespace has \(try store[.launchCount].map(String.init) ?? "none").")

        print("Removing theme brings the default back:")
        try store.removeValue(for: .theme)
        observation.cancel()
        try store.setValue("sepia", for: .theme)
        print("After cancelling the observation, theme is \(try store[.theme] ?? "none") and nothing was printed.")
        print("")
    }

    /// A memory cache in front of a file cache: misses load once, then hit.
    static func twoLevelCache(in directory: URL) throws {
        print("== Two-level cache ==")
        let profiles = try Cache<Profile>(memory: MemoryCache(countLimit: 100), file: FileCache(directory: directory))
        let followers = ["ann": 42, "ben": 7]
        var loads = 0
        // Reads memory, then files; only when neither has the value is it loaded (from a server, say).
        func profile(_ name: String) throws -> Profile {
            try profiles.value(forKey: name) {
                loads += 1
                return Profile(name: name.capitalized, followers: followers[name, default: 0])
            }
        }
        for name in ["ann", "ben", "ann", "ann"] {
            let found = try profile(name)
            print("  \(name): \(found.name), \(found.followers) followers (loads so far: \(loads))")
        }
        profiles.memory.removeAll()
        print("With the memory level emptied, ann comes from the file level: \(try profile("ann").name), loads still \(loads).")
        print("Memory: \(profiles.memory.statistics.summary). Files: \(profiles.file.statistics.summary).")
        print("")
    }

    /// A model whose state is saved to and loaded from a cache, by hand and automatically.
    static func persistedModel(in directory: URL) throws {
        print("== Model persisted in a cache ==")
        let store = try KeyValueStore(path: directory.appendingPathComponent("models.sqlite").path)

        let settings = Model(Settings(), cache: store, cacheKey: "settings")
        let token = settings.observe { change in
            print("  observer: \(change.kind.rawValue), \(change.state)")
        }
        settings.update { $0.theme = "dark" }
        settings.update { $0.favorites.append("Rails") }
        try settings.saveCache()
        token.cancel()

        // Another model (after a relaunch, say) loads the saved state.
        let relaunched = Model(Settings(), cache: store, cacheKey: "settings")
        print("A new model starts with \(relaunched.state)")
        let loaded = try relaunched.loadCache()
        print("loadCache() \(loaded ? "found" : "did not find") a saved state: \(relaunched.state)")

        // With autoLoad and autoSave, a model loads itself at once and saves every change.
        let files = try FileCache(directory: directory.appendingPathComponent("model-cache", isDirectory: true))
        let first = Model(Settings(), cache: files, cacheKey: "settings", autoLoad: true, autoSave: true)
        first.update { $0.fontSize = 18 }
        let second = Model(Settings(), cache: files, cacheKey: "settings", autoLoad: true, autoSave: true)
        print("autoSave then autoLoad, through a file cache: \(second.state)")
        try second.clearCache()
        print("After clearCache(): \(second.state); the cache holds \(counted(try files.count, "value")).")
    }
}
