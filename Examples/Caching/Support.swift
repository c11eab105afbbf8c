import BeeStore
import Foundation

/// A user's profile, stored as JSON by the caches.
struct Profile: Codable, Sendable {
    var name: String
    var followers: Int
}

/// An app's settings: the state of a ``Model`` that persists itself.
struct Settings: Codable, Sendable, CustomStringConvertible {
    var theme = "light"
    var fontSize = 14
    var favorites: [String] = []

    var description: String {
        "theme \(theme), font size \(fontSize), favorites [\(favorites.joined(separator: ", "))]"
    }
}

/// Typed keys of the settings store: reads need no type annotation, writes cannot store
/// the wrong type.
extension StoreKey {
    static var theme: StoreKey<String> { StoreKey<String>("theme") }
    static var launchCount: StoreKey<Int> { StoreKey<Int>("launchCount") }
    static var recentSearches: StoreKey<[String]> { StoreKey<[String]>("recentSearches") }
}

/// A clock that moves only when told to, so that ages are the same on every run.
final class ManualClock: @unchecked Sendable {
    private let lock = NSLock()
    private var date = Date(timeIntervalSinceReferenceDate: 0)

    var now: Date {
        lock.lock()
        defer { lock.unlock() }
        return date
    }

    func advance(by seconds: TimeInterval) {
        lock.lock()
        defer { lock.unlock() }
        date += seconds
    }
}

extension CacheStatistics {
    /// `3 hits, 1 miss, 2 evictions`
    var summary: String {
        "\(counted(hits, "hit")), \(counted(misses, "miss", plural: "misses")), \(counted(evictions, "eviction"))"
    }
}

/// `1 hit`, `2 hits`.
func counted(_ count: Int, _ singular: String, plural: String? = nil) -> String {
    "\(count) \(count == 1 ? singular : plural ?? singular + "s")"
}

/// Writes `message` and a newline to standard error.
func printError(_ message: String) {
    FileHandle.standardError.write(Data((message + "\n").utf8))
}
