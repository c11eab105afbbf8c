/// A typed key of a ``KeyValueStore``: its name and the type of its value, so reads need
/// no type annotation and writes cannot store the wrong type.
///
/// ```swift
/// extension StoreKey {
///     static var launchCount: StoreKey<Int> { StoreKey<Int>("launchCount") }
/// }
/// try store.setValue(3, for: .launchCount)
/// let count = try store[.launchCount]  // Int?
/// ```
public struct StoreKey<Value: Codable>: Hashable, Sendable {
    /// The key under which the value is stored.
    public let name: String

    /// A key named `name`.
    public init(_ name: String) {
        self.name = name
    }
}
